import { ALL_ROWS_PAGE } from '@/lib/page-query.ts';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import type { TableQuery } from '@/lib/table-query.ts';
import { RATE_STALENESS, stalenessOf } from './rate-settings-form.ts';

/** The TSP's rate views of the feed (spec part B 7.9): calibrated, platform and merchant rates. */
export const RATE_FEED_VIEWS = ['calibrated', 'platform', 'merchant'] as const;
export type RateFeedView = (typeof RATE_FEED_VIEWS)[number];

/**
 * One rate view, whole (the calls answer every pair at once), cached on this device with its time so
 * the screen opened offline still shows the last rates and how old they are.
 */
export function useRateFeed(view: RateFeedView) {
  return useLocalFirst({
    key: cacheKey(`rates.${view}`),
    fetch: () => {
      if (view === 'platform') return api.call<'rates.platform'>('rates.platform', { query: {} });
      if (view === 'merchant') return api.call<'rates.merchant'>('rates.merchant', { query: {} });
      return api.call<'rates.calibrated'>('rates.calibrated', { query: {} });
    },
  });
}

const STALENESS_QUERY = { category: RATE_STALENESS.category, ...ALL_ROWS_PAGE } as const;

/** The TSP's rate settings (globals of category RATES) and the staleness limit they hold. */
export function useRateGlobals() {
  const state = useLocalFirst({
    key: cacheKey('globals.list', STALENESS_QUERY),
    fetch: () => api.call<'globals.list'>('globals.list', { query: STALENESS_QUERY }),
  });
  return { ...state, staleAfterSeconds: stalenessOf(state.data?.content ?? []) };
}

/** Every global config entry of the TSP, a page at a time. */
export function useGlobals(query: TableQuery) {
  return useLocalFirst({
    key: cacheKey('globals.list', query),
    fetch: () => api.call<'globals.list'>('globals.list', { query }),
  });
}

/** Currency deal configs with their instrument and interbank rate. */
export function useCurrencyDeals(query: TableQuery) {
  return useLocalFirst({
    key: cacheKey('currencyDeals.list', query),
    fetch: () => api.call<'currencyDeals.list'>('currencyDeals.list', { query }),
  });
}

export function useVolatileLayers(query: TableQuery) {
  return useLocalFirst({
    key: cacheKey('markups.volatileLayers', query),
    fetch: () => api.call<'markups.volatileLayers'>('markups.volatileLayers', { query }),
  });
}

export function useLayer1(query: TableQuery) {
  return useLocalFirst({
    key: cacheKey('markups.layer1', query),
    fetch: () => api.call<'markups.layer1'>('markups.layer1', { query }),
  });
}

export function useLayer2(query: TableQuery) {
  return useLocalFirst({
    key: cacheKey('markups.layer2', query),
    fetch: () => api.call<'markups.layer2'>('markups.layer2', { query }),
  });
}

export function useAgentMarkups(query: TableQuery) {
  return useLocalFirst({
    key: cacheKey('markups.agent', query),
    fetch: () => api.call<'markups.agent'>('markups.agent', { query }),
  });
}

/** Markup profiles: every one for the layer 2 names, or a page for the incentives list. */
export function useMarkupProfiles(query: TableQuery = ALL_ROWS_PAGE) {
  return useLocalFirst({
    key: cacheKey('markups.profiles', query),
    fetch: () => api.call<'markups.profiles'>('markups.profiles', { query }),
  });
}

/** The merchant's settlement rates per wallet currency (`/v1/merchant/rates`). */
export function useMerchantSettlementRates() {
  return useLocalFirst({
    key: cacheKey('rates.merchantWalletRates'),
    fetch: () => api.call<'rates.merchantWalletRates'>('rates.merchantWalletRates', { query: {} }),
  });
}

/** The merchant's pair rates after its TSP's markups (`/m/api/v1/exchange-rates`). */
export function useMerchantPairRates() {
  return useLocalFirst({
    key: cacheKey('rates.merchantApi'),
    fetch: () => api.call<'rates.merchantApi'>('rates.merchantApi', { query: {} }),
  });
}
