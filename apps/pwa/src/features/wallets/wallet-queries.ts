import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst, type LocalFirstState } from '@/lib/local-first/use-local-first.ts';
import { firstPage } from '@/lib/page-query.ts';
import type { WalletListFilters } from './wallet-list-filters.ts';
import { walletListCalls } from './wallet-list-query.ts';
import type { AccountingConfig, Wallet, WalletBank, WalletCurrency, WalletPage } from './wallet-types.ts';

/** The merchant's wallets (with positions), read from the device first and refreshed online. */
export function useMerchantWallets(filters: WalletListFilters = {}): LocalFirstState<WalletPage> {
  const { wallets } = walletListCalls(filters);
  return useLocalFirst({
    ...wallets,
    store: 'wallets',
    // Each row is the whole wallet with its position: store it under the detail's key as well.
    derived: (page) => page.content.map((wallet) => ({ store: 'positions', key: walletDetailKey(wallet.id), data: wallet })),
  });
}

function walletDetailKey(walletId: string): string {
  return cacheKey('merchantWallets.get', { id: walletId });
}

/** One wallet with its position. */
export function useMerchantWallet(walletId: string): LocalFirstState<Wallet> {
  return useLocalFirst({
    key: walletDetailKey(walletId),
    store: 'positions',
    fetch: () => api.call<'merchantWallets.get'>('merchantWallets.get', { path: { id: walletId } }),
  });
}

/** Currencies of the merchant's wallets (spec 7: page 0, size 10000), with their decimal places. */
export function useWalletCurrencies(): LocalFirstState<WalletCurrency[]> {
  return useLocalFirst({ ...walletListCalls({}).currencies, store: 'reference' });
}

/** Banks of the merchant's wallets (the bank filter's options). */
export function useWalletBanks(): LocalFirstState<WalletBank[]> {
  return useLocalFirst({ ...walletListCalls({}).banks, store: 'reference' });
}

/** The accounting config of one wallet (ledger code and currency pairs), or null when none is set. */
export function useWalletAccountingConfig(walletId: string): LocalFirstState<AccountingConfig | null> {
  const query = { walletId, ...firstPage(1) };
  return useLocalFirst({
    key: cacheKey('merchantAccounting.list', query),
    store: 'lists',
    fetch: async () => (await api.call<'merchantAccounting.list'>('merchantAccounting.list', { query })).content[0] ?? null,
  });
}
