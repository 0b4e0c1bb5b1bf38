import { and, asc, eq, ilike, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { APPROVAL_BAND } from '@corridor/domain';
import type { fundingPartyBody, globalConfigBody, globalConfigFilter, merchantConfigBody, merchantConfigFilter, queryEnabledFilter } from '@corridor/api';
import type { Db, Queryable } from '../db/database.ts';
import { countries } from '../db/schema.ts';
import { listResource, type ResourceSpec } from '../http/resource-engine.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { audit, both, escapeLike, invalid, tspScope } from '../lib/config-tenant.ts';
import { fundingParties, globalConfigs, merchantConfigs } from './pricing-config-schema.ts';

/** The service provider an internal configuration call names (the revaluation settings are such calls). */
export { ownServiceProvider } from './service-provider.ts';

type FundingRow = typeof fundingParties.$inferSelect;
type GlobalRow = typeof globalConfigs.$inferSelect;
type MerchantConfigRow = typeof merchantConfigs.$inferSelect;

// Funding parties ------------------------------------------------------------------------------------

function fundingPartyDto(row: FundingRow) {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    countryCode: row.countryCode,
    bankCode: row.bankCode,
    accountNumber: row.accountNumber,
    enabled: row.enabled,
    serviceProviderId: row.serviceProviderId,
    ...audit(row),
  };
}

type FundingQuery = z.output<typeof queryEnabledFilter>;
const fundingResource: ResourceSpec<typeof fundingParties, FundingQuery> = {
  table: fundingParties,
  filters: {
    query: (q) => {
      const like = `%${escapeLike(q)}%`;
      return or(ilike(fundingParties.name, like), ilike(fundingParties.type, like), ilike(fundingParties.bankCode, like));
    },
    enabled: (f) => eq(fundingParties.enabled, f),
  },
  sortKeys: {
    name: fundingParties.name,
    type: fundingParties.type,
    countryCode: fundingParties.countryCode,
    enabled: fundingParties.enabled,
    createdAt: fundingParties.createdAt,
  },
  defaultSort: [asc(fundingParties.name), asc(fundingParties.id)],
};

export async function listFundingParties(db: Db, tsp: string | null, query: FundingQuery) {
  const page = await listResource(db, fundingResource, query, tspScope(fundingParties.serviceProviderId, tsp));
  return { ...page, content: page.content.map(fundingPartyDto) };
}

async function ownFundingPartyRow(db: Db, tsp: string | null, id: string): Promise<FundingRow> {
  const [row] = await db
    .select()
    .from(fundingParties)
    .where(both(eq(fundingParties.id, id), tspScope(fundingParties.serviceProviderId, tsp)));
  if (!row) throw foreignId('id', 'funding party', id);
  return row;
}

export async function fundingPartyOf(db: Db, tsp: string | null, id: string) {
  return fundingPartyDto(await ownFundingPartyRow(db, tsp, id));
}

/** Whether the funding party is the TSP's: its id, else null. */
export async function tspFundingPartyId(db: Db, tsp: string, id: string): Promise<string | null> {
  const [row] = await db
    .select({ id: fundingParties.id })
    .from(fundingParties)
    .where(and(eq(fundingParties.id, id), eq(fundingParties.serviceProviderId, tsp)));
  return row?.id ?? null;
}

/**
 * The same check as a subquery (the funding party's id when it is the TSP's, else null), for a statement that
 * reads it with its other inputs in one round trip (a misc payment's).
 */
export function tspFundingPartyIdSql(id: Placeholder | SQL, tsp: Placeholder | SQL): SQL<string | null> {
  return sql<string | null>`(select ${fundingParties.id} from ${fundingParties}
        where ${fundingParties.id} = ${id} and ${fundingParties.serviceProviderId} = ${tsp})`;
}

async function checkedFundingParty(db: Db, body: z.output<typeof fundingPartyBody>) {
  let countryCode: string | null = null;
  if (body.countryCode !== undefined) {
    countryCode = body.countryCode.toUpperCase();
    const [country] = await db
      .select({ code: countries.code })
      .from(countries)
      .where(or(eq(countries.code, countryCode), eq(countries.iso3, countryCode)));
    if (!country) throw invalid('countryCode', `unknown country ${body.countryCode}`);
    countryCode = country.code;
  }
  return {
    name: body.name.trim(),
    type: body.type,
    countryCode,
    bankCode: body.bankCode ?? null,
    accountNumber: body.accountNumber ?? null,
    enabled: body.enabled,
  };
}

