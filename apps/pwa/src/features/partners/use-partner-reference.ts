import { useMemo } from 'react';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { REFERENCE_PAGE } from '@/lib/page-query.ts';

/** The onboarding form's choices: countries and business types (reference data, kept on the device). */
export function usePartnerReference() {
  const countries = useLocalFirst({
    key: cacheKey('reference.countries', REFERENCE_PAGE),
    store: 'reference',
    fetch: () => api.call<'reference.countries'>('reference.countries', { query: REFERENCE_PAGE }),
  });
  const businessTypes = useLocalFirst({
    key: cacheKey('reference.businessTypes', REFERENCE_PAGE),
    store: 'reference',
    fetch: () => api.call<'reference.businessTypes'>('reference.businessTypes', { query: REFERENCE_PAGE }),
  });
  return useMemo(
    () => ({
      countries: (countries.data?.content ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` })),
      businessTypes: (businessTypes.data?.content ?? []).map((b) => ({ value: b.code, label: b.name })),
    }),
    [countries.data, businessTypes.data],
  );
}
