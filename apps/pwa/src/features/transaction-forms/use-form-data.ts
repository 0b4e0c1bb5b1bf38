import type { Wallet } from '@/components/wallets/wallet-types.ts';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { ALL_ROWS_PAGE, REFERENCE_PAGE } from '@/lib/page-query.ts';

// The wallet list's own call and query, so a form opened offline reads the wallets that list cached.
const WALLET_QUERY = { ...ALL_ROWS_PAGE, inclPosition: true } as const;

/** The merchant's own wallets: a top-up lands in one, a transfer moves between two of them. */
export function useOwnWallets() {
  return useLocalFirst<{ content: Wallet[] }>({
    key: cacheKey('merchantWallets.list', WALLET_QUERY),
    store: 'wallets',
    fetch: () => api.call<'merchantWallets.list'>('merchantWallets.list', { query: WALLET_QUERY }),
  });
}

/** How a top-up's money reaches the TSP (bank transfer, cash deposit...): the reference list of collection modes. */
export function useCollectionModes() {
  return useLocalFirst({
    key: cacheKey('reference.merchantCollectionModes', REFERENCE_PAGE),
    fetch: () => api.call<'reference.merchantCollectionModes'>('reference.merchantCollectionModes', { query: REFERENCE_PAGE }),
  });
}

/** A wallet as a select shows it: its alias and currency. */
export const walletChoice = (w: Wallet) => ({ value: w.id, label: `${w.alias} (${w.currency.code})` });
