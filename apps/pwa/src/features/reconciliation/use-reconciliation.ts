import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import type { DayQuery, ExceptionQuery } from './reconciliation-query.ts';

/** The settlement days of the filter, read from the device first (their age shows offline). */
export function useReconciliationDays(query: DayQuery) {
  return useLocalFirst({
    key: cacheKey('reconciliation.days', query),
    fetch: () => api.call<'reconciliation.days'>('reconciliation.days', { query }),
  });
}

/** A page of the exceptions, read from the device first. */
export function useReconciliationExceptions(query: ExceptionQuery) {
  return useLocalFirst({
    key: cacheKey('reconciliation.exceptions', query),
    fetch: () => api.call<'reconciliation.exceptions'>('reconciliation.exceptions', { query }),
  });
}
