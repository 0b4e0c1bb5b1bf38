import type { z } from 'zod';
import type { beneficiary, exchangeRate } from '@corridor/api';
import type { QuoteRole } from '@corridor/state-machines';
import type { Wallet, WalletCurrency } from '@/components/wallets/wallet-types.ts';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { ALL_ROWS_PAGE, REFERENCE_PAGE } from '@/lib/page-query.ts';

export type Beneficiary = z.output<typeof beneficiary>;
export type CachedRate = z.output<typeof exchangeRate>;

const WALLET_QUERY = { ...ALL_ROWS_PAGE, inclPosition: true } as const;

/**
 * The wallets a payment can be sent from: the merchant's own, or (for a TSP) its merchants'. Same
 * calls and queries as the wallet lists, so an offline form reads the wallets they cached.
 */
export function usePaymentWallets(role: QuoteRole) {
  return useLocalFirst<{ content: Wallet[] }>({
    key: cacheKey(role === 'TSP' ? 'spWallets.merchantWallets' : 'merchantWallets.list', role === 'TSP' ? ALL_ROWS_PAGE : WALLET_QUERY),
    store: 'wallets',
    fetch: () =>
      role === 'TSP'
        ? api.call<'spWallets.merchantWallets'>('spWallets.merchantWallets', { query: ALL_ROWS_PAGE })
        : api.call<'merchantWallets.list'>('merchantWallets.list', { query: WALLET_QUERY }),
  });
}

/**
 * Currencies with their decimals: the receive currency's choices and every amount's precision. Each
 * key is cached in the shape the other screens reading it store (the merchant's credit screen keeps
 * the rows, the TSP's wallet screens the page), so one cached entry serves all of them.
 */
export function usePaymentCurrencies(role: QuoteRole): { data: WalletCurrency[] | undefined } {
  const state = useLocalFirst<WalletCurrency[] | { content: WalletCurrency[] }>({
    key: cacheKey(role === 'TSP' ? 'spWallets.currencies' : 'merchantWallets.currencies', REFERENCE_PAGE),
    store: 'reference',
    fetch: async () =>
      role === 'TSP'
        ? api.call<'spWallets.currencies'>('spWallets.currencies', { query: REFERENCE_PAGE })
        : (await api.call<'merchantWallets.currencies'>('merchantWallets.currencies', { query: REFERENCE_PAGE })).content,
  });
  const data = state.data;
  return { data: data === undefined ? undefined : Array.isArray(data) ? data : data.content };
}

/** The merchant's saved beneficiaries (a TSP reads those of the merchant whose wallet pays). */
export function useBeneficiaries(role: QuoteRole, merchantId: string) {
  const query = role === 'TSP' ? { ...ALL_ROWS_PAGE, merchantServiceId: merchantId } : ALL_ROWS_PAGE;
  return useLocalFirst({
    key: cacheKey(role === 'TSP' ? 'beneficiaries.spList' : 'beneficiaries.list', query),
    enabled: role === 'MERCHANT' || merchantId !== '',
    fetch: () =>
      role === 'TSP'
        ? api.call<'beneficiaries.spList'>('beneficiaries.spList', { query })
        : api.call<'beneficiaries.list'>('beneficiaries.list', { query: ALL_ROWS_PAGE }),
  });
}

/**
 * The last rates read from the server, kept on the device: offline, the FX panel prices with them
 * as an indicative price (the merchant's rates after its TSP's markups; the TSP's calibrated rates).
 */
export function useCachedRates(role: QuoteRole) {
  return useLocalFirst<CachedRate[]>({
    key: cacheKey(role === 'TSP' ? 'rates.calibrated' : 'rates.merchantApi'),
    fetch: () =>
      role === 'TSP' ? api.call<'rates.calibrated'>('rates.calibrated', { query: {} }) : api.call<'rates.merchantApi'>('rates.merchantApi', { query: {} }),
  });
}
