import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { fetchEarly } from '@/lib/local-first/early-fetch.ts';
import { REFERENCE_PAGE } from '@/lib/page-query.ts';
import { walletListQuery, type WalletListFilters } from './wallet-list-filters.ts';

// Light on purpose: the wallet list route's loader imports this module, and route loaders ship with the
// first screen's code (no IndexedDB, no zod here).

/** The three answers of the wallet list screen: its wallets, and the currencies and banks its filters offer. */
export function walletListCalls(filters: WalletListFilters) {
  const query = walletListQuery(filters);
  return {
    wallets: {
      key: cacheKey('merchantWallets.list', query),
      fetch: () => api.call<'merchantWallets.list'>('merchantWallets.list', { query }),
    },
    currencies: {
      key: cacheKey('merchantWallets.currencies', REFERENCE_PAGE),
      fetch: async () => (await api.call<'merchantWallets.currencies'>('merchantWallets.currencies', { query: REFERENCE_PAGE })).content,
    },
    banks: {
      key: cacheKey('merchantWallets.banks', REFERENCE_PAGE),
      fetch: async () => (await api.call<'merchantWallets.banks'>('merchantWallets.banks', { query: REFERENCE_PAGE })).content,
    },
  };
}

/**
 * The route's loader: the screen's three answers start now, while its code loads and its layout renders
 * (right after sign-in that is over a second on a slow phone); the screen's hooks take them (early-fetch.ts).
 */
export function startWalletList(userId: string, filters: WalletListFilters): void {
  for (const call of Object.values(walletListCalls(filters))) fetchEarly(userId, call.key, call.fetch);
}
