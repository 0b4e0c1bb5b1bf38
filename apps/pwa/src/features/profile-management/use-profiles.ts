import { useEffect } from 'react';
import type { z } from 'zod';
import type { assessment, comment, merchantProfile, merchantSummary, profileDocument, profileSettlement } from '@corridor/api';
import { ALL_ROWS_PAGE } from '@/lib/page-query.ts';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import type { ProfileQuery } from './profile-query.ts';

export type MerchantProfile = z.output<typeof merchantProfile>;
export type ProfileDocument = z.output<typeof profileDocument>;
export type ProfileComment = z.output<typeof comment>;
export type ProfileSettlement = z.output<typeof profileSettlement>;
export type Review = z.output<typeof assessment>;
export type MerchantSummary = z.output<typeof merchantSummary>;

const detailKey = (id: string) => cacheKey('merchantProfiles.spGet', { id });

/** Re-reads when `token` moves on (a change the screen made). */
function useRefreshOn(refresh: () => Promise<void>, token: number) {
  useEffect(() => {
    if (token > 0) void refresh();
  }, [token, refresh]);
}

/** A page of the TSP's merchant profiles; each row is also stored as its detail, for a profile opened offline. */
export function useProfiles(query: ProfileQuery) {
  return useLocalFirst({
    key: cacheKey('merchantProfiles.spList', query),
    fetch: () => api.call<'merchantProfiles.spList'>('merchantProfiles.spList', { query }),
    derived: (page) => page.content.map((row) => ({ store: 'lists' as const, key: detailKey(row.id), data: row })),
  });
}

export function useProfile(id: string, token: number) {
  const state = useLocalFirst({ key: detailKey(id), fetch: () => api.call<'merchantProfiles.spGet'>('merchantProfiles.spGet', { path: { id } }) });
  useRefreshOn(state.refresh, token);
  return state;
}

/** The TSP's merchants, for the "open a merchant's profile" picker. */
export function useMerchantSummaries() {
  return useLocalFirst({
    key: cacheKey('merchantProfiles.spMerchantSummary', ALL_ROWS_PAGE),
    fetch: () => api.call<'merchantProfiles.spMerchantSummary'>('merchantProfiles.spMerchantSummary', { query: ALL_ROWS_PAGE }),
  });
}

/** One merchant's summary (wallets, currencies); only the TSP's own merchants have one. */
export function useMerchantSummary(merchantServiceId: string | undefined, enabled: boolean) {
  const id = merchantServiceId ?? '';
  return useLocalFirst({
    key: cacheKey('merchantProfiles.spMerchantSummaryOne', { merchantServiceId: id }),
    enabled: enabled && id !== '',
    fetch: () => api.call<'merchantProfiles.spMerchantSummaryOne'>('merchantProfiles.spMerchantSummaryOne', { path: { merchantServiceId: id } }),
  });
}

export function useProfileDocuments(id: string, token: number) {
  const state = useLocalFirst({
    key: cacheKey('merchantProfiles.documents', { id }),
    fetch: () => api.call<'merchantProfiles.documents'>('merchantProfiles.documents', { path: { merchantProfileID: id }, query: ALL_ROWS_PAGE }),
  });
  useRefreshOn(state.refresh, token);
  return state;
}

export function useProfileComments(id: string, token: number) {
  const state = useLocalFirst({
    key: cacheKey('merchantProfiles.comments', { id }),
    fetch: () => api.call<'merchantProfiles.comments'>('merchantProfiles.comments', { path: { merchantProfileID: id }, query: ALL_ROWS_PAGE }),
  });
  useRefreshOn(state.refresh, token);
  return state;
}

export function useProfileSettlements(id: string, token: number) {
  const state = useLocalFirst({
    key: cacheKey('merchantProfiles.settlements', { id }),
    fetch: () => api.call<'merchantProfiles.settlements'>('merchantProfiles.settlements', { path: { merchantProfileId: id }, query: ALL_ROWS_PAGE }),
  });
  useRefreshOn(state.refresh, token);
  return state;
}

const REVIEW_CALLS = {
  KYC: 'merchantReviews.kycs',
  RISK_ASSESSMENT: 'merchantReviews.riskAssessments',
  CREDIT_ASSESSMENT: 'merchantReviews.creditAssessments',
  EXECUTIVE_DOCUMENTS: 'merchantReviews.executiveDocuments',
} as const;

/** The profile's four reviews (KYC, risk, credit, executive documents), each read through its own call. */
export function useProfileReviews(id: string, token: number) {
  const query = { merchantProfileId: id, ...ALL_ROWS_PAGE };
  const state = useLocalFirst({
    key: cacheKey('merchantReviews.profile', { id }),
    fetch: async () => {
      const pages = await Promise.all([
        api.call<'merchantReviews.kycs'>(REVIEW_CALLS.KYC, { query }),
        api.call<'merchantReviews.riskAssessments'>(REVIEW_CALLS.RISK_ASSESSMENT, { query }),
        api.call<'merchantReviews.creditAssessments'>(REVIEW_CALLS.CREDIT_ASSESSMENT, { query }),
        api.call<'merchantReviews.executiveDocuments'>(REVIEW_CALLS.EXECUTIVE_DOCUMENTS, { query }),
      ]);
      return pages.flatMap((page) => page.content);
    },
  });
  useRefreshOn(state.refresh, token);
  return state;
}

/** The TSP's fee schedules, offered as the merchant's fee profile. */
export function useFeeSchedules() {
  return useLocalFirst({
    key: cacheKey('merchantReviews.fees', ALL_ROWS_PAGE),
    fetch: () => api.call<'merchantReviews.fees'>('merchantReviews.fees', { query: ALL_ROWS_PAGE }),
  });
}

/** The merchant's wallets at this TSP: what a settlement set-up may settle into. */
export function useMerchantWallets(merchantServiceId: string | undefined) {
  const id = merchantServiceId ?? '';
  const query = { merchantServiceId: id, ...ALL_ROWS_PAGE };
  return useLocalFirst({
    key: cacheKey('spWallets.merchantWallets', query),
    enabled: id !== '',
    fetch: () => api.call<'spWallets.merchantWallets'>('spWallets.merchantWallets', { query }),
  });
}

/** The TSP's fee profiles and markup profiles: what the merchant may be priced with. */
export function usePricingProfiles() {
  const fees = useLocalFirst({
    key: cacheKey('pricing.feeProfiles', ALL_ROWS_PAGE),
    fetch: () => api.call<'pricing.feeProfiles'>('pricing.feeProfiles', { query: ALL_ROWS_PAGE }),
  });
  const markups = useLocalFirst({
    key: cacheKey('markups.profiles', ALL_ROWS_PAGE),
    fetch: () => api.call<'markups.profiles'>('markups.profiles', { query: ALL_ROWS_PAGE }),
  });
  return { fees, markups };
}
