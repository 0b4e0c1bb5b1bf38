import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { fetchEarly } from '@/lib/local-first/early-fetch.ts';
import { REFERENCE_PAGE } from '@/lib/page-query.ts';
import { tableQuery } from '@/lib/table-query.ts';
import { savedTableConfig } from '@/lib/table-state.ts';
import { resolveTableState, type TableState } from '@/lib/table-state-search.ts';

// Light on purpose: the TSP home's route file imports this module, and route files ship with the router's
// code (no IndexedDB, no zod here).

/** The key of the wallet list's saved page config (spec 1: restored when the URL carries no table params). */
export const SP_WALLET_LIST_TABLE_KEY = 'sp-wallet-list';

/** The wallet list's answer for a table state: the TSP's own wallets with their positions. */
export function spWalletListCall(state: TableState) {
  const query = { ...tableQuery(state), inclPosition: 'true' as const };
  return { key: cacheKey('spWallets.list', query), fetch: () => api.call<'spWallets.list'>('spWallets.list', { query }) };
}

/** The reference lists of the TSP's wallets (filter options and decimals), one page each. */
export const spWalletReferenceCalls = {
  currencies: {
    key: cacheKey('spWallets.currencies', REFERENCE_PAGE),
    fetch: () => api.call<'spWallets.currencies'>('spWallets.currencies', { query: REFERENCE_PAGE }),
  },
  banks: {
    key: cacheKey('spWallets.banks', REFERENCE_PAGE),
    fetch: () => api.call<'spWallets.banks'>('spWallets.banks', { query: REFERENCE_PAGE }),
  },
  countries: {
    key: cacheKey('spWallets.countries', REFERENCE_PAGE),
    fetch: () => api.call<'spWallets.countries'>('spWallets.countries', { query: REFERENCE_PAGE }),
  },
};

/**
 * For a TSP user whose sign-in has just given a token (lib/prefetch-home.ts): the home's answers start now, the
 * wallet list as its table shows it first (the address carries no table params, so the saved page config, read
 * as `useTableSearch` reads it) and its reference lists; the screen's hooks take them (early-fetch.ts).
 */
export function startSpWalletList(userId: string): void {
  for (const call of [spWalletListCall(resolveTableState({}, savedTableConfig(SP_WALLET_LIST_TABLE_KEY))), ...Object.values(spWalletReferenceCalls)])
    fetchEarly(userId, call.key, call.fetch);
}
