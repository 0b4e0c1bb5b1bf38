import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { Dec } from '@corridor/domain';
import type { revaluationConfigBody, revaluationConfigFilter, revaluationRateBody, revaluationRateFilter } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError, type InvalidParameter } from '../errors.ts';
import { listResource, type ResourceSpec } from '../http/resource-engine.ts';
import { anyRowWith, configPage, ownConfigRow, pairFilters, pairSortKeys, uniqueWrite } from '../http/config-rows.ts';
import { audit, checkedRate } from '../lib/config-tenant.ts';
import { tspCurrencyConfig } from '../pricing-config/currency-config-service.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { revaluationConfigs, revaluationRates, walletRevaluations } from './revaluation-schema.ts';

type ConfigRow = typeof revaluationConfigs.$inferSelect;
type RateRow = typeof revaluationRates.$inferSelect;
type ConfigBody = z.output<typeof revaluationConfigBody>;
type ConfigFilter = z.output<typeof revaluationConfigFilter>;
type RateFilter = z.output<typeof revaluationRateFilter>;

/** The rates an automatic revaluation may take from the rate book (the exchange-rate types served). */
const AUTO_RATE_TYPES = ['IBR', 'CALIBRATED', 'PLATFORM', 'MERCHANT', 'INDICATIVE'] as const;

function configDto(row: ConfigRow) {
  return {
    id: row.id,
    currencyConfigId: row.currencyConfigId,
    serviceProviderId: row.serviceProviderId,
    sourceCurrency: row.sourceCurrency,
    targetCurrency: row.targetCurrency,
    autoRevaluation: row.autoRevaluation,
    autoRevaluationRateType: row.autoRevaluationRateType,
    ...audit(row),
  };
}

function rateDto(row: RateRow) {
  return {
    id: row.id,
    revaluationConfigId: row.revaluationConfigId,
    currencyConfigId: row.currencyConfigId,
    sourceCurrency: row.sourceCurrency,
    targetCurrency: row.targetCurrency,
    revaluationDate: row.revaluationDate,
    rate: row.rate,
    ...audit(row),
  };
}

const configResource: ResourceSpec<typeof revaluationConfigs, ConfigFilter> = {
  table: revaluationConfigs,
  filters: {
    currencyConfigId: (v) => eq(revaluationConfigs.currencyConfigId, v),
    ...pairFilters(revaluationConfigs),
    autoRevaluation: (v) => eq(revaluationConfigs.autoRevaluation, v),
    autoRevaluationRateType: (v) => eq(revaluationConfigs.autoRevaluationRateType, v.toUpperCase()),
  },
  sortKeys: {
    ...pairSortKeys(revaluationConfigs),
    createdAt: revaluationConfigs.createdAt,
    updatedAt: revaluationConfigs.updatedAt,
  },
  defaultSort: [asc(revaluationConfigs.sourceCurrency), asc(revaluationConfigs.targetCurrency), asc(revaluationConfigs.id)],
};

const rateResource: ResourceSpec<typeof revaluationRates, RateFilter> = {
  table: revaluationRates,
  filters: {
    revaluationConfigId: (v) => eq(revaluationRates.revaluationConfigId, v),
    currencyConfigId: (v) => eq(revaluationRates.currencyConfigId, v),
    ...pairFilters(revaluationRates),
    revaluationDate: (v) => eq(revaluationRates.revaluationDate, v),
  },
  sortKeys: {
    revaluationDate: revaluationRates.revaluationDate,
    ...pairSortKeys(revaluationRates),
    createdAt: revaluationRates.createdAt,
  },
  // The latest date first: the rate a desk checks is today's.
  defaultSort: [desc(revaluationRates.revaluationDate), asc(revaluationRates.sourceCurrency), asc(revaluationRates.targetCurrency), asc(revaluationRates.id)],
};

export async function listRevaluationConfigs(db: Db, tsp: string | null, query: ConfigFilter) {
  return configPage(db, configResource, query, tsp, configDto);
}

export async function listRevaluationRates(db: Db, tsp: string | null, query: RateFilter) {
  return configPage(db, rateResource, query, tsp, rateDto);
}

/** The rates past runs revalued wallets at: a rate no run used is not history. */
export async function revaluationHistory(db: Db, tsp: string | null, query: RateFilter) {
  const used = sql`exists (select 1 from ${walletRevaluations} where ${walletRevaluations.rateId} = ${revaluationRates.id})`;
  const scope = tsp === null ? used : and(eq(revaluationRates.serviceProviderId, tsp), used);
  const page = await listResource(db, rateResource, query, scope);
  return { ...page, content: page.content.map(rateDto) };
}

