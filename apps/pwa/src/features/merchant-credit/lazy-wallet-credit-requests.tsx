import { lazy, Suspense } from 'react';
import type { TableSearchRoute } from '@/components/data-table/use-table-search.ts';

/**
 * The wallet page's credit tab loads its code when the tab is first opened: the wallet page itself stays
 * within its size budget, and most visits (balances, statement) never need the credit request table and form.
 */
const Requests = lazy(() => import('./wallet-credit-requests.tsx').then((module) => ({ default: module.WalletCreditRequests })));

export function LazyWalletCreditRequests({ route, walletId }: { route: TableSearchRoute; walletId: string }) {
  return (
    <Suspense fallback={<div className="h-40 animate-pulse rounded-md bg-muted" aria-busy="true" />}>
      <Requests route={route} walletId={walletId} />
    </Suspense>
  );
}
