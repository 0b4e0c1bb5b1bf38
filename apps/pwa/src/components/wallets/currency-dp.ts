import { decimalsOf } from '@corridor/domain';

/** The part of a currency row the decimals come from. */
export interface CurrencyDecimals {
  code: string;
  dp?: number | null;
}

/**
 * Decimal places of a currency code from a currency list (spec 3: "dp (decimal places; 8 when
 * unknown)"), via the domain rule. Built once per list: tables call it for every row.
 */
export function dpLookup(currencies: readonly CurrencyDecimals[] | null | undefined): (code: string | null | undefined) => number {
  const byCode = new Map((currencies ?? []).map((c) => [c.code, c]));
  return (code) => decimalsOf(code ? (byCode.get(code) ?? null) : null);
}

/** Decimal places of one currency code from a currency list. */
export function dpOf(currencies: readonly CurrencyDecimals[] | null | undefined, code: string | null | undefined): number {
  return dpLookup(currencies)(code);
}
