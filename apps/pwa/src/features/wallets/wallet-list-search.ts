import { z } from 'zod';
import type { WalletListFilters } from './wallet-queries.ts';

const codes = z
  .preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(z.string().min(1)))
  .optional()
  .catch(undefined);

/**
 * URL search params of the wallet list (design 4: filters live in the URL).
 * @internal
 */
export const walletListSearchSchema = z.object({
  currencyCodes: codes,
  bankCodes: codes,
  statuses: codes,
  types: codes,
  /** Which currency the summary card row adds up. */
  summary: z.string().length(3).optional().catch(undefined),
});
export type WalletListSearch = z.output<typeof walletListSearchSchema>;

export const WALLET_FILTER_KEYS = ['currencyCodes', 'bankCodes', 'statuses', 'types'] as const;
export type WalletFilterKey = (typeof WALLET_FILTER_KEYS)[number];

export function filtersOf(search: WalletListSearch): WalletListFilters {
  const filters: WalletListFilters = {};
  for (const key of WALLET_FILTER_KEYS) {
    const value = search[key];
    if (value && value.length > 0) filters[key] = value;
  }
  return filters;
}

export function hasFilters(search: WalletListSearch): boolean {
  return WALLET_FILTER_KEYS.some((key) => (search[key]?.length ?? 0) > 0);
}
