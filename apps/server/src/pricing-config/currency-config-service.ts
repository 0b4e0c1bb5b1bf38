import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type {
  currencyConfigBody,
  currencyConfigFilter,
  currencyConfigUpdate,
  currencyDealBody,
  currencyDealFilter,
  instrumentIbrUpdate,
  instrumentStatusUpdate,
} from '@corridor/api';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import type { ResourceSpec } from '../http/resource-engine.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { anyRowWith, configPage, ownConfigRow, pairFilters, pairSortKeys, uniqueWrite } from '../http/config-rows.ts';
import { audit, checkedRate, invalid } from '../lib/config-tenant.ts';
import { assertPair, assertRateProvider } from './config-checks.ts';
import { currencyConfigs, currencyDealConfigs, markupLayers, volatileLayers } from './pricing-config-schema.ts';

type CurrencyRow = typeof currencyConfigs.$inferSelect;
type DealRow = typeof currencyDealConfigs.$inferSelect;
type CurrencyFilter = z.output<typeof currencyConfigFilter>;
type DealFilter = z.output<typeof currencyDealFilter>;
type DealBody = z.output<typeof currencyDealBody>;

function currencyConfigDto(row: CurrencyRow, deals?: DealRow[]) {
  return {
    id: row.id,
    serviceProviderId: row.serviceProviderId,
    sourceCurrency: row.sourceCurrency,
    targetCurrency: row.targetCurrency,
    autoRefreshEnabled: row.autoRefreshEnabled,
    enabled: row.enabled,
    ...(deals ? { dealConfigs: deals.map(currencyDealDto) } : {}),
    ...audit(row),
  };
}

export function currencyDealDto(row: DealRow) {
  return {
    id: row.id,
    currencyConfigId: row.currencyConfigId,
    serviceProviderId: row.serviceProviderId,
    sourceCurrency: row.sourceCurrency,
    targetCurrency: row.targetCurrency,
    dealType: row.dealType,
    rateProviderId: row.rateProviderId,
    instrumentId: row.instrumentId,
    instrumentStatus: row.instrumentStatus,
    ibrRate: row.ibrRate,
    quoteValiditySeconds: row.quoteValiditySeconds,
    ...audit(row),
  };
}

const currencyResource: ResourceSpec<typeof currencyConfigs, CurrencyFilter> = {
  table: currencyConfigs,
  filters: {
    ...pairFilters(currencyConfigs),
    autoRefreshEnabled: (f) => eq(currencyConfigs.autoRefreshEnabled, f),
    enabled: (f) => eq(currencyConfigs.enabled, f),
  },
  sortKeys: {
    ...pairSortKeys(currencyConfigs),
    enabled: currencyConfigs.enabled,
    createdAt: currencyConfigs.createdAt,
    updatedAt: currencyConfigs.updatedAt,
  },
  defaultSort: [asc(currencyConfigs.sourceCurrency), asc(currencyConfigs.targetCurrency), asc(currencyConfigs.id)],
};

export async function listCurrencyConfigs(db: Db, tsp: string | null, query: CurrencyFilter) {
  const page = await configPage(db, currencyResource, query, tsp, (r) => r);
  if (!query.inclDealConfig || page.content.length === 0) return { ...page, content: page.content.map((r) => currencyConfigDto(r)) };
  const deals = await db
    .select()
    .from(currencyDealConfigs)
    .where(
      inArray(
        currencyDealConfigs.currencyConfigId,
        page.content.map((r) => r.id),
      ),
    )
    .orderBy(asc(currencyDealConfigs.dealType), asc(currencyDealConfigs.id));
  return {
    ...page,
    content: page.content.map((r) =>
      currencyConfigDto(
        r,
        deals.filter((d) => d.currencyConfigId === r.id),
      ),
    ),
  };
}

/** A currency config of the TSP (404 naming `field` otherwise). */
function ownCurrencyConfig(db: Db, tsp: string | null, id: string, field = 'id'): Promise<CurrencyRow> {
  return ownConfigRow(db, currencyConfigs, tsp, id, field, 'currency config');
}

function duplicatePair(source: string, target: string): AppError {
  return new AppError('DUPLICATE_CONFIG', `The pair ${source}/${target} is already configured`, [
    { parameter: 'targetCurrency', message: `${source}/${target} is already configured` },
  ]);
}

export async function createCurrencyConfig(db: Db, tsp: string, body: z.output<typeof currencyConfigBody>, userId: string, now: Date) {
  const source = body.sourceCurrency.toUpperCase();
  const target = body.targetCurrency.toUpperCase();
  await assertPair(db, source, target);
  const row = await uniqueWrite(
    db
      .insert(currencyConfigs)
      .values({
        id: uuidv7(),
        serviceProviderId: tsp,
        sourceCurrency: source,
        targetCurrency: target,
        autoRefreshEnabled: body.autoRefreshEnabled,
        enabled: body.enabled,
        createdBy: userId,
        createdAt: now,
      })
      .returning(),
    () => duplicatePair(source, target),
  );
  return currencyConfigDto(row);
}

