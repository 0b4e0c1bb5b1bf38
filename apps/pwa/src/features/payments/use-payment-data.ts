import { useEffect, useMemo } from 'react';
import type { FilterOption } from '@/components/data-table/column-def.ts';
import type { PaymentFeeLine } from '@/components/payment-details/payment-view.ts';
import { quoteChargeLines } from '@/components/payment-details/quote-charges.ts';
import { dpLookup, type CurrencyDecimals } from '@/components/wallets/currency-dp.ts';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { ALL_ROWS_PAGE, REFERENCE_PAGE } from '@/lib/page-query.ts';
import type { PaymentQuery } from './payment-query.ts';
import type { PaymentViewer } from './payment-row-actions.ts';

const LIST_CALL = { MERCHANT: 'merchantPayments.list', TSP: 'spPayments.list' } as const;
const GET_CALL = { MERCHANT: 'merchantPayments.get', TSP: 'spPayments.get' } as const;

/** A page of payments, read from the device first; a new `refreshToken` fetches again (after an action). */
export function usePayments(viewer: PaymentViewer, query: PaymentQuery, refreshToken: number) {
  const state = useLocalFirst({
    key: cacheKey(LIST_CALL[viewer], query),
    fetch: () =>
      viewer === 'MERCHANT' ? api.call<'merchantPayments.list'>('merchantPayments.list', { query }) : api.call<'spPayments.list'>('spPayments.list', { query }),
  });
  const { refresh } = state;
  useEffect(() => {
    if (refreshToken > 0) void refresh();
  }, [refreshToken, refresh]);
  return state;
}

/** One payment with its timeline, read from the device first. */
export function usePayment(viewer: PaymentViewer, id: string) {
  return useLocalFirst({
    key: cacheKey(GET_CALL[viewer], { id }),
    fetch: () =>
      viewer === 'MERCHANT'
        ? api.call<'merchantPayments.get'>('merchantPayments.get', { path: { id } })
        : api.call<'spPayments.get'>('spPayments.get', { path: { id } }),
  });
}

/** The charges of a payment's quote, the correspondent's and the merchant's (Our, Ben, Rebate lines of the details panel); null without a quote. */
export function usePaymentFees(viewer: PaymentViewer, quoteId: string | null | undefined): PaymentFeeLine[] | null {
  const state = useLocalFirst({
    key: cacheKey(viewer === 'MERCHANT' ? 'quotes.merchantGet' : 'quotes.tspMerchantGet', { id: quoteId ?? '' }),
    store: 'reference',
    enabled: Boolean(quoteId),
    fetch: () =>
      viewer === 'MERCHANT'
        ? api.call<'quotes.merchantGet'>('quotes.merchantGet', { path: { id: quoteId ?? '' } })
        : api.call<'quotes.tspMerchantGet'>('quotes.tspMerchantGet', { path: { id: quoteId ?? '' } }),
  });
  return useMemo(() => (state.data ? quoteChargeLines(state.data) : null), [state.data]);
}

/**
 * Decimals of each currency: the merchant's wallet currencies or the TSP's. Each is cached in the shape the
 * other screens store under the same key (the merchant's as the list, the TSP's as the page).
 */
export function useCurrencyDp(viewer: PaymentViewer): (code: string) => number {
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

const MERCHANT_WALLETS_QUERY = { ...ALL_ROWS_PAGE } as const;

/** The TSP's merchants (from their wallets: each names its merchant), as the merchant filter's choices. */
export function useMerchantOptions(enabled: boolean): FilterOption[] {
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
