import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { databaseOf } from '../db/transaction.ts';
import { countries, currencies } from '../db/schema.ts';
import type { DealType } from '@corridor/domain';
import { quotedDeals } from '../pricing-config/deal-rate-service.ts';
import { RATE_STALENESS, rateStalenessSettings } from '../pricing-config/settings-service.ts';
import { latestIbrHistory, storedIbr, type RateBook } from '../rates/rate-service.ts';

/** A deal a TSP quotes on, as the quote engine prices it: its configuration with the book's IBR. */
export interface CachedDeal {
  id: string;
  sourceCurrency: string;
  targetCurrency: string;
  dealType: DealType;
  rateProviderId: string;
  ibrRate: string | null;
  /** When the IBR was set: the book's market time of it. */
  ibrAt: Date;
  quoteValiditySeconds: number;
}

interface DealConfig {
  id: string;
  serviceProviderId: string;
  sourceCurrency: string;
  targetCurrency: string;
  dealType: DealType;
  rateProviderId: string;
  quoteValiditySeconds: number;
}

/** What quotes price with besides the IBR: every active deal, each TSP's staleness limit, currency decimals. */
interface PricingState {
  /** The change stamp of the pricing tables when the state was read; null before the first read. */
  stamp: string | null;
  /** When the stamp was last compared with the database (this process's clock, ms). */
  checkedAt: number;
  deals: Map<string, DealConfig[]>;
  staleSeconds: Map<string, number>;
  dps: Map<string, number>;
  /** The codes of every known country (reference data, held with the decimals). */
  countries: Set<string>;
  /** Markups and fee schedules per merchant, deal and request shape: configuration, kept until it changes. */
  inputs: Map<string, Promise<unknown>>;
  /** Loads of `inputs` still running on the database itself (not on a transaction's connection), by key. */
  loadingOnDatabase: Set<string>;
  checking: Promise<void> | null;
  /** Whether the check in flight runs on the database itself, so it needs a pool connection of its own. */
  checkingOnDatabase: boolean;
}

/**
 * How often a quote compares the pricing tables' change stamp with the database: another server
 * process's desk-set IBR, markup or fee change is seen within this time, for one cheap statement per
 * interval instead of reading the deal, its IBR and its markups for every quote.
 */
const CHECK_MS = 500;

const states = new WeakMap<RateBook, PricingState>();

function stateOf(book: RateBook): PricingState {
  let state = states.get(book);
  if (!state) {
    state = {
      stamp: null,
      checkedAt: 0,
      deals: new Map(),
      staleSeconds: new Map(),
      dps: new Map(),
      countries: new Set(),
      inputs: new Map(),
      loadingOnDatabase: new Set(),
      checking: null,
      checkingOnDatabase: false,
    };
    states.set(book, state);
  }
  return state;
}

/** The tables a quote's price depends on; a write to any of them moves its count or its latest change. */
const PRICED_FROM = [
  'currency_deal_configs',
  'currency_configs',
  'global_configs',
  'markup_profiles',
  'markup_layers',
  'volatile_layers',
  'agent_markups',
  'fee_profiles',
  'fee_rules',
  'organisations',
] as const;

/**
 * Reference data held with the pricing state: a payment checks its currencies' decimals and its
 * countries against these, with no read per payment. No call writes them (the seed and migrations
 * do), and they carry no change time: their stamp is a digest of what is held, a few hundred rows.
 */
const REFERENCE_STAMPS = [
  `(SELECT md5(coalesce(string_agg(code || ':' || dp, ',' ORDER BY code), '')) FROM currencies)`,
  `(SELECT md5(coalesce(string_agg(code, ',' ORDER BY code), '')) FROM countries)`,
];

const STAMP_SQL = sql.raw(
  `SELECT concat_ws('|', ${[
    ...PRICED_FROM.map((t) => `(SELECT count(*) || ':' || coalesce(max(coalesce(updated_at, created_at))::text, '') FROM ${t})`),
    ...REFERENCE_STAMPS,
  ].join(', ')}) AS stamp`,
);

async function pricingStamp(db: Db): Promise<string> {
  const result = (await db.execute(STAMP_SQL)) as unknown as { rows: Array<{ stamp: string }> };
  return result.rows[0]?.stamp ?? '';
}

/**
 * Reads the pricing state again and moves the book's IBRs to the database's: an IBR another process
 * set (its feed tick or its desk) reaches this process's book with the time of its history row, or of
 * the deal's last change when it was set outside the history (configuration, seed).
 */
async function reload(db: Db, book: RateBook, state: PricingState, stamp: string): Promise<void> {
  // One after the other: a requote reads the pricing state inside a transaction, where node-postgres deprecates
  // concurrent queries on one client (a reload is rare: only when the pricing tables changed).
  const deals = await quotedDeals(db);
  const globals = await rateStalenessSettings(db);
  const dps = await db.select({ code: currencies.code, dp: currencies.dp }).from(currencies);
  const countryRows = await db.select({ code: countries.code }).from(countries);
  // Only the deals whose IBR differs from the book's need their time from the history.
  const moved = deals.filter((d) => d.ibrRate !== null && book.ibr(d.id)?.mid !== d.ibrRate);
  const history = await latestIbrHistory(
    db,
    moved.map((d) => d.id),
  );
  for (const deal of moved) {
    const last = history.get(deal.id);
    // The history's time holds only while the deal still carries the mid it recorded.
    book.putIbr(storedIbr(deal, deal.ibrRate as string, last?.mid === deal.ibrRate ? last : undefined));
  }
  const byTsp = new Map<string, DealConfig[]>();
  for (const d of deals) {
    const list = byTsp.get(d.serviceProviderId) ?? [];
    list.push({
      id: d.id,
      serviceProviderId: d.serviceProviderId,
      sourceCurrency: d.sourceCurrency,
      targetCurrency: d.targetCurrency,
      dealType: d.dealType,
      rateProviderId: d.rateProviderId,
      quoteValiditySeconds: d.quoteValiditySeconds,
    });
    byTsp.set(d.serviceProviderId, list);
  }
  const staleSeconds = new Map<string, number>();
  for (const g of globals) {
    const seconds = Number(g.value);
    if (g.tsp !== null && Number.isInteger(seconds) && seconds >= RATE_STALENESS.min) staleSeconds.set(g.tsp, seconds);
  }
  state.deals = byTsp;
  state.staleSeconds = staleSeconds;
  state.dps = new Map(dps.map((r) => [r.code, r.dp]));
  state.countries = new Set(countryRows.map((r) => r.code));
  state.inputs = new Map();
  state.loadingOnDatabase = new Set();
  state.stamp = stamp;
}

