import { useEffect } from 'react';
import type { z } from 'zod';
import type { beneficiary } from '@corridor/api';
import { REFERENCE_PAGE } from '@/lib/page-query.ts';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import type { BeneficiaryQuery } from './beneficiary-query.ts';

export type Beneficiary = z.output<typeof beneficiary>;

const detailKey = (id: string) => cacheKey('beneficiaries.get', { id });

/** A page of the merchant's beneficiaries; each row is also stored as its detail, so a detail opened offline shows it. */
export function useBeneficiaries(query: BeneficiaryQuery, refreshToken = 0) {
  const state = useLocalFirst({
    key: cacheKey('beneficiaries.list', query),
    fetch: () => api.call<'beneficiaries.list'>('beneficiaries.list', { query }),
    derived: (page) => page.content.map((row) => ({ store: 'lists' as const, key: detailKey(row.id), data: row })),
  });
  const { refresh } = state;
  useEffect(() => {
    if (refreshToken > 0) void refresh();
  }, [refreshToken, refresh]);
  return state;
}

export function useBeneficiary(id: string) {
  return useLocalFirst({
    key: detailKey(id),
    fetch: () => api.call<'beneficiaries.get'>('beneficiaries.get', { path: { id } }),
  });
}

/** Countries with their currency: the dialog's country choices and the currency it suggests. */
export function useBeneficiaryCountries() {
  return useLocalFirst({
    key: cacheKey('reference.countries', REFERENCE_PAGE),
    store: 'reference',
    fetch: () => api.call<'reference.countries'>('reference.countries', { query: REFERENCE_PAGE }),
  });
}

export function useBeneficiaryCurrencies() {
  return useLocalFirst({
    key: cacheKey('reference.currencies', REFERENCE_PAGE),
    store: 'reference',
    // The whole page, as the pricing screens store it under the same key.
    fetch: () => api.call<'reference.currencies'>('reference.currencies', { query: REFERENCE_PAGE }),
  });
}
