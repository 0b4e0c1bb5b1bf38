import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import type { RevaluationFilter, RevaluationQuery } from './revaluation-query.ts';

/** A page of the TSP's wallet revaluations, read from the device first. */
export function useWalletRevaluations(query: RevaluationQuery) {
  return useLocalFirst({
    key: cacheKey('revaluation.walletRevaluations', query),
    fetch: () => api.call<'revaluation.walletRevaluations'>('revaluation.walletRevaluations', { query }),
  });
}

/** The gain or loss per currency of the same revaluations (the list's filters, no page). */
export function useRevaluationSummary(filter: RevaluationFilter) {
  return useLocalFirst({
    key: cacheKey('revaluation.walletRevaluationSummary', filter),
    fetch: () => api.call<'revaluation.walletRevaluationSummary'>('revaluation.walletRevaluationSummary', { query: filter }),
  });
}
