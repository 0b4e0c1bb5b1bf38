import { useEffect } from 'react';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import type { CandidateQuery } from './clearance-query.ts';

/** Fetches again when `refreshToken` moves on (after a net-off). */
function useRefreshOn(refresh: () => Promise<void>, refreshToken: number) {
  useEffect(() => {
    if (refreshToken > 0) void refresh();
  }, [refreshToken, refresh]);
}

/** A page of a wallet's open items, read from the device first; nothing is asked before a wallet is chosen. */
export function useNetOffCandidates(query: CandidateQuery | null, refreshToken: number) {
  const state = useLocalFirst({
    key: cacheKey('settlements.netOffCandidates', query ?? {}),
    enabled: query !== null,
    fetch: () => api.call<'settlements.netOffCandidates'>('settlements.netOffCandidates', { query: query ?? { spWalletId: '' } }),
  });
  useRefreshOn(state.refresh, refreshToken);
  return state;
}

/** What netting all the wallet's open items (and repaying its drawn credit) would leave. */
export function useNetOffPreview(walletId: string | undefined, refreshToken: number) {
  const state = useLocalFirst({
    key: cacheKey('settlements.creditNetOffPreview', { walletId: walletId ?? '' }),
    enabled: walletId !== undefined,
    fetch: () => api.call<'settlements.creditNetOffPreview'>('settlements.creditNetOffPreview', { query: { walletId: walletId ?? '' } }),
  });
  useRefreshOn(state.refresh, refreshToken);
  return state;
}
