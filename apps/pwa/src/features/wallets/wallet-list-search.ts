import { z } from 'zod';

const codes = z
  .preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(z.string().min(1)))
  .optional()
  .catch(undefined);

/**
 * URL search params of the wallet list (design 4: filters live in the URL), as zod reads them: the reference
 * `validateWalletListSearch` (lib/search-params.ts) is tested against. Only types leave this file for the
 * portal's code: the screen's code loads right after sign-in, and zod would be ~25 KB gzip of it to fetch
 * and evaluate (docs/performance.md).
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
