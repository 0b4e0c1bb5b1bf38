import { useEffect, useMemo } from 'react';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { ALL_ROWS_PAGE, REFERENCE_PAGE } from '@/lib/page-query.ts';
import type { TableQuery } from '@/lib/table-query.ts';

/** Merchant fees are the TSP's fees for its merchants; correspondent fees what correspondents charge it. */
export type FeeKind = 'MERCHANT' | 'CORRESPONDENT';

/** A page of fee rules of one kind; a new `refreshToken` fetches again (after a save). */
export function useFeeRules(kind: FeeKind, query: TableQuery, refreshToken: number) {
  const state = useLocalFirst({
    key: cacheKey(kind === 'MERCHANT' ? 'pricing.fees' : 'pricing.correspondentFees', query),
    fetch: () =>
      kind === 'MERCHANT' ? api.call<'pricing.fees'>('pricing.fees', { query }) : api.call<'pricing.correspondentFees'>('pricing.correspondentFees', { query }),
  });
  const { refresh } = state;
  useEffect(() => {
    if (refreshToken > 0) void refresh();
  }, [refreshToken, refresh]);
  return state;
}

/** The TSP's fee profiles (pricing models): the rule form's choices and the list's names. */
export function useFeeProfiles(refreshToken = 0) {
  const state = useLocalFirst({
    key: cacheKey('pricing.feeProfiles', ALL_ROWS_PAGE),
    store: 'reference',
    fetch: () => api.call<'pricing.feeProfiles'>('pricing.feeProfiles', { query: ALL_ROWS_PAGE }),
  });
  const { refresh } = state;
  useEffect(() => {
    if (refreshToken > 0) void refresh();
  }, [refreshToken, refresh]);
  const profiles = useMemo(() => state.data?.content ?? [], [state.data]);
  return { ...state, profiles };
}

/** Every currency with its decimals: slab amounts are checked against them. */
export function usePricingCurrencies() {
  const state = useLocalFirst({
    key: cacheKey('reference.currencies', REFERENCE_PAGE),
    store: 'reference',
    fetch: () => api.call<'reference.currencies'>('reference.currencies', { query: REFERENCE_PAGE }),
  });
  return useMemo(() => {
    const currencies = state.data?.content ?? [];
    const byCode = new Map(currencies.map((c) => [c.code, c.dp]));
    return { currencies, dpOf: (code: string) => byCode.get(code) };
  }, [state.data]);
}
