import { useMemo } from 'react';
import type { Wallet, WalletCurrency } from '@/components/wallets/wallet-types.ts';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { ALL_ROWS_PAGE, REFERENCE_PAGE } from '@/lib/page-query.ts';
import type { MassContext } from './mass-validate.ts';

const WALLET_QUERY = { ...ALL_ROWS_PAGE, inclPosition: true } as const;

/**
 * What a file is checked against: the merchant's wallets with their positions, the currencies and
 * the saved beneficiaries. Same calls and cache keys as the payment form, so a file is checked
 * offline against what the device last read. Null until all three are known.
 */
export function useMassContext(): { context: MassContext | null; wallets: Wallet[]; loading: boolean } {
  const wallets = useLocalFirst<{ content: Wallet[] }>({
    key: cacheKey('merchantWallets.list', WALLET_QUERY),
    store: 'wallets',
    fetch: () => api.call<'merchantWallets.list'>('merchantWallets.list', { query: WALLET_QUERY }),
  });
  const currencies = useLocalFirst<WalletCurrency[]>({
    key: cacheKey('merchantWallets.currencies', REFERENCE_PAGE),
    store: 'reference',
    fetch: async () => (await api.call<'merchantWallets.currencies'>('merchantWallets.currencies', { query: REFERENCE_PAGE })).content,
  });
  const beneficiaries = useLocalFirst({
    key: cacheKey('beneficiaries.list', ALL_ROWS_PAGE),
    fetch: () => api.call<'beneficiaries.list'>('beneficiaries.list', { query: ALL_ROWS_PAGE }),
  });
  const context = useMemo<MassContext | null>(() => {
    if (!wallets.data || !currencies.data || !beneficiaries.data) return null;
    return {
      wallets: wallets.data.content.map((w) => ({
        id: w.id,
        walletAccountNumber: w.walletAccountNumber,
        alias: w.alias,
        currency: w.currency.code,
        active: w.status === 'ACTIVE',
        payment: w.type === 'PAYMENT' || w.types.includes('PAYMENT'),
        position: w.position
          ? {
              balance: w.position.balance.amount,
              reserve: w.position.reserve.amount,
              merchantReserve: w.position.merchantReserve.amount,
              openPosition: w.position.openPosition.amount,
              pendingAuthorization: w.position.pendingAuthorization.amount,
            }
          : null,
        creditLimit: w.position?.creditPosition.creditLimit.amount ?? '0',
      })),
      currencies: new Map(currencies.data.map((c) => [c.code, c.dp ?? 2])),
      beneficiaries: new Map(beneficiaries.data.content.filter((b) => b.status === 'ACTIVE').map((b) => [b.id, b])),
    };
  }, [wallets.data, currencies.data, beneficiaries.data]);
  return { context, wallets: wallets.data?.content ?? [], loading: context === null && (wallets.loading || currencies.loading || beneficiaries.loading) };
}
