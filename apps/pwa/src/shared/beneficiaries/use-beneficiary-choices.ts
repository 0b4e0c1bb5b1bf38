import { useMemo } from 'react';
import type { z } from 'zod';
import type { beneficiary } from '@corridor/api';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { ALL_ROWS_PAGE } from '@/lib/page-query.ts';

export type BeneficiaryChoice = z.output<typeof beneficiary>;

/** Active beneficiaries by nickname: what a payment may be sent to. */
const CHOICES_QUERY = { ...ALL_ROWS_PAGE, status: 'ACTIVE', sort: ['name,ASC,ignorecase'] } as const;

/**
 * The merchant's active beneficiaries for a picker (the payment form): read from the device first,
 * refreshed from the network, optionally only those in one currency.
 */
export function useBeneficiaryChoices(currencyCode?: string) {
  const state = useLocalFirst({
    key: cacheKey('beneficiaries.list', CHOICES_QUERY),
    fetch: () => api.call<'beneficiaries.list'>('beneficiaries.list', { query: { ...CHOICES_QUERY, sort: [...CHOICES_QUERY.sort] } }),
  });
  const all = state.data?.content;
  const choices = useMemo(() => (all ?? []).filter((b) => currencyCode === undefined || b.currencyCode === currencyCode), [all, currencyCode]);
  return { ...state, choices };
}
