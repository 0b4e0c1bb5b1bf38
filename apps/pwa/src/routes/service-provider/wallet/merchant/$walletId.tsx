import { createFileRoute } from '@tanstack/react-router';
import { validateTabViewTableSearch } from '@/lib/search-params.ts';
import { statementView } from '@/components/wallets/statement-views.tsx';
import { SpWalletDetailScreen } from '@/features/sp-wallets/sp-wallet-detail-screen.tsx';
import { spWalletDetailTab } from '@/features/sp-wallets/sp-wallet-detail-tabs.ts';

export const Route = createFileRoute('/service-provider/wallet/merchant/$walletId')({
  validateSearch: validateTabViewTableSearch,
  component: SpWalletDetailRoute,
});

function SpWalletDetailRoute() {
  const { walletId } = Route.useParams();
  const { tab, view } = Route.useSearch();
  return <SpWalletDetailScreen walletId={walletId} owner="merchant" tab={spWalletDetailTab(tab)} view={statementView(view)} tableRoute={Route} />;
}
