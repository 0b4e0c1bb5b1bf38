import { useEffect, useMemo } from 'react';
import { fetchPage } from '@/components/data-table/page-cursors.ts';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import type { TransactionViewer } from './transaction-kind.ts';
import type { TransactionQuery } from './transaction-query.ts';

const LIST_CALL = { MERCHANT: 'merchantTransactions.list', TSP: 'spTransactions.list' } as const;
const DETAILS_CALL = { MERCHANT: 'merchantTransactions.details', TSP: 'spMerchantTransactions.details' } as const;
const ACTIVITIES_CALL = { MERCHANT: 'merchantTransactions.activities', TSP: 'spTransactions.activities' } as const;

/** A page of transactions, read from the device first; a new `refreshToken` fetches again. */
export function useTransactions(viewer: TransactionViewer, query: TransactionQuery, refreshToken = 0) {
  const state = useLocalFirst({
    key: cacheKey(LIST_CALL[viewer], query),
    // The cache keeps the page index; the call goes by the cursor of that page when the walk has one.
    fetch: () =>
      fetchPage(LIST_CALL[viewer], query, (sent) =>
        viewer === 'MERCHANT'
          ? api.call<'merchantTransactions.list'>('merchantTransactions.list', { query: sent })
          : api.call<'spTransactions.list'>('spTransactions.list', { query: sent }),
      ),
  });
  const { refresh } = state;
  useEffect(() => {
    if (refreshToken > 0) void refresh();
  }, [refreshToken, refresh]);
  return state;
}

/** One transaction with its approvals, comments and cancellation, read from the device first. */
export function useTransactionDetails(viewer: TransactionViewer, transactionId: string) {
  return useLocalFirst({
    key: cacheKey(DETAILS_CALL[viewer], { transactionId }),
    fetch: () =>
      viewer === 'MERCHANT'
        ? api.call<'merchantTransactions.details'>('merchantTransactions.details', { path: { transactionId } })
        : api.call<'spMerchantTransactions.details'>('spMerchantTransactions.details', { path: { transactionId } }),
  });
}

/** The status timeline of one transaction (who decided what, and when). */
export function useTransactionActivities(viewer: TransactionViewer, transactionId: string) {
  return useLocalFirst({
    key: cacheKey(ACTIVITIES_CALL[viewer], { transactionId }),
    fetch: () =>
      viewer === 'MERCHANT'
        ? api.call<'merchantTransactions.activities'>('merchantTransactions.activities', { path: { transactionId } })
        : api.call<'spTransactions.activities'>('spTransactions.activities', { path: { transactionId } }),
  });
}

/**
 * A top-up as its details page reads it (merchant name, who authorized it, the wallet's balance). The call
 * searches ids by substring, so the exact id is picked from its answer.
 */
export function useTopUp(transactionId: string, enabled: boolean) {
  const query = { transactionId, page: 0, size: 10 };
  const state = useLocalFirst({
    key: cacheKey('topUps.list', query),
    enabled,
    fetch: () => api.call<'topUps.list'>('topUps.list', { query }),
  });
  const data = state.data;
  return useMemo(() => data?.content.find((t) => t.transactionId === transactionId) ?? null, [data, transactionId]);
}