/** A pair's currencies cannot change once deal configs hang off it: they would disagree with it. */
/** The TSP's currency config of that id, or undefined (another TSP's, or none). */
export async function tspCurrencyConfig(db: Db, tsp: string, id: string): Promise<CurrencyRow | undefined> {
  const [row] = await db
    .select()
    .from(currencyConfigs)
    .where(and(eq(currencyConfigs.id, id), eq(currencyConfigs.serviceProviderId, tsp)));
  return row;
}

export async function updateCurrencyConfig(db: Db, tsp: string, id: string, body: z.output<typeof currencyConfigUpdate>, now: Date) {
  const row = await ownCurrencyConfig(db, tsp, id);
  const source = body.sourceCurrency?.toUpperCase() ?? row.sourceCurrency;
  const target = body.targetCurrency?.toUpperCase() ?? row.targetCurrency;
  if (source !== row.sourceCurrency || target !== row.targetCurrency) {
    await assertPair(db, source, target);
    if (await anyRowWith(db, currencyDealConfigs.currencyConfigId, id)) {
      throw new AppError('CONFIG_IN_USE', 'The pair has deal configs; remove them before changing its currencies');
    }
  }
  const updated = await uniqueWrite(
    db
      .update(currencyConfigs)
      // Only what the body names: a change of another field made meanwhile is not written back with its old value.
      .set({
        ...(body.sourceCurrency === undefined ? {} : { sourceCurrency: source }),
        ...(body.targetCurrency === undefined ? {} : { targetCurrency: target }),
        ...(body.autoRefreshEnabled === undefined ? {} : { autoRefreshEnabled: body.autoRefreshEnabled }),
        ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
        updatedAt: now,
      })
      .where(eq(currencyConfigs.id, id))
      .returning(),
    () => duplicatePair(source, target),
  );
  return currencyConfigDto(updated);
}

export async function deleteCurrencyConfig(db: Db, tsp: string, id: string): Promise<void> {
  await ownCurrencyConfig(db, tsp, id);
  if (await anyRowWith(db, currencyDealConfigs.currencyConfigId, id)) throw new AppError('CONFIG_IN_USE', 'The pair has deal configs; remove them first');
  await db.delete(currencyConfigs).where(eq(currencyConfigs.id, id));
}

// Currency deals -------------------------------------------------------------------------------------

type DealQuery = DealFilter | (Omit<DealFilter, 'id' | 'currencyConfigId' | 'rateProviderId'> & { serviceProviderId?: string | undefined });

const dealResource: ResourceSpec<typeof currencyDealConfigs, DealFilter & { serviceProviderId?: string | undefined }> = {
  table: currencyDealConfigs,
  filters: {
    id: (v) => eq(currencyDealConfigs.id, v),
    currencyConfigId: (v) => eq(currencyDealConfigs.currencyConfigId, v),
    ...pairFilters(currencyDealConfigs),
    dealType: (v) => eq(currencyDealConfigs.dealType, v.toUpperCase() as DealRow['dealType']),
    rateProviderId: (v) => eq(currencyDealConfigs.rateProviderId, v),
    instrumentId: (v) => eq(currencyDealConfigs.instrumentId, v),
    serviceProviderId: (v) => eq(currencyDealConfigs.serviceProviderId, v),
  },
  sortKeys: {
    ...pairSortKeys(currencyDealConfigs),
    dealType: currencyDealConfigs.dealType,
    rateProviderId: currencyDealConfigs.rateProviderId,
    instrumentId: currencyDealConfigs.instrumentId,
    instrumentStatus: currencyDealConfigs.instrumentStatus,
    createdAt: currencyDealConfigs.createdAt,
    updatedAt: currencyDealConfigs.updatedAt,
  },
  defaultSort: [
    asc(currencyDealConfigs.sourceCurrency),
    asc(currencyDealConfigs.targetCurrency),
    asc(currencyDealConfigs.dealType),
    asc(currencyDealConfigs.id),
  ],
};

export async function listCurrencyDeals(db: Db, tsp: string | null, query: DealQuery) {
  return configPage(db, dealResource, query as DealFilter, tsp, currencyDealDto);
}

/** A deal config of the TSP (404 naming `field` otherwise). */
export function ownCurrencyDeal(db: Db, tsp: string | null, id: string, field = 'id'): Promise<DealRow> {
  return ownConfigRow(db, currencyDealConfigs, tsp, id, field, 'currency deal config');
}

