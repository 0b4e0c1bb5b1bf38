import { useEffect } from 'react';
import type { z } from 'zod';
import type { partner, partnerDetail } from '@corridor/api';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import type { TableQuery } from '@/lib/table-query.ts';

export type Partner = z.output<typeof partner>;
export type PartnerDetail = z.output<typeof partnerDetail>;

/** Refetches a read whenever `refreshToken` grows (after a create or a decision). */
function useRefreshOn(refresh: () => Promise<void>, refreshToken: number) {
  useEffect(() => {
    if (refreshToken > 0) void refresh();
  }, [refreshToken, refresh]);
}

/** A page of the TSP's partner records, read from the device first with its age. */
export function usePartners(query: TableQuery, refreshToken = 0) {
  const state = useLocalFirst({
    key: cacheKey('partners.search', query),
    fetch: () => api.call<'partners.search'>('partners.search', { query }),
  });
  useRefreshOn(state.refresh, refreshToken);
  return state;
}

/** The counts by status and type under the list's filters (the summary cards). */
export function usePartnerSummary(query: TableQuery, refreshToken = 0) {
  const state = useLocalFirst({
    key: cacheKey('partners.summary', query),
    fetch: () => api.call<'partners.summary'>('partners.summary', { query }),
  });
  useRefreshOn(state.refresh, refreshToken);
  return state;
}

/** One record with its status history and the moves the signed-in user may make. */
export function usePartner(id: string) {
  return useLocalFirst({
    key: cacheKey('partners.get', { id }),
    fetch: () => api.call<'partners.get'>('partners.get', { path: { id } }),
  });
}
