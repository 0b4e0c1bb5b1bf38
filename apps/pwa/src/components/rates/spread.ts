import { MISSING_VALUE, toDecimal } from '@corridor/domain';

/**
 * The width of a quoted spread in basis points of the mid: (ask - bid) / mid x 10 000, 2 decimals.
 * A merchant compares profiles and pairs by it; '-' when a figure is missing or the mid is zero.
 *
 * @example spreadBips('3.6700', '3.6800', '3.6750') // '27.21'
 */
export function spreadBips(bid: string, ask: string, mid: string): string {
  const b = toDecimal(bid);
  const a = toDecimal(ask);
  const m = toDecimal(mid);
  if (b === null || a === null || m === null || m.isZero()) return MISSING_VALUE;
  return a.minus(b).div(m).times(10_000).toFixed(2);
}
