import { createFileRoute } from '@tanstack/react-router';
import { validateTabTableSearch } from '@/lib/search-params.ts';
import { WalletCreditRequests } from '@/features/merchant-credit/wallet-credit-requests.tsx';
import { WalletDetailScreen } from '@/features/wallets/wallet-detail-screen.tsx';
import { walletDetailTab } from '@/features/wallets/wallet-detail-tabs.ts';

export const Route = createFileRoute('/merchant/wallet/$walletId')({
  validateSearch: validateTabTableSearch,
  component: WalletDetailRoute,
});

function WalletDetailRoute() {
  const { walletId } = Route.useParams();
  const { tab } = Route.useSearch();
  return (
    <WalletDetailScreen
      walletId={walletId}
      tab={walletDetailTab(tab)}
      tableRoute={Route}
      creditRequests={(wallet) => <WalletCreditRequests route={Route} walletId={wallet.id} />}
    />
  );
}
