import { AppError } from '../errors.ts';
import type { DealType } from '@corridor/domain';
import type { MidRate } from './rate-source.ts';

/** A rate as the book holds it: where it came from and when. */
export interface HeldRate {
  providerId: string;
  mid: string;
  asOf: Date;
}

/** The interbank rate a currency deal prices on now. */
export interface DealIbr extends HeldRate {
  currencyDealConfigId: string;
  serviceProviderId: string;
  source: string;
  target: string;
  dealType: DealType;
  valueDate: string | null;
}

/** Whole seconds since the rate's market time (never negative: a clock a little behind is age 0). */
export function rateAge(rate: { asOf: Date }, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - rate.asOf.getTime()) / 1000));
}

/**
 * Refuses a rate older than the limit (the TSP's `rateStalenessSeconds`): 409 RATE_STALE naming the
 * field that carries the rate. No indicative or firm price is ever given on an old rate.
 */
export function assertFresh<R extends { asOf: Date }>(rate: R | undefined, limitSeconds: number, now: Date, parameter = 'rate'): R {
  if (rate === undefined) {
    throw new AppError('RATE_STALE', 'No rate has been received for this deal yet', [{ parameter, message: 'has no rate yet' }]);
  }
  const age = rateAge(rate, now);
  if (age > limitSeconds) {
    throw new AppError('RATE_STALE', `The rate is ${age} s old; the limit is ${limitSeconds} s`, [
      { parameter, message: `rate of ${rate.asOf.toISOString()} is older than ${limitSeconds} s` },
    ]);
  }
  return rate;
}

/**
 * The rates in memory: the latest market mid per provider and pair, and the IBR of every currency
 * deal. Ticks and imports write it after the database; quotes and rate calls read it, never the
 * database per quote. One book per database (a server, or a test's server).
 */
export class RateBook {
  private readonly market = new Map<string, HeldRate>();
  private readonly deals = new Map<string, DealIbr>();

  private static key(providerId: string, source: string, target: string): string {
    return `${providerId}:${source}:${target}`;
  }

  putMarket(rate: MidRate): void {
    const key = RateBook.key(rate.providerId, rate.source, rate.target);
    const held = this.market.get(key);
    // An older file imported after a newer tick must not move the book back in time.
    if (held && held.asOf > rate.asOf) return;
    this.market.set(key, { providerId: rate.providerId, mid: rate.mid, asOf: rate.asOf });
  }

  putIbr(ibr: DealIbr): void {
    const held = this.deals.get(ibr.currencyDealConfigId);
    if (held && held.asOf > ibr.asOf) return;
    this.deals.set(ibr.currencyDealConfigId, ibr);
  }

  marketRate(providerId: string, source: string, target: string): HeldRate | undefined {
    return this.market.get(RateBook.key(providerId, source, target));
  }

  /** The latest market mid of a pair from any provider. */
  latestMarket(source: string, target: string): HeldRate | undefined {
    let best: HeldRate | undefined;
    for (const [key, rate] of this.market) {
      if (key.endsWith(`:${source}:${target}`) && (!best || rate.asOf > best.asOf)) best = rate;
    }
    return best;
  }

  ibr(currencyDealConfigId: string): DealIbr | undefined {
    return this.deals.get(currencyDealConfigId);
  }

  ibrsOf(serviceProviderId: string | null): DealIbr[] {
    return [...this.deals.values()].filter((d) => serviceProviderId === null || d.serviceProviderId === serviceProviderId);
  }

  forget(currencyDealConfigId: string): void {
    this.deals.delete(currencyDealConfigId);
  }
}

const books = new WeakMap<object, RateBook>();

/**
 * The book of one server, made empty on first use (`loadRateBook` fills it from the history). It is
 * keyed by the server's config object: every request's services share it, even those that run in a
 * transaction of their own (their `db` is the transaction), and tests with several servers get one each.
 */
export function rateBookOf(services: { config: object }): RateBook {
  let book = books.get(services.config);
  if (!book) {
    book = new RateBook();
    books.set(services.config, book);
  }
  return book;
}
