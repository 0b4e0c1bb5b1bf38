import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import type { TableQuery } from '@/lib/table-query.ts';

/** The TSP's revaluation configs (one per revalued pair), read from the device first with their age. */
export function useRevaluationConfigs(query: TableQuery) {
  return useLocalFirst({
    key: cacheKey('revaluation.configs', query),
    fetch: () => api.call<'revaluation.configs'>('revaluation.configs', { query }),
  });
}

/** The revaluation rates per date (all of them), or only those past runs revalued at (the history). */
export function useRevaluationRates(query: TableQuery, usedOnly: boolean) {
  const call = usedOnly ? 'revaluation.history' : 'revaluation.rates';
  return useLocalFirst({
    key: cacheKey(call, query),
    fetch: () => (usedOnly ? api.call<'revaluation.history'>('revaluation.history', { query }) : api.call<'revaluation.rates'>('revaluation.rates', { query })),
  });
}
