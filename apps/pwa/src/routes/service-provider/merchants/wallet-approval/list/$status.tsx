import { createFileRoute, redirect } from '@tanstack/react-router';
import { tableSearchSchema } from '@/lib/table-state-search.ts';
import { SpWalletApproval } from '@/features/sp-wallets/sp-wallet-approval.tsx';
import { WALLET_APPROVAL_TABS } from '@/features/sp-wallets/wallet-approval-tabs.ts';

export const Route = createFileRoute('/service-provider/merchants/wallet-approval/list/$status')({
  validateSearch: tableSearchSchema,
  // An unknown tab opens the overview rather than a list no tab names.
  beforeLoad: ({ params }) => {
    if (!WALLET_APPROVAL_TABS.some((tab) => tab.slug === params.status)) {
      throw redirect({ to: '/service-provider/merchants/wallet-approval/list/$status', params: { status: 'overview' }, replace: true });
    }
  },
  component: function WalletApprovalRoute() {
    const { status } = Route.useParams();
    return <SpWalletApproval key={status} route={Route} status={status} />;
  },
});
