import { createFileRoute } from '@tanstack/react-router';
import { validateTabTableSearch } from '@/lib/search-params.ts';
import { SpWalletDetailScreen } from '@/features/sp-wallets/sp-wallet-detail-screen.tsx';
import { spWalletDetailTab } from '@/features/sp-wallets/sp-wallet-detail-tabs.ts';

export const Route = createFileRoute('/service-provider/wallet/account/$walletId')({
  validateSearch: validateTabTableSearch,
  component: SpWalletDetailRoute,
});

function SpWalletDetailRoute() {
  const { walletId } = Route.useParams();
  const { tab } = Route.useSearch();
  return <SpWalletDetailScreen walletId={walletId} owner="own" tab={spWalletDetailTab(tab)} tableRoute={Route} />;
}