export async function createFundingParty(db: Db, tsp: string, body: z.output<typeof fundingPartyBody>, userId: string, now: Date) {
  const values = await checkedFundingParty(db, body);
  const [row] = await db
    .insert(fundingParties)
    .values({ id: uuidv7(), serviceProviderId: tsp, ...values, createdBy: userId, createdAt: now })
    .returning();
  return fundingPartyDto(row as FundingRow);
}

export async function updateFundingParty(db: Db, tsp: string, id: string, body: z.output<typeof fundingPartyBody>, now: Date) {
  await ownFundingPartyRow(db, tsp, id);
  const values = await checkedFundingParty(db, body);
  const [row] = await db
    .update(fundingParties)
    .set({ ...values, updatedAt: now })
    .where(eq(fundingParties.id, id))
    .returning();
  return fundingPartyDto(row as FundingRow);
}

export async function deleteFundingParty(db: Db, tsp: string, id: string): Promise<void> {
  await ownFundingPartyRow(db, tsp, id);
  await db.delete(fundingParties).where(eq(fundingParties.id, id));
}

// Global config --------------------------------------------------------------------------------------

/** Where the rate staleness limit lives in a TSP's global config. */
export const RATE_STALENESS = { category: 'RATES', key: 'rateStalenessSeconds', defaultSeconds: 60, min: 1, max: 86_400 } as const;

/**
 * Typed global settings: a value these keys take is checked before it is stored, so a quote never
 * meets a staleness limit of "abc". Any other (category, key) is free text.
 */
const TYPED_GLOBALS: Record<string, (value: string) => string | null> = {
  [`${RATE_STALENESS.category}/${RATE_STALENESS.key}`]: (value) =>
    /^\d+$/.test(value) && Number(value) >= RATE_STALENESS.min && Number(value) <= RATE_STALENESS.max
      ? null
      : `must be a whole number of seconds from ${RATE_STALENESS.min} to ${RATE_STALENESS.max}`,
  [`${APPROVAL_BAND.category}/${APPROVAL_BAND.key}`]: (value) => (/^\d+(\.\d+)?$/.test(value) ? null : 'must be a non-negative amount such as 100000'),
};

function globalDto(row: GlobalRow) {
  return { id: row.id, category: row.category, key: row.key, value: row.value, serviceProviderId: row.serviceProviderId, ...audit(row) };
}

type GlobalQuery = z.output<typeof globalConfigFilter> & { serviceProviderId?: string | undefined };
const globalResource: ResourceSpec<typeof globalConfigs, GlobalQuery> = {
  table: globalConfigs,
  filters: {
    category: (v) => eq(globalConfigs.category, v),
    key: (v) => eq(globalConfigs.key, v),
    value: (v) => eq(globalConfigs.value, v),
    serviceProviderId: (v) => eq(globalConfigs.serviceProviderId, v),
  },
  sortKeys: { category: globalConfigs.category, key: globalConfigs.key, value: globalConfigs.value, createdAt: globalConfigs.createdAt },
  defaultSort: [asc(globalConfigs.category), asc(globalConfigs.key), asc(globalConfigs.id)],
};

export async function listGlobals(db: Db, tsp: string | null, query: GlobalQuery) {
  const page = await listResource(db, globalResource, query, tspScope(globalConfigs.serviceProviderId, tsp));
  return { ...page, content: page.content.map(globalDto) };
}

/** Every matching entry (no paging) as a JSON file, for operations to keep or move between systems. */
export async function exportGlobals(db: Db, query: GlobalQuery): Promise<Buffer> {
  const page = await listGlobals(db, null, { ...query, page: 0, size: 10_000 });
  return Buffer.from(`${JSON.stringify(page.content, null, 2)}\n`, 'utf8');
}

