import { useMemo } from 'react';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { dpLookup } from '@/components/wallets/currency-dp.ts';
import { REFERENCE_PAGE } from '@/lib/page-query.ts';

const LIST_QUERY = REFERENCE_PAGE;

/** Currencies of the TSP's wallets (filter options and decimals), cached as reference data. */
export function useSpCurrencies() {
  const state = useLocalFirst({
    key: cacheKey('spWallets.currencies', LIST_QUERY),
    store: 'reference',
    fetch: () => api.call<'spWallets.currencies'>('spWallets.currencies', { query: LIST_QUERY }),
  });
  const data = state.data;
  return useMemo(() => {
    const currencies = data?.content ?? [];
    return { currencies, dpOf: dpLookup(currencies) };
  }, [data]);
}

/** Banks of the TSP's wallets (filter options). */
export function useSpBanks() {
  const state = useLocalFirst({
    key: cacheKey('spWallets.banks', LIST_QUERY),
    store: 'reference',
    fetch: () => api.call<'spWallets.banks'>('spWallets.banks', { query: LIST_QUERY }),
  });
  const data = state.data;
  return useMemo(() => data?.content ?? [], [data]);
}

/** Countries of the TSP's wallets (filter options). */
export function useSpCountries() {
  const state = useLocalFirst({
    key: cacheKey('spWallets.countries', LIST_QUERY),
    store: 'reference',
    fetch: () => api.call<'spWallets.countries'>('spWallets.countries', { query: LIST_QUERY }),
  });
  const data = state.data;
  return useMemo(() => data?.content ?? [], [data]);
}
