import { createFileRoute } from '@tanstack/react-router';
import { validateTabViewTableSearch } from '@/lib/search-params.ts';
import { statementView } from '@/components/wallets/statement-views.tsx';
import { LazyWalletCreditRequests } from '@/features/merchant-credit/lazy-wallet-credit-requests.tsx';
import { WalletDetailScreen } from '@/features/wallets/wallet-detail-screen.tsx';
import { walletDetailTab } from '@/features/wallets/wallet-detail-tabs.ts';

export const Route = createFileRoute('/merchant/wallet/$walletId')({
  validateSearch: validateTabViewTableSearch,
  component: WalletDetailRoute,
});

function WalletDetailRoute() {
  const { walletId } = Route.useParams();
  const { tab, view } = Route.useSearch();
  return (
    <WalletDetailScreen
      walletId={walletId}
      tab={walletDetailTab(tab)}
      view={statementView(view)}
      tableRoute={Route}
      creditRequests={(wallet) => <LazyWalletCreditRequests route={Route} walletId={wallet.id} />}
    />
  );
}