export async function upsertGlobal(db: Db, tsp: string, body: z.output<typeof globalConfigBody>, userId: string, now: Date) {
  const check = TYPED_GLOBALS[`${body.category}/${body.key}`];
  const problem = check?.(body.value);
  if (problem) throw invalid('value', problem);
  const [row] = await db
    .insert(globalConfigs)
    .values({ id: uuidv7(), serviceProviderId: tsp, category: body.category, key: body.key, value: body.value, createdBy: userId, createdAt: now })
    .onConflictDoUpdate({ target: [globalConfigs.serviceProviderId, globalConfigs.category, globalConfigs.key], set: { value: body.value, updatedAt: now } })
    .returning();
  return globalDto(row as GlobalRow);
}

/**
 * How old a rate may be for a firm quote of the TSP: its global config, else 60 seconds.
 */
export async function rateStalenessSeconds(db: Db, tspId: string): Promise<number> {
  const [row] = await db
    .select({ value: globalConfigs.value })
    .from(globalConfigs)
    .where(
      both(eq(globalConfigs.serviceProviderId, tspId), both(eq(globalConfigs.category, RATE_STALENESS.category), eq(globalConfigs.key, RATE_STALENESS.key))),
    );
  const seconds = row ? Number(row.value) : Number.NaN;
  return Number.isInteger(seconds) && seconds >= RATE_STALENESS.min ? seconds : RATE_STALENESS.defaultSeconds;
}

/** A TSP's global setting (category, key): its value, or undefined when the TSP has not set it. */
export async function globalValue(db: Queryable, tspId: string, setting: { category: string; key: string }): Promise<string | undefined> {
  const [row] = await db
    .select({ value: globalConfigs.value })
    .from(globalConfigs)
    .where(and(eq(globalConfigs.serviceProviderId, tspId), eq(globalConfigs.category, setting.category), eq(globalConfigs.key, setting.key)));
  return row?.value;
}

/** Every TSP's rate staleness setting as stored (unchecked): the quotes' rate cache reads them at once. */
export async function rateStalenessSettings(db: Db): Promise<Array<{ tsp: string | null; value: string }>> {
  return db
    .select({ tsp: globalConfigs.serviceProviderId, value: globalConfigs.value })
    .from(globalConfigs)
    .where(and(eq(globalConfigs.category, RATE_STALENESS.category), eq(globalConfigs.key, RATE_STALENESS.key)));
}

// Merchant config ------------------------------------------------------------------------------------

function merchantConfigDto(row: MerchantConfigRow) {
  return { id: row.id, merchantServiceId: row.merchantServiceId, category: row.category, key: row.key, value: row.value, ...audit(row) };
}

type MerchantConfigQuery = z.output<typeof merchantConfigFilter> & { merchantServiceId?: string | undefined };
const merchantConfigResource: ResourceSpec<typeof merchantConfigs, MerchantConfigQuery> = {
  table: merchantConfigs,
  filters: {
    category: (v) => eq(merchantConfigs.category, v),
    key: (v) => eq(merchantConfigs.key, v),
    value: (v) => eq(merchantConfigs.value, v),
    merchantServiceId: (v) => eq(merchantConfigs.merchantServiceId, v),
  },
  sortKeys: { category: merchantConfigs.category, key: merchantConfigs.key, value: merchantConfigs.value, createdAt: merchantConfigs.createdAt },
  defaultSort: [asc(merchantConfigs.category), asc(merchantConfigs.key), asc(merchantConfigs.id)],
};

export async function listMerchantConfigs(db: Db, merchantId: string | null, query: MerchantConfigQuery) {
  const page = await listResource(db, merchantConfigResource, query, merchantId === null ? undefined : eq(merchantConfigs.merchantServiceId, merchantId));
  return { ...page, content: page.content.map(merchantConfigDto) };
}

export async function upsertMerchantConfig(db: Db, merchantId: string, body: z.output<typeof merchantConfigBody>, userId: string, now: Date) {
  const [row] = await db
    .insert(merchantConfigs)
    .values({ id: uuidv7(), merchantServiceId: merchantId, category: body.category, key: body.key, value: body.value, createdBy: userId, createdAt: now })
    .onConflictDoUpdate({
      target: [merchantConfigs.merchantServiceId, merchantConfigs.category, merchantConfigs.key],
      set: { value: body.value, updatedAt: now },
    })
    .returning();
  return merchantConfigDto(row as MerchantConfigRow);
}
