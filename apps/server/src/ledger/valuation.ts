import { and, asc, desc, eq, gt, lte, or, type SQL } from 'drizzle-orm';
import { Dec, type DecimalValue } from '@corridor/domain';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { rateHistory } from '../rates/rate-schema.ts';

/** The ledger's local currency: every voucher balances in it. */
export const LOCAL_CURRENCY = 'USD';

/** 1 unit of a currency in the local currency, and the market time of the rate it came from. */
export interface LocalRate {
  rate: DecimalValue;
  asOf: Date | null;
}

const h = rateHistory;

/** The served market mids of a currency against the local currency, quoted either way round. */
function pairOf(currency: string): SQL {
  return and(
    eq(h.rateType, 'MARKET'),
    or(and(eq(h.sourceCurrency, currency), eq(h.targetCurrency, LOCAL_CURRENCY)), and(eq(h.sourceCurrency, LOCAL_CURRENCY), eq(h.targetCurrency, currency))),
  ) as SQL;
}

/**
 * The rate a currency is valued at in the local currency at a moment: the latest served market mid of
 * the pair (from any provider, quoted either way round) at or before that moment; a moment before the
 * pair's first rate takes that first rate. The same history the rate book and the quotes price from,
 * so a voucher's local amounts are those of the market when it was posted. Undefined when the pair
 * has no rate at all.
 */
async function servedRate(db: Queryable, currency: string, at: Date): Promise<LocalRate | undefined> {
  if (currency === LOCAL_CURRENCY) return { rate: new Dec(1), asOf: null };
  const columns = { source: h.sourceCurrency, mid: h.mid, asOf: h.asOf };
  const [before] = await db
    .select(columns)
    .from(h)
    .where(and(pairOf(currency), lte(h.asOf, at)))
    .orderBy(desc(h.asOf), desc(h.id))
    .limit(1);
  const [held] = before
    ? [before]
    : await db
        .select(columns)
        .from(h)
        .where(and(pairOf(currency), gt(h.asOf, at)))
        .orderBy(asc(h.asOf), asc(h.id))
        .limit(1);
  if (!held) return undefined;
  const mid = new Dec(held.mid);
  if (mid.lte(0)) return undefined;
  return { rate: held.source === currency ? mid : new Dec(1).div(mid).toDecimalPlaces(12), asOf: held.asOf };
}

/** The refusal of a currency no served rate values: a 400 naming the field that carries the currency. */
export function noRate(currency: string, parameter = 'currency'): AppError {
  return new AppError('VALIDATION_FAILED', `No served rate values ${currency} in ${LOCAL_CURRENCY}`, [
    { parameter, message: `${currency} has no served rate to ${LOCAL_CURRENCY}` },
  ]);
}

/**
 * The local-currency rates of the currencies at a moment, each read once; a currency with no served
 * rate is refused (400 naming `parameter`), never valued at a made-up 1.
 */
export async function ratesToLocal(db: Queryable, currencies: Iterable<string>, at: Date, parameter = 'currency'): Promise<Map<string, DecimalValue>> {
  const rates = new Map<string, DecimalValue>();
  for (const currency of [...new Set(currencies)].sort()) {
    const held = await servedRate(db, currency, at);
    if (!held) throw noRate(currency, parameter);
    rates.set(currency, held.rate);
  }
  return rates;
}

/** The rate of one currency from a map `ratesToLocal` filled (refused when it was not asked for). */
export function rateIn(rates: ReadonlyMap<string, DecimalValue>, currency: string): DecimalValue {
  const rate = rates.get(currency);
  if (!rate) throw noRate(currency);
  return rate;
}

/** The rates of the currencies now: what wallet figures (cost rate, USD equivalents) are valued at. */
export function currentRatesToLocal(db: Queryable, currencies: Iterable<string>): Promise<Map<string, DecimalValue>> {
  return ratesToLocal(db, currencies, new Date());
}
