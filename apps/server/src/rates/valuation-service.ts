import { and, eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { Dec, type DecimalValue } from '@corridor/domain';
import { rowsOf, type Queryable } from '../db/database.ts';
import { databaseOf } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { statements } from '../db/statement.ts';
import { rateHistory } from './rate-schema.ts';

/** The ledger's local currency: every voucher balances in it. */
export const LOCAL_CURRENCY = 'USD';

const h = rateHistory;

/** The served market mids of a currency against the local currency, quoted either way round. */
function pairOf(currency: string): SQL {
  return and(
    eq(h.rateType, 'MARKET'),
    or(and(eq(h.sourceCurrency, currency), eq(h.targetCurrency, LOCAL_CURRENCY)), and(eq(h.sourceCurrency, LOCAL_CURRENCY), eq(h.targetCurrency, currency))),
  ) as SQL;
}

type Side = 'atOrBefore' | 'after';

/**
 * The served market mid of a currency (`code`) and the local currency nearest `at` on one side of it: the
 * latest at or before, or the first after. Each way round of the pair is read on its own from the market
 * pair index's end, and the nearer of the two taken.
 */
function nearestMid(code: SQL, at: SQL, side: Side): SQL {
  const [bound, order] = side === 'atOrBefore' ? [sql`<=`, sql`desc`] : [sql`>`, sql`asc`];
  const local = sql`${LOCAL_CURRENCY}::text`;
  const oneWay = (from: SQL, to: SQL) => sql`(select r.source_currency, r.mid::text as mid, r.as_of, r.id from rate_history r
    where r.rate_type = 'MARKET' and r.source_currency = ${from} and r.target_currency = ${to} and r.as_of ${bound} ${at}
    order by r.as_of ${order}, r.id ${order} limit 1)`;
  return sql`(select e.source_currency, e.mid, e.as_of from (${oneWay(code, local)} union all ${oneWay(local, code)}) e
    order by e.as_of ${order}, e.id ${order} limit 1)`;
}

/**
 * The rate each currency is valued at in the local currency at a moment: the latest served market mid of
 * the pair (from any provider, quoted either way round) at or before that moment; a moment before the
 * pair's first rate takes that first rate. The same history the rate book and the quotes price from, so
 * a voucher's local amounts are those of the market when it was posted. One statement for all the
 * currencies of a voucher (a round trip per currency before); a currency with no rate at all comes back
 * without one.
 */
const servedRates = statements((_q, count: `${number}`) => {
  const codes = sql.join(
    Array.from({ length: Number(count) }, (_, i) => sql`(${sql.placeholder(`c${i}`)}::text)`),
    sql`, `,
  );
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  const code = sql`c.code`;
  // The first rate after `at` only for a currency with none at or before it: kept a subquery of its own (`offset 0`),
  // `b.mid is null` is a filter of the outer row alone, which PostgreSQL tests before reading (a one-time filter), so
  // a post reads two index entries per currency, not four. Pulled up, the filter became a join filter after the read.
  return sql`select c.code, coalesce(b.source_currency, a.source_currency) as source, coalesce(b.mid, a.mid) as mid
    from (values ${codes}) as c(code)
    left join lateral ${nearestMid(code, at, 'atOrBefore')} b on true
    left join lateral (select x.* from ${nearestMid(code, at, 'after')} x where b.mid is null offset 0) a on true`;
});

/** The refusal of a currency no served rate values: a 400 naming the field that carries the currency. */
function noRate(currency: string, parameter = 'currency'): AppError {
  return new AppError('VALIDATION_FAILED', `No served rate values ${currency} in ${LOCAL_CURRENCY}`, [
    { parameter, message: `${currency} has no served rate to ${LOCAL_CURRENCY}` },
  ]);
}

/**
 * The local-currency rates of the currencies at a moment, each read once; a currency with no served
 * rate is refused (400 naming `parameter`), never valued at a made-up 1.
 */
export async function ratesToLocal(db: Queryable, currencies: Iterable<string>, at: Date, parameter = 'currency'): Promise<Map<string, DecimalValue>> {
  const codes = [...new Set(currencies)].sort();
  const others = codes.filter((code) => code !== LOCAL_CURRENCY);
  const served = new Map<string, DecimalValue>();
  if (others.length > 0) {
    const values: Record<string, unknown> = { at: at.toISOString() };
    others.forEach((code, i) => (values[`c${i}`] = code));
    const result = (await servedRates(db, `${others.length}`, values)) as { rows: Array<{ code: string; source: string | null; mid: string | null }> };
    for (const row of result.rows) {
      // A rate of zero or below values nothing: the currency is refused, as one without a rate.
      const rate = localRate(row.code, row.source, row.mid);
      if (rate) served.set(row.code, rate);
    }
  }
  return new Map(
    codes.map((code) => {
      const rate = code === LOCAL_CURRENCY ? new Dec(1) : served.get(code);
      if (!rate) throw noRate(code, parameter);
      return [code, rate];
    }),
  );
}

/** The local-currency rate of a served mid: a mid of zero or below values nothing (null). */
function localRate(code: string, source: string | null, mid: string | null): DecimalValue | null {
  if (mid === null) return null;
  const value = new Dec(mid);
  if (!value.gt(0)) return null;
  return source === code ? value : new Dec(1).div(value).toDecimalPlaces(12);
}

/** The newest served market mid of a currency, as a process holds it. */
interface HeldRate {
  /** The mid's market time (ms): it values a moment at or after it. */
  asOf: number;
  rate: DecimalValue;
}

/** The newest served mids a process holds, with the count of the history's changes they were read at. */
interface HeldRates {
  changes: string;
  rates: Map<string, HeldRate>;
}

/** Per database (a test process opens several): the mids held, replaced whenever a read finds the count moved. */
const held = new WeakMap<object, HeldRates>();

/**
 * The newest served market mid of each currency and the history's count of changes, in one statement (one
 * snapshot): while the count stays, no mid was added, changed or removed, so these stay the newest.
 */
const newestRates = statements((_q, count: `${number}`) => {
  const codes = sql.join(
    Array.from({ length: Number(count) }, (_, i) => sql`(${sql.placeholder(`c${i}`)}::text)`),
    sql`, `,
  );
  return sql`select (select changes::text from rate_history_changes where id = 1) as changes, c.code, n.source_currency as source, n.mid,
      (extract(epoch from n.as_of) * 1000)::float8 as as_of
    from (values ${codes}) as c(code)
    left join lateral ${nearestMid(sql`c.code`, sql`'infinity'::timestamptz`, 'atOrBefore')} n on true`;
});

/** Local-currency rates read at a moment, and the history's count of changes they hold at (null: read from the history). */
export interface RatesAt {
  rates: Map<string, DecimalValue>;
  changes: string | null;
}

/**
 * The rates at `at` from the mids held: `unheld` when a currency is not held (read the newest mids), `earlier` when
 * the moment is before a held mid (a backdated post: only the history knows the mid then).
 */
function fromHeld(codes: string[], at: number, state: HeldRates | undefined): RatesAt | 'unheld' | 'earlier' {
  if (!state) return 'unheld';
  const rates = new Map<string, DecimalValue>();
  let earlier = false;
  for (const code of codes) {
    if (code === LOCAL_CURRENCY) {
      rates.set(code, new Dec(1));
      continue;
    }
    const rate = state.rates.get(code);
    if (!rate) return 'unheld';
    if (rate.asOf > at) earlier = true;
    rates.set(code, rate.rate);
  }
  return earlier ? 'earlier' : { rates, changes: state.changes };
}

/**
 * The local-currency rates of the currencies at a moment, by the rule of `ratesToLocal`, from the newest mids
 * this process holds when the moment is at or after each of them: then the answer carries the count of the
 * history's changes it holds at, for the writer to check in its own statement ({@link ratesUnchangedSql}) and
 * read again with `ratesToLocal` when it moved. A currency not held (or not held new enough) is read with the
 * newest mids of all asked for; a moment before a held mid (a backdated post, the demo's history) is read from the
 * history alone (`changes` null), as is a currency with no usable mid (refused there).
 */
export async function heldRatesToLocal(db: Queryable, currencies: Iterable<string>, at: Date, parameter = 'currency'): Promise<RatesAt> {
  const codes = [...new Set(currencies)].sort();
  if (codes.every((code) => code === LOCAL_CURRENCY)) return { rates: new Map(codes.map((code) => [code, new Dec(1)])), changes: null };
  const moment = at.getTime();
  const database = databaseOf(db);
  let known = fromHeld(codes, moment, held.get(database));
  if (known === 'unheld') {
    const others = codes.filter((code) => code !== LOCAL_CURRENCY);
    const values: Record<string, unknown> = {};
    others.forEach((code, i) => (values[`c${i}`] = code));
    const rows = rowsOf<{ changes: string | null; code: string; source: string | null; mid: string | null; as_of: number | null }>(
      await newestRates(db, `${others.length}`, values),
    );
    const changes = rows[0]?.changes ?? null;
    if (changes !== null) {
      const before = held.get(database);
      const state: HeldRates = before?.changes === changes ? before : { changes, rates: new Map() };
      for (const row of rows) {
        const rate = localRate(row.code, row.source, row.mid);
        if (rate && row.as_of !== null) state.rates.set(row.code, { asOf: row.as_of, rate });
        else state.rates.delete(row.code);
      }
      held.set(database, state);
      known = fromHeld(codes, moment, state);
    }
  }
  if (typeof known === 'object') return known;
  return { rates: await ratesToLocal(db, codes, at, parameter), changes: null };
}

/** Forgets the mids held for `db`'s database: a writer found the history's count moved, so the next read reads them anew. */
export function forgetHeldRates(db: Queryable): void {
  held.delete(databaseOf(db));
}

/**
 * True in a statement whose snapshot finds the rate history's count of changes at `changes` (a placeholder of
 * text; null counts as unchanged: rates read from the history itself). A writer of rates from
 * {@link heldRatesToLocal} puts this in its statement, and writes nothing when it is false.
 */
export function ratesUnchangedSql(changes: SQL | Placeholder): SQL {
  return sql`(${changes}::text is null or ${changes}::text = (select changes::text from rate_history_changes where id = 1))`;
}

/** The rate of one currency from a map `ratesToLocal` filled (refused when it was not asked for). */
export function rateIn(rates: ReadonlyMap<string, DecimalValue>, currency: string): DecimalValue {
  const rate = rates.get(currency);
  if (!rate) throw noRate(currency);
  return rate;
}

/**
 * The latest served rate of a currency in the local currency as a scalar SQL expression (null when none): the
 * newest market mid above zero of the pair, quoted either way round, the inverse rounded to 12 places. The rate
 * history's triggers keep it in `served_rates` (migration 0045), so a read joins in one row by its key; looking
 * up both ends of the pair in the history for every wallet row was the costliest part of a position's read.
 */
export function currentRateSql(currency: SQL): SQL<string | null> {
  return sql<string | null>`(case when ${currency} = ${LOCAL_CURRENCY} then 1::numeric else (
    select served.rate from served_rates served where served.currency_code = ${currency}) end)`;
}

/** The latest served rates of `count` currencies (placeholders `c0`, `c1`...), by key: built once per count. */
const latestServed = statements((_q, count: `${number}`) => {
  const codes = sql.join(
    Array.from({ length: Number(count) }, (_, i) => sql`${sql.placeholder(`c${i}`)}::text`),
    sql`, `,
  );
  return sql`select s.currency_code as code, s.rate from served_rates s where s.currency_code in (${codes})`;
});

/**
 * The latest served rate of each currency (what wallet figures, cost rate and USD equivalents, are valued at),
 * in one statement; a currency with no served rate is refused (400 naming `currency`).
 */
export async function currentRatesToLocal(db: Queryable, currencies: Iterable<string>): Promise<Map<string, DecimalValue>> {
  const codes = [...new Set(currencies)].sort();
  const rates = new Map<string, DecimalValue>();
  const others = codes.filter((code) => code !== LOCAL_CURRENCY);
  if (codes.length > others.length) rates.set(LOCAL_CURRENCY, new Dec(1));
  if (others.length > 0) {
    const values: Record<string, unknown> = {};
    others.forEach((code, i) => (values[`c${i}`] = code));
    for (const row of rowsOf<{ code: string; rate: string }>(await latestServed(db, `${others.length}`, values))) rates.set(row.code, new Dec(row.rate));
  }
  for (const code of codes) if (!rates.has(code)) throw noRate(code);
  return rates;
}

/**
 * The closing rate of each currency per day (the day's last served mid), read once per currency: a day's
 * figure takes its own close, else the latest close before it, else the first close there is. A currency
 * with no served rate is refused (400 naming `currency`).
 */
export async function dailyRatesToLocal(db: Queryable, currencies: Iterable<string>): Promise<(currency: string, day: string) => DecimalValue> {
  const closes = new Map<string, Array<{ day: string; rate: DecimalValue }>>();
  for (const currency of [...new Set(currencies)].sort()) {
    if (currency === LOCAL_CURRENCY) {
      closes.set(currency, [{ day: '0000-01-01', rate: new Dec(1) }]);
      continue;
    }
    const result = (await db.execute(sql`
      select distinct on (d.day) d.day, d.source_currency as source, d.mid
      from (select to_char(as_of at time zone 'UTC', 'YYYY-MM-DD') as day, source_currency, mid, as_of, id
            from rate_history where ${pairOf(currency)} and mid > 0) d
      order by d.day, d.as_of desc, d.id desc`)) as unknown as { rows: Array<{ day: string; source: string; mid: string }> };
    if (result.rows.length === 0) throw noRate(currency);
    closes.set(
      currency,
      result.rows.map((r) => ({ day: r.day, rate: r.source === currency ? new Dec(r.mid) : new Dec(1).div(r.mid).toDecimalPlaces(12) })),
    );
  }
  return (currency, day) => {
    const list = closes.get(currency);
    if (!list?.[0]) throw noRate(currency);
    let found = list[0];
    for (const close of list) {
      if (close.day > day) break;
      found = close;
    }
    return found.rate;
  };
}
