import { decimalsOf } from '@corridor/domain';
import type { WalletCurrency } from './wallet-types.ts';

/** Decimal places of `code` from the currency list (spec 3: dp, 8 when unknown). */
export function dpOf(currencies: readonly WalletCurrency[] | undefined, code: string | null | undefined): number {
  return decimalsOf(currencies?.find((c) => c.code === code) ?? null);
}
