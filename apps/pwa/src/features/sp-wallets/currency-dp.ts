import { decimalsOf } from '@corridor/domain';
import type { CurrencyRow } from './sp-wallet-types.ts';

/**
 * Decimals of a currency code from a currency list (spec 3: "dp (decimal places; 8 when
 * unknown)"), via the domain rule.
 */
export function dpLookup(currencies: readonly CurrencyRow[] | undefined): (code: string | null | undefined) => number {
  const byCode = new Map((currencies ?? []).map((c) => [c.code, c]));
  return (code) => decimalsOf(code ? byCode.get(code) : undefined);
}
