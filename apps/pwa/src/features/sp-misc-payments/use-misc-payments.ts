import { useEffect } from 'react';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { ALL_ROWS_PAGE, REFERENCE_PAGE } from '@/lib/page-query.ts';
import type { MiscPaymentQuery } from './misc-payment-query.ts';

/** A page of the TSP's miscellaneous payments (their accounting entries), read from the device first; a new `refreshToken` fetches again. */
export function useMiscPayments(query: MiscPaymentQuery, refreshToken = 0) {
  const state = useLocalFirst({
    key: cacheKey('accounting.entries', query),
    fetch: () => api.call<'accounting.entries'>('accounting.entries', { query }),
  });
  const { refresh } = state;
  useEffect(() => {
    if (refreshToken > 0) void refresh();
  }, [refreshToken, refresh]);
  return state;
}

/** The TSP's funding parties: who a miscellaneous payment is funded by or paid to. */
export function useFundingParties() {
  return useLocalFirst({
    key: cacheKey('fundingParties.list', ALL_ROWS_PAGE),
    store: 'reference',
    fetch: () => api.call<'fundingParties.list'>('fundingParties.list', { query: ALL_ROWS_PAGE }),
  });
}

/** The transaction purposes (reference data): a miscellaneous payment's purpose. */
export function useTransactionPurposes() {
  return useLocalFirst({
    key: cacheKey('reference.transactionPurposes', REFERENCE_PAGE),
    store: 'reference',
    fetch: () => api.call<'reference.transactionPurposes'>('reference.transactionPurposes', { query: REFERENCE_PAGE }),
  });
}
