import { useEffect, useMemo } from 'react';
import type { PaymentFeeLine } from '@/components/payment-details/payment-view.ts';
import { quoteChargeLines } from '@/components/payment-details/quote-charges.ts';
import { fetchPage } from '@/components/data-table/page-cursors.ts';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import type { PaymentQuery } from './payment-query.ts';
import type { PaymentViewer } from './payment-row-actions.ts';

const LIST_CALL = { MERCHANT: 'merchantPayments.list', TSP: 'spPayments.list' } as const;
const GET_CALL = { MERCHANT: 'merchantPayments.get', TSP: 'spPayments.get' } as const;

/** A page of payments, read from the device first; a new `refreshToken` fetches again (after an action). */
export function usePayments(viewer: PaymentViewer, query: PaymentQuery, refreshToken: number) {
  const state = useLocalFirst({
    key: cacheKey(LIST_CALL[viewer], query),
    // The cache keeps the page index; the call goes by the cursor of that page when the walk has one.
    fetch: () =>
      fetchPage(LIST_CALL[viewer], query, (sent) =>
        viewer === 'MERCHANT'
          ? api.call<'merchantPayments.list'>('merchantPayments.list', { query: sent })
          : api.call<'spPayments.list'>('spPayments.list', { query: sent }),
      ),
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
