import { useMemo } from 'react';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { dpLookup } from '@/components/wallets/currency-dp.ts';
import { spWalletReferenceCalls } from './sp-wallet-list-query.ts';

/** Currencies of the TSP's wallets (filter options and decimals), cached as reference data. */
export function useSpCurrencies() {
  const state = useLocalFirst({ ...spWalletReferenceCalls.currencies, store: 'reference' });
  const data = state.data;
  return useMemo(() => {
    const currencies = data?.content ?? [];
    return { currencies, dpOf: dpLookup(currencies) };
  }, [data]);
}

/** Banks of the TSP's wallets (filter options). */
export function useSpBanks() {
  const state = useLocalFirst({ ...spWalletReferenceCalls.banks, store: 'reference' });
  const data = state.data;
  return useMemo(() => data?.content ?? [], [data]);
}

/** Countries of the TSP's wallets (filter options). */
export function useSpCountries() {
  const state = useLocalFirst({ ...spWalletReferenceCalls.countries, store: 'reference' });
  const data = state.data;
  return useMemo(() => data?.content ?? [], [data]);
}
