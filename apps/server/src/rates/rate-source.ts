import { Dec, RATE_DP, toPlain } from '@corridor/domain';

/**
 * One publication of a provider: how many units of each currency one unit of `base` buys, at the
 * provider's market time. Every pair is a cross through the base, so the rates of one snapshot are
 * always consistent with each other (no triangular gap a client could trade against).
 */
export interface RateSnapshot {
  providerId: string;
  base: string;
  asOf: Date;
  /** currency -> units of it per one `base`; the base itself is 1. */
  perBase: ReadonlyMap<string, string>;
}

/** A mid rate of one pair: 1 source = mid target. */
export interface MidRate {
  providerId: string;
  source: string;
  target: string;
  mid: string;
  asOf: Date;
}

/** Where rates come from: a market feed that ticks, or a published file that is imported. */
export interface RateSource {
  readonly providerId: string;
  /** The provider's current rates. */
  fetch(): Promise<RateSnapshot>;
}

/** 1 source = ? target through the snapshot's base, 8 decimals; null when either currency is not quoted. @internal used by its tests */
export function crossRate(snapshot: RateSnapshot, source: string, target: string): string | null {
  const of = (code: string) => (code === snapshot.base ? '1' : snapshot.perBase.get(code));
  const s = of(source);
  const t = of(target);
  if (s === undefined || t === undefined) return null;
  return toPlain(new Dec(t).div(s), RATE_DP);
}

/** Mid rates of the pairs the snapshot quotes (pairs it does not quote are left out). */
export function midRates(snapshot: RateSnapshot, pairs: ReadonlyArray<readonly [string, string]>): MidRate[] {
  const rates: MidRate[] = [];
  for (const [source, target] of pairs) {
    const mid = crossRate(snapshot, source, target);
    if (mid !== null) rates.push({ providerId: snapshot.providerId, source, target, mid, asOf: snapshot.asOf });
  }
  return rates;
}
