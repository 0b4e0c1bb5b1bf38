import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { currencies } from '../db/schema.ts';
import { currencyConfigs, currencyDealConfigs, type DealType } from '../pricing-config/pricing-config-schema.ts';
import { rateStalenessSeconds } from '../pricing-config/settings-service.ts';

/** A deal a TSP quotes on, as the quote engine keeps it in memory. */
export interface CachedDeal {
  id: string;
  sourceCurrency: string;
  targetCurrency: string;
  dealType: DealType;
  rateProviderId: string;
  ibrRate: string | null;
  /** When the IBR was last set: the deal config's last change. */
  ibrAt: Date;
  quoteValiditySeconds: number;
}

interface TspRates {
  loadedAt: number;
  deals: CachedDeal[];
  staleSeconds: number;
}

interface DbCache {
  tsps: Map<string, Promise<TspRates>>;
  /** Markups and fee schedules per merchant, deal and request shape, with when they were read. */
  inputs: Map<string, { loadedAt: number; value: Promise<unknown> }>;
  dps: Promise<Map<string, number>> | null;
  dpsLoadedAt: number;
}

/**
 * How long a TSP's deals stay in memory before they are read again. The feed moves the IBR every few
 * seconds and staleness is judged on the IBR's own time, so a short refresh keeps quotes on the
 * latest rate without reading rates from the database for every quote.
 */
const RATE_CACHE_MS = 2000;

const caches = new WeakMap<Db, DbCache>();

function cacheOf(db: Db): DbCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { tsps: new Map(), inputs: new Map(), dps: null, dpsLoadedAt: 0 };
    caches.set(db, cache);
  }
  return cache;
}

async function loadTsp(db: Db, tspId: string, now: number): Promise<TspRates> {
  const [rows, staleSeconds] = await Promise.all([
    db
      .select({
        id: currencyDealConfigs.id,
        sourceCurrency: currencyDealConfigs.sourceCurrency,
        targetCurrency: currencyDealConfigs.targetCurrency,
        dealType: currencyDealConfigs.dealType,
        rateProviderId: currencyDealConfigs.rateProviderId,
        ibrRate: currencyDealConfigs.ibrRate,
        createdAt: currencyDealConfigs.createdAt,
        updatedAt: currencyDealConfigs.updatedAt,
        quoteValiditySeconds: currencyDealConfigs.quoteValiditySeconds,
      })
      .from(currencyDealConfigs)
      .innerJoin(currencyConfigs, eq(currencyConfigs.id, currencyDealConfigs.currencyConfigId))
      .where(and(eq(currencyDealConfigs.serviceProviderId, tspId), eq(currencyDealConfigs.instrumentStatus, 'ACTIVE'), eq(currencyConfigs.enabled, true))),
    rateStalenessSeconds(db, tspId),
  ]);
  const deals = rows.map(({ createdAt, updatedAt, ...deal }) => ({ ...deal, ibrAt: updatedAt ?? createdAt }));
  return { loadedAt: now, deals, staleSeconds };
}

/**
 * The TSP's active deals with their IBR and the TSP's staleness limit, from memory; read again when
 * older than {@link RATE_CACHE_MS} or when `fresh` asks (before refusing a quote as stale).
 */
export async function tspRates(db: Db, tspId: string, fresh = false): Promise<TspRates> {
  const cache = cacheOf(db);
  const now = Date.now();
  const held = cache.tsps.get(tspId);
  if (held && !fresh) {
    const rates = await held;
    if (now - rates.loadedAt < RATE_CACHE_MS) return rates;
  }
  const loading = loadTsp(db, tspId, now);
  cache.tsps.set(tspId, loading);
  loading.catch(() => cache.tsps.delete(tspId));
  return loading;
}

/** Drops what is held for a TSP (or every TSP): the next quote reads its deals again. @internal used by its tests */
export function forgetRates(db: Db, tspId?: string): void {
  const cache = cacheOf(db);
  if (tspId === undefined) cache.tsps.clear();
  else cache.tsps.delete(tspId);
  cache.inputs.clear();
  cache.dps = null;
}

/** Decimals of every known currency (reference data), held in memory like the rates. */
export async function currencyDecimals(db: Db): Promise<Map<string, number>> {
  const cache = cacheOf(db);
  const now = Date.now();
  if (!cache.dps || now - cache.dpsLoadedAt >= 60_000) {
    cache.dpsLoadedAt = now;
    cache.dps = db
      .select({ code: currencies.code, dp: currencies.dp })
      .from(currencies)
      .then((rows) => new Map(rows.map((r) => [r.code, r.dp])));
    cache.dps.catch(() => {
      cache.dps = null;
    });
  }
  return cache.dps;
}

/**
 * What `load` answers for `key`, held for {@link RATE_CACHE_MS}: the markups and fee schedules that
 * price a merchant's deal change by configuration, not per quote, so a quote does not read them again.
 */
export async function heldInputs<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  const cache = cacheOf(db);
  const now = Date.now();
  const held = cache.inputs.get(key);
  if (held && now - held.loadedAt < RATE_CACHE_MS) return held.value as Promise<T>;
  // Bounded: an old entry is dropped when the map grows past what a busy server needs.
  if (cache.inputs.size > 10_000) cache.inputs.clear();
  const value = load();
  cache.inputs.set(key, { loadedAt: now, value });
  value.catch(() => cache.inputs.delete(key));
  return value;
}
