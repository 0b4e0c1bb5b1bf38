import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst, type LocalFirstState } from '@/lib/local-first/use-local-first.ts';
import { ALL_ROWS_PAGE, REFERENCE_PAGE, firstPage } from '@/lib/page-query.ts';
import type { AccountingConfig, Wallet, WalletBank, WalletCurrency, WalletPage } from './wallet-types.ts';

/** The wallet list's filters (spec 3 "Wallet filters"), as the list call takes them. */
export interface WalletListFilters {
  currencyCodes?: string[];
  bankCodes?: string[];
  statuses?: string[];
  types?: string[];
  countryCodes?: string[];
}

/** A merchant has a handful of wallets: one page holds them all, with their positions. */
const WALLET_PAGE = { ...ALL_ROWS_PAGE, inclPosition: true } as const;

/** @internal */
export function walletListQuery(filters: WalletListFilters) {
  const query: Record<string, unknown> = { ...WALLET_PAGE };
  for (const [key, value] of Object.entries(filters)) {
    if (Array.isArray(value) && value.length > 0) query[key] = value;
  }
  return query;
}

/** The merchant's wallets (with positions), read from the device first and refreshed online. */
export function useMerchantWallets(filters: WalletListFilters = {}): LocalFirstState<WalletPage> {
  const query = walletListQuery(filters);
  return useLocalFirst({
    key: cacheKey('merchantWallets.list', query),
    store: 'wallets',
    fetch: () => api.call<'merchantWallets.list'>('merchantWallets.list', { query }),
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
  return useLocalFirst({
    key: cacheKey('merchantWallets.currencies', REFERENCE_PAGE),
    store: 'reference',
    fetch: async () => (await api.call<'merchantWallets.currencies'>('merchantWallets.currencies', { query: REFERENCE_PAGE })).content,
  });
}

/** Banks of the merchant's wallets (the bank filter's options). */
export function useWalletBanks(): LocalFirstState<WalletBank[]> {
  return useLocalFirst({
    key: cacheKey('merchantWallets.banks', REFERENCE_PAGE),
    store: 'reference',
    fetch: async () => (await api.call<'merchantWallets.banks'>('merchantWallets.banks', { query: REFERENCE_PAGE })).content,
  });
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
