import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { SIZE_500 } from '@corridor/domain';
import { firstPage } from '@/lib/page-query.ts';

const BALANCES = { groupBy: 'currency' } as const;
/** The authorization lists' pending tabs (their own queries): only how many rows each has is read. */
const COUNT_ONLY = { page: 0, size: 1 } as const;
const PENDING_TOP_UPS = { categories: ['TOPUP', 'TOPUP_CREDIT'], approvalStatuses: ['PENDING'], statuses: ['PENDING', 'PROCESSING'], ...COUNT_ONLY };
const PENDING_TRANSFERS = { categories: ['TRANSFER'], approvalStatuses: ['PENDING'], statuses: ['PENDING', 'PROCESSING'], ...COUNT_ONLY };
const PENDING_CREDIT = { statuses: ['PENDING', 'REQUESTED', 'IN_VERIFICATION', 'ON_HOLD'], ...COUNT_ONLY };
const FAILED_PAYOUTS = { status: 'FAILED', page: 0, size: 5, sort: ['createdAt,DESC'] };

/** The TSP's balances by currency with their local-currency value (the cashflow tab's read: one cache). */
export function useBalances() {
  return useLocalFirst({
    key: cacheKey('spWallets.positionSummary', BALANCES),
    store: 'positions',
    fetch: () => api.call<'spWallets.positionSummary'>('spWallets.positionSummary', { query: BALANCES }),
  });
}

/** Money in and out of the TSP's own wallets per day and currency since `fromDate`. */
export function useCashFlow(fromDate: string) {
  const query = { groupBy: 'date', fromDate };
  return useLocalFirst({
    key: cacheKey('spWallets.activitySummary', query),
    fetch: () => api.call<'spWallets.activitySummary'>('spWallets.activitySummary', { query }),
  });
}

/** How many top-ups, transfers and credit requests wait for the TSP's decision. */
export function useApprovalCounts() {
  const topUps = useLocalFirst({
    key: cacheKey('spTransactions.list', PENDING_TOP_UPS),
    fetch: () => api.call<'spTransactions.list'>('spTransactions.list', { query: PENDING_TOP_UPS }),
  });
  const transfers = useLocalFirst({
    key: cacheKey('spTransactions.list', PENDING_TRANSFERS),
    fetch: () => api.call<'spTransactions.list'>('spTransactions.list', { query: PENDING_TRANSFERS }),
  });
  const credit = useLocalFirst({
    key: cacheKey('credit.spRequests', PENDING_CREDIT),
    fetch: () => api.call<'credit.spRequests'>('credit.spRequests', { query: PENDING_CREDIT }),
  });
  return { topUps, transfers, credit };
}

/** The deals valued since `fromDate` (for profit per day) and the profit summed per currency. */
export function useDealProfit(fromDate: string) {
  const query = { valueDateFrom: fromDate, ...firstPage(SIZE_500) };
  const list = useLocalFirst({
    key: cacheKey('dealProfits.list', query),
    fetch: () => api.call<'dealProfits.list'>('dealProfits.list', { query }),
  });
  const summaryQuery = { valueDateFrom: fromDate };
  const summary = useLocalFirst({
    key: cacheKey('dealProfits.summary', summaryQuery),
    fetch: () => api.call<'dealProfits.summary'>('dealProfits.summary', { query: summaryQuery }),
  });
  return { list, summary };
}

/** The payouts the bank refused, newest first, and how many there are. */
export function useFailedPayouts() {
  return useLocalFirst({
    key: cacheKey('spPayments.list', FAILED_PAYOUTS),
    fetch: () => api.call<'spPayments.list'>('spPayments.list', { query: FAILED_PAYOUTS }),
  });
}
