import { and, asc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/database.ts';
import { currencyConfigs, currencyDealConfigs } from './pricing-config-schema.ts';
import type { CurrencyDealRow } from './pricing-config-types.ts';

// The currency deals as the rates read them and move their IBR: the rate feed, the desk, the rate book and the
// quotes' rate cache reach the deal table only through these.

/** What a rate read narrows the deals by; an absent filter matches every deal. */
export interface DealMatch {
  sourceCurrency?: string | undefined;
  targetCurrency?: string | undefined;
  dealType?: string | undefined;
  rateProviderId?: string | undefined;
}

/** The TSP's deal configs matching the filters (all TSPs for operations: tsp null), in a stable order. */
export async function dealsMatching(db: Queryable, tsp: string | null, match: DealMatch): Promise<CurrencyDealRow[]> {
  const d = currencyDealConfigs;
  const where: SQL[] = [];
  if (tsp !== null) where.push(eq(d.serviceProviderId, tsp));
  if (match.sourceCurrency) where.push(eq(d.sourceCurrency, match.sourceCurrency.toUpperCase()));
  if (match.targetCurrency) where.push(eq(d.targetCurrency, match.targetCurrency.toUpperCase()));
  if (match.dealType) where.push(eq(d.dealType, match.dealType.toUpperCase() as CurrencyDealRow['dealType']));
  if (match.rateProviderId) where.push(eq(d.rateProviderId, match.rateProviderId));
  return db
    .select()
    .from(d)
    .where(and(...where))
    .orderBy(asc(d.serviceProviderId), asc(d.sourceCurrency), asc(d.targetCurrency), asc(d.dealType), asc(d.rateProviderId));
}

/** One deal config as it is now (after its IBR moved). */
export async function dealById(db: Queryable, id: string): Promise<CurrencyDealRow | undefined> {
  const [row] = await db.select().from(currencyDealConfigs).where(eq(currencyDealConfigs.id, id));
  return row;
}

/** The active deals priced through a rate provider: a publication of the provider moves their IBR. */
export async function activeDealsOfProvider(db: Queryable, rateProviderId: string): Promise<CurrencyDealRow[]> {
  return db
    .select()
    .from(currencyDealConfigs)
    .where(and(eq(currencyDealConfigs.rateProviderId, rateProviderId), eq(currencyDealConfigs.instrumentStatus, 'ACTIVE')));
}

/** The deals of a rate provider that carry an IBR. */
export async function pricedDealsOfProvider(db: Queryable, rateProviderId: string): Promise<CurrencyDealRow[]> {
  return db
    .select()
    .from(currencyDealConfigs)
    .where(and(eq(currencyDealConfigs.rateProviderId, rateProviderId), isNotNull(currencyDealConfigs.ibrRate)));
}

/** Every deal that carries an IBR: the rate book starts from them. */
export async function pricedDeals(db: Queryable): Promise<CurrencyDealRow[]> {
  return db.select().from(currencyDealConfigs).where(isNotNull(currencyDealConfigs.ibrRate));
}

/** The active deals of enabled currency configs: what the quotes price on. */
export async function quotedDeals(db: Queryable): Promise<CurrencyDealRow[]> {
  const rows = await db
    .select()
    .from(currencyDealConfigs)
    .innerJoin(currencyConfigs, eq(currencyConfigs.id, currencyDealConfigs.currencyConfigId))
    .where(and(eq(currencyDealConfigs.instrumentStatus, 'ACTIVE'), eq(currencyConfigs.enabled, true)));
  return rows.map((r) => r.currency_deal_configs);
}

/** Moves a deal's IBR and its value date (the caller writes the history row in the same transaction). */
export async function setDealIbr(tx: Queryable, id: string, mid: string, valueDate: string | null, now: Date): Promise<void> {
  await tx.update(currencyDealConfigs).set({ ibrRate: mid, ibrValueDate: valueDate, updatedAt: now }).where(eq(currencyDealConfigs.id, id));
}