/** The body's pair must be its currency config's pair: a deal config never disagrees with its pair. */
async function checkedDeal(db: Db, tsp: string, body: DealBody) {
  const pair = await ownCurrencyConfig(db, tsp, body.currencyConfigId, 'currencyConfigId');
  const source = body.sourceCurrency.toUpperCase();
  const target = body.targetCurrency.toUpperCase();
  if (source !== pair.sourceCurrency) throw invalid('sourceCurrency', `must be ${pair.sourceCurrency}, the currency config's source currency`);
  if (target !== pair.targetCurrency) throw invalid('targetCurrency', `must be ${pair.targetCurrency}, the currency config's target currency`);
  await assertRateProvider(db, body.rateProviderId);
  return {
    currencyConfigId: pair.id,
    sourceCurrency: source,
    targetCurrency: target,
    dealType: body.dealType,
    rateProviderId: body.rateProviderId,
    instrumentId: body.instrumentId,
    instrumentStatus: body.instrumentStatus,
    quoteValiditySeconds: body.quoteValiditySeconds,
  };
}

function duplicateDeal(body: DealBody): AppError {
  return new AppError('DUPLICATE_CONFIG', `The pair already has a ${body.dealType} deal config with rate provider ${body.rateProviderId}`, [
    { parameter: 'dealType', message: `a ${body.dealType} deal config with this rate provider already exists` },
  ]);
}

export async function createCurrencyDeal(db: Db, tsp: string, body: DealBody, userId: string, now: Date) {
  const values = await checkedDeal(db, tsp, body);
  const row = await uniqueWrite(
    db
      .insert(currencyDealConfigs)
      .values({ id: uuidv7(), serviceProviderId: tsp, ...values, createdBy: userId, createdAt: now })
      .returning(),
    () => duplicateDeal(body),
  );
  return currencyDealDto(row);
}

export async function updateCurrencyDeal(db: Db, tsp: string, id: string, body: DealBody, now: Date) {
  await ownCurrencyDeal(db, tsp, id);
  const values = await checkedDeal(db, tsp, body);
  const row = await uniqueWrite(
    db
      .update(currencyDealConfigs)
      .set({ ...values, updatedAt: now })
      .where(eq(currencyDealConfigs.id, id))
      .returning(),
    () => duplicateDeal(body),
  );
  return currencyDealDto(row);
}

/** A deal config priced by markups cannot go silently: its layers must be removed first. */
export async function deleteCurrencyDeal(db: Db, tsp: string, id: string): Promise<void> {
  await ownCurrencyDeal(db, tsp, id);
  if ((await anyRowWith(db, markupLayers.currencyDealConfigId, id)) || (await anyRowWith(db, volatileLayers.currencyDealConfigId, id)))
    throw new AppError('CONFIG_IN_USE', 'The deal config has markups; remove them first');
  await db.delete(currencyDealConfigs).where(eq(currencyDealConfigs.id, id));
}

export async function setInstrumentStatus(db: Db, tsp: string, body: z.output<typeof instrumentStatusUpdate>, now: Date) {
  const ids = [...new Set(body.ids)];
  const rows = await db
    .select({ id: currencyDealConfigs.id })
    .from(currencyDealConfigs)
    .where(and(inArray(currencyDealConfigs.id, ids), eq(currencyDealConfigs.serviceProviderId, tsp)));
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.findIndex((id) => !found.has(id));
  if (missing >= 0) throw foreignId(`ids[${body.ids.indexOf(ids[missing] as string)}]`, 'currency deal config', ids[missing] as string);
  const updated = await db
    .update(currencyDealConfigs)
    .set({ instrumentStatus: body.instrumentStatus, updatedAt: now })
    .where(inArray(currencyDealConfigs.id, ids))
    .returning();
  return updated.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id)).map(currencyDealDto);
}

function instrumentDto(row: DealRow) {
  return {
    instrumentId: row.instrumentId,
    sourceCurrency: row.sourceCurrency,
    targetCurrency: row.targetCurrency,
    dealType: row.dealType,
    rateProviderId: row.rateProviderId,
    instrumentStatus: row.instrumentStatus,
    ibrRate: row.ibrRate,
  };
}

/** Instruments are the deal configs seen from the market side: one row per deal config. */
export async function listInstruments(db: Db, tsp: string | null, query: DealFilter) {
  return configPage(db, dealResource, query, tsp, instrumentDto);
}

/** Sets the IBR of every deal config of the TSP trading through the instrument. */
export async function setInstrumentIbr(db: Db, tsp: string, body: z.output<typeof instrumentIbrUpdate>, now: Date) {
  const rate = checkedRate(body.ibrRate, 'ibrRate');
  const scope: SQL = and(eq(currencyDealConfigs.instrumentId, body.instrumentId), eq(currencyDealConfigs.serviceProviderId, tsp)) as SQL;
  const updated = await db
    .update(currencyDealConfigs)
    .set({ ibrRate: rate, ibrValueDate: body.valueDate ?? null, updatedAt: now })
    .where(scope)
    .returning();
  const first = updated.sort((a, b) => a.id.localeCompare(b.id))[0];
  if (!first) throw foreignId('instrumentId', 'instrument', body.instrumentId);
  return instrumentDto(first);
}
