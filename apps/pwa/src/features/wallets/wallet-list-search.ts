import { z } from 'zod';
import { WALLET_FILTER_KEYS } from './wallet-list-filters.ts';

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

export function hasFilters(search: WalletListSearch): boolean {
  return WALLET_FILTER_KEYS.some((key) => (search[key]?.length ?? 0) > 0);
}