/** The config body checked: the currency config is the TSP's (404) and its pair is the body's (400 naming the field). */
async function checkedConfig(db: Db, tsp: string, body: ConfigBody) {
  const pair = await tspCurrencyConfig(db, tsp, body.currencyConfigId);
  if (!pair) throw foreignId('currencyConfigId', 'currency config', body.currencyConfigId);
  const source = body.sourceCurrency.toUpperCase();
  const target = body.targetCurrency.toUpperCase();
  const problems: InvalidParameter[] = [];
  if (source !== pair.sourceCurrency) problems.push({ parameter: 'sourceCurrency', message: `must be ${pair.sourceCurrency}, the currency config's source` });
  if (target !== pair.targetCurrency) problems.push({ parameter: 'targetCurrency', message: `must be ${pair.targetCurrency}, the currency config's target` });
  const rateType = body.autoRevaluationRateType?.toUpperCase() ?? null;
  if (rateType !== null && !(AUTO_RATE_TYPES as readonly string[]).includes(rateType)) {
    problems.push({ parameter: 'autoRevaluationRateType', message: `must be one of ${AUTO_RATE_TYPES.join(', ')}` });
  }
  if (body.autoRevaluation && rateType === null) {
    problems.push({ parameter: 'autoRevaluationRateType', message: 'an automatic revaluation needs the rate type it revalues at' });
  }
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', undefined, problems);
  return {
    currencyConfigId: pair.id,
    sourceCurrency: source,
    targetCurrency: target,
    autoRevaluation: body.autoRevaluation,
    autoRevaluationRateType: rateType,
  };
}

function duplicatePair(source: string, target: string): AppError {
  return new AppError('DUPLICATE_CONFIG', `${source}/${target} already has a revaluation config`, [
    { parameter: 'targetCurrency', message: `${source}/${target} already has a revaluation config` },
  ]);
}

export async function createRevaluationConfig(db: Db, tsp: string, body: ConfigBody, userId: string, now: Date) {
  const values = await checkedConfig(db, tsp, body);
  const row = await uniqueWrite(
    db
      .insert(revaluationConfigs)
      .values({ id: uuidv7(), serviceProviderId: tsp, ...values, createdBy: userId, createdAt: now })
      .returning(),
    () => duplicatePair(values.sourceCurrency, values.targetCurrency),
  );
  return configDto(row);
}

function ownConfig(db: Db, tsp: string | null, id: string, field: string): Promise<ConfigRow> {
  return ownConfigRow(db, revaluationConfigs, tsp, id, field, 'revaluation config');
}

/** A PUT states the whole config; the pair of a config with rates cannot change (its rates are of the old pair). */
export async function updateRevaluationConfig(db: Db, tsp: string, id: string, body: ConfigBody, userId: string, now: Date) {
  const old = await ownConfig(db, tsp, id, 'id');
  const values = await checkedConfig(db, tsp, body);
  if (values.currencyConfigId !== old.currencyConfigId && (await anyRowWith(db, revaluationRates.revaluationConfigId, id))) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'currencyConfigId', message: 'the config has rates of its pair; make a new config' }]);
  }
  const row = await uniqueWrite(
    db
      .update(revaluationConfigs)
      .set({ ...values, updatedBy: userId, updatedAt: now })
      .where(eq(revaluationConfigs.id, id))
      .returning(),
    () => duplicatePair(values.sourceCurrency, values.targetCurrency),
  );
  return configDto(row);
}

/** A rate a run revalued wallets at stays as it was: its records and vouchers are computed from it. */
async function assertRateNotRevalued(db: Db, configId: string, date: string, rate: string): Promise<void> {
  const [used] = await db
    .select({ rate: revaluationRates.rate })
    .from(revaluationRates)
    .innerJoin(walletRevaluations, eq(walletRevaluations.rateId, revaluationRates.id))
    .where(and(eq(revaluationRates.revaluationConfigId, configId), eq(revaluationRates.revaluationDate, date)))
    .limit(1);
  if (used && new Dec(used.rate).eq(rate) === false) {
    throw new AppError('DUPLICATE_CONFIG', `The rate of ${date} was used by a revaluation run`, [
      { parameter: 'rate', message: 'a revaluation run used this rate; it cannot change' },
    ]);
  }
}

/**
 * Sets the rate of a config's pair for a date. One rate per config and date: posting the date again
 * replaces it (a retried or corrected POST never makes a second rate for the day). The rate's row is
 * locked before it is checked: a run revaluing at it holds it until it commits, so the check then sees
 * the run's records and refuses to change a rate a run used.
 */
export async function setRevaluationRate(db: Db, tsp: string, body: z.output<typeof revaluationRateBody>, userId: string, now: Date) {
  const config = await ownConfig(db, tsp, body.revaluationConfigId, 'revaluationConfigId');
  const rate = checkedRate(body.rate, 'rate');
  return inTransaction(db, async (tx) => {
    await tx
      .select({ id: revaluationRates.id })
      .from(revaluationRates)
      .where(and(eq(revaluationRates.revaluationConfigId, config.id), eq(revaluationRates.revaluationDate, body.revaluationDate)))
      .for('update');
    await assertRateNotRevalued(tx as unknown as Db, config.id, body.revaluationDate, rate);
    const [row] = await tx
      .insert(revaluationRates)
      .values({
        id: uuidv7(),
        serviceProviderId: tsp,
        revaluationConfigId: config.id,
        currencyConfigId: config.currencyConfigId,
        sourceCurrency: config.sourceCurrency,
        targetCurrency: config.targetCurrency,
        revaluationDate: body.revaluationDate,
        rate,
        createdBy: userId,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [revaluationRates.revaluationConfigId, revaluationRates.revaluationDate],
        set: { rate, updatedBy: userId, updatedAt: now },
      })
      .returning();
    return rateDto(row as RateRow);
  });
}
