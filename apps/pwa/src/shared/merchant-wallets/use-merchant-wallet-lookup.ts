import { useMemo } from 'react';
import { decimalsOf } from '@corridor/domain';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { ALL_ROWS_PAGE, REFERENCE_PAGE } from '@/lib/page-query.ts';

/**
 * What a TSP screen about its merchants' wallets needs to show a row: a wallet's name (its alias,
 * else its id) and a currency's decimals, read local-first from the TSP's merchant wallets and
 * currencies, plus the currency codes for a currency filter.
 */
export function useMerchantWalletLookup() {
  const wallets = useLocalFirst({
    key: cacheKey('spWallets.merchantWallets', ALL_ROWS_PAGE),
    store: 'wallets',
    fetch: () => api.call<'spWallets.merchantWallets'>('spWallets.merchantWallets', { query: ALL_ROWS_PAGE }),
  });
  const currencies = useLocalFirst({
    key: cacheKey('spWallets.currencies', REFERENCE_PAGE),
    store: 'reference',
    fetch: () => api.call<'spWallets.currencies'>('spWallets.currencies', { query: REFERENCE_PAGE }),
  });
  return useMemo(() => {
    const aliasById = new Map((wallets.data?.content ?? []).map((w) => [w.id, w.alias]));
    const list = currencies.data?.content ?? [];
    const byCode = new Map(list.map((c) => [c.code, c]));
    return {
      walletName: (id: string) => aliasById.get(id) ?? id,
      dpOf: (code: string) => decimalsOf(byCode.get(code)),
      currencyCodes: list.map((c) => c.code),
    };
  }, [wallets.data, currencies.data]);
}
