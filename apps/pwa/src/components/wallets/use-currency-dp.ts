import { useMemo } from 'react';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { REFERENCE_PAGE } from '@/lib/page-query.ts';
import { dpLookup, type CurrencyDecimals } from './currency-dp.ts';

/**
 * Decimals of each currency for a viewer: the merchant's wallet currencies or the TSP's, read from the device
 * first. Each is cached in the shape the other screens store under the same key (the merchant's as the list,
 * the TSP's as the page), so any screen's answer serves this one offline.
 */
export function useViewerCurrencyDp(viewer: 'MERCHANT' | 'TSP'): (code: string) => number {
  const state = useLocalFirst<readonly CurrencyDecimals[] | { content: readonly CurrencyDecimals[] }>({
    key: cacheKey(viewer === 'MERCHANT' ? 'merchantWallets.currencies' : 'spWallets.currencies', REFERENCE_PAGE),
    store: 'reference',
    fetch: async () =>
      viewer === 'MERCHANT'
        ? (await api.call<'merchantWallets.currencies'>('merchantWallets.currencies', { query: REFERENCE_PAGE })).content
        : api.call<'spWallets.currencies'>('spWallets.currencies', { query: REFERENCE_PAGE }),
  });
  const data = state.data;
  return useMemo(() => {
    const lookup = dpLookup(data === undefined ? [] : 'content' in data ? data.content : data);
    return (code: string) => lookup(code);
  }, [data]);
}
