import { useMemo } from 'react';
import type { FilterOption } from '@/components/data-table/column-def.ts';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { ALL_ROWS_PAGE } from '@/lib/page-query.ts';

const MERCHANT_WALLETS_QUERY = { ...ALL_ROWS_PAGE } as const;

/**
 * The TSP's merchants (from their wallets: each names its merchant), as a merchant filter's choices and
 * names; read from the device first, under the key the wallet screens fill.
 */
export function useTspMerchants(enabled: boolean): FilterOption[] {
  const state = useLocalFirst({
    key: cacheKey('spWallets.merchantWallets', MERCHANT_WALLETS_QUERY),
    store: 'wallets',
    enabled,
    fetch: () => api.call<'spWallets.merchantWallets'>('spWallets.merchantWallets', { query: MERCHANT_WALLETS_QUERY }),
  });
  const data = state.data;
  return useMemo(() => {
    const byId = new Map<string, string>();
    for (const w of data?.content ?? []) if (w.merchantService) byId.set(w.merchantService.id, w.merchantService.name);
    return [...byId].map(([value, name]) => ({ value, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [data]);
}
