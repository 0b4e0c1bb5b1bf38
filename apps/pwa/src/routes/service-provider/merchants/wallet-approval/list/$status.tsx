import { createFileRoute } from '@tanstack/react-router';
import { validateTableSearch } from '@/lib/search-params.ts';
import { SpWalletApproval } from '@/features/sp-wallets/sp-wallet-approval.tsx';
import { openKnownTab } from '@/lib/status-tab-route.ts';
import { WALLET_APPROVAL_TABS } from '@corridor/domain';

export const Route = createFileRoute('/service-provider/merchants/wallet-approval/list/$status')({
  validateSearch: validateTableSearch,
  beforeLoad: openKnownTab(WALLET_APPROVAL_TABS, 'overview'),
  component: function WalletApprovalRoute() {
    const { status } = Route.useParams();
    return <SpWalletApproval key={status} route={Route} status={status} />;
  },
});
