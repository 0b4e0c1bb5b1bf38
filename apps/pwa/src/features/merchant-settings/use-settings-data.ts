import { ALL_ROWS_PAGE } from '@/lib/page-query.ts';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';

const WALLET_QUERY = { ...ALL_ROWS_PAGE, inclPosition: true } as const;
const CONFIG_QUERY = ALL_ROWS_PAGE;

/** The merchant's wallets (same cached entry as the wallet list). */
export function useSettingsWallets() {
  return useLocalFirst({
    key: cacheKey('merchantWallets.list', WALLET_QUERY),
    store: 'wallets',
    fetch: () => api.call<'merchantWallets.list'>('merchantWallets.list', { query: WALLET_QUERY }),
  });
}

/** Every accounting config of the merchant's wallets. */
export function useAccountingConfigs() {
  return useLocalFirst({
    key: cacheKey('merchantAccounting.list', CONFIG_QUERY),
    fetch: () => api.call<'merchantAccounting.list'>('merchantAccounting.list', { query: CONFIG_QUERY }),
  });
}