/** Whether `db` is a transaction: it holds a connection while it waits. */
const holdsConnection = (db: Db): boolean => databaseOf(db) !== db;

async function check(db: Db, book: RateBook, state: PricingState): Promise<void> {
  const stamp = await pricingStamp(db);
  if (stamp !== state.stamp) await reload(db, book, state, stamp);
  state.checkedAt = Date.now();
}

/**
 * The pricing state, current to within {@link CHECK_MS}: one stamp statement per interval (shared by
 * the quotes that arrive meanwhile), and a reload only when the stamp moved. `fresh` checks now
 * (before a quote is refused as stale or unconfigured).
 *
 * A caller inside a transaction never waits for a check running on the database itself (the rate
 * follower's): that check needs a pool connection, and when every connection is held by a request
 * waiting for it, nothing moves again (seen under load: ten transactions idle, the server stopped). It
 * uses the state held, or checks on its own connection.
 */
async function current(db: Db, book: RateBook, fresh: boolean): Promise<PricingState> {
  const state = stateOf(book);
  const now = Date.now();
  if (!fresh && state.stamp !== null && now - state.checkedAt < CHECK_MS) return state;
  if (state.checking && state.checkingOnDatabase && holdsConnection(db)) {
    if (!fresh && state.stamp !== null) return state;
    await check(db, book, state);
    return state;
  }
  if (!state.checking) {
    state.checkingOnDatabase = !holdsConnection(db);
    state.checking = check(db, book, state).finally(() => {
      state.checking = null;
      state.checkingOnDatabase = false;
    });
  }
  await state.checking;
  return state;
}

/** The TSP's active deals (of one currency pair when `pair` is given) with the book's IBRs, and its staleness limit. */
export async function tspRates(
  db: Db,
  book: RateBook,
  tspId: string,
  fresh = false,
  pair?: { source: string; target: string },
): Promise<{ deals: CachedDeal[]; staleSeconds: number }> {
  const state = await current(db, book, fresh);
  const held = state.deals.get(tspId) ?? [];
  // A quote needs one pair's deals: only those are copied with their IBR, not the TSP's every deal on each quote.
  const wanted = pair === undefined ? held : held.filter((d) => d.sourceCurrency === pair.source && d.targetCurrency === pair.target);
  const deals = wanted.map((d) => {
    const ibr = book.ibr(d.id);
    return { ...d, ibrRate: ibr?.mid ?? null, ibrAt: ibr?.asOf ?? new Date(0) };
  });
  return { deals, staleSeconds: state.staleSeconds.get(tspId) ?? RATE_STALENESS.defaultSeconds };
}

/** Drops what is held (the next quote reads everything again). @internal used by its tests */
export function forgetRates(book: RateBook): void {
  const state = stateOf(book);
  state.stamp = null;
  state.checkedAt = 0;
  for (const d of book.ibrsOf(null)) book.forget(d.currencyDealConfigId);
}

/** Decimals of every known currency (reference data), held with the pricing state. */
export async function currencyDecimals(db: Db, book: RateBook): Promise<Map<string, number>> {
  return (await current(db, book, false)).dps;
}

/** The codes of every known country (reference data), held with the pricing state. */
export async function knownCountries(db: Db, book: RateBook): Promise<ReadonlySet<string>> {
  return (await current(db, book, false)).countries;
}

/**
 * What `load` answers for `key`, held until the pricing tables change: the markups and fee schedules
 * that price a merchant's deal change by configuration, not per quote.
 */
export async function heldInputs<T>(db: Db, book: RateBook, key: string, load: () => Promise<T>): Promise<T> {
  const state = await current(db, book, false);
  const held = state.inputs.get(key);
  // As with the check: a transaction does not wait for a load running on the database itself; it loads its own.
  if (held && !(state.loadingOnDatabase.has(key) && holdsConnection(db))) return held as Promise<T>;
  if (held) return load();
  // Bounded: a busy server's keys are merchants × deals × categories; past that, start again.
  if (state.inputs.size > 10_000) state.inputs.clear();
  const value = load();
  const { inputs, loadingOnDatabase } = state;
  inputs.set(key, value);
  if (!holdsConnection(db)) {
    loadingOnDatabase.add(key);
    void value.then(
      () => loadingOnDatabase.delete(key),
      () => loadingOnDatabase.delete(key),
    );
  }
  value.catch(() => inputs.delete(key));
  return value;
}

/**
 * Brings the book's IBRs to the database's when the pricing tables' stamp moved (at most one stamp
 * statement per {@link CHECK_MS}): a server process that did not tick the feed itself follows the one that did.
 */
export async function followPricing(db: Db, book: RateBook): Promise<void> {
  await current(db, book, false);
}
