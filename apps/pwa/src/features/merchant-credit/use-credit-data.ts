import { useEffect } from 'react';
import { ALL_ROWS_PAGE, REFERENCE_PAGE } from '@/lib/page-query.ts';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import type { CreditRequestQuery } from './credit-request-query.ts';

const WALLET_QUERY = { ...ALL_ROWS_PAGE, inclPosition: true } as const;
const CURRENCY_QUERY = REFERENCE_PAGE;

/**
 * The merchant's wallets: the dialog's wallet choices and the list's wallet names. Same call,
 * query and answer shape (the whole page) as the wallet list, so both read one cached entry.
 */
export function useCreditWallets() {
  return useLocalFirst({
    key: cacheKey('merchantWallets.list', WALLET_QUERY),
    store: 'wallets',
    fetch: () => api.call<'merchantWallets.list'>('merchantWallets.list', { query: WALLET_QUERY }),
  });
}

/** Currencies with their decimal places (amount input and display). */
export function useCreditCurrencies() {
  return useLocalFirst({
    key: cacheKey('merchantWallets.currencies', CURRENCY_QUERY),
    store: 'reference',
    fetch: async () => (await api.call<'merchantWallets.currencies'>('merchantWallets.currencies', { query: CURRENCY_QUERY })).content,
  });
}

/** A page of the merchant's credit requests; a new `refreshToken` fetches again (after a request is made). */
export function useCreditRequests(query: CreditRequestQuery, refreshToken = 0) {
  const state = useLocalFirst({
    key: cacheKey('credit.merchantRequests', query),
    fetch: () => api.call<'credit.merchantRequests'>('credit.merchantRequests', { query }),
  });
  const { refresh } = state;
  useEffect(() => {
    if (refreshToken > 0) void refresh();
  }, [refreshToken, refresh]);
  return state;
}
