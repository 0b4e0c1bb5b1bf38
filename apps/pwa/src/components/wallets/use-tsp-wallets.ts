import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { ALL_ROWS_PAGE } from '@/lib/page-query.ts';

/**
 * The TSP's own wallets, all on one page, read from the device first under the key the wallet rules screen
 * fills: the wallet pickers and wallet filters of the transaction screens.
 */
export function useTspWallets() {
  return useLocalFirst({
    key: cacheKey('spWallets.list', ALL_ROWS_PAGE),
    store: 'wallets',
    fetch: () => api.call<'spWallets.list'>('spWallets.list', { query: ALL_ROWS_PAGE }),
  });
}
