import { createFileRoute } from '@tanstack/react-router';
import { tableSearchSchema } from '@/lib/table-state-search.ts';
import { SpWalletApproval } from '@/features/sp-wallets/sp-wallet-approval.tsx';

export const Route = createFileRoute('/service-provider/merchants/wallet-approval/list/$status')({
  validateSearch: tableSearchSchema,
  component: function WalletApprovalRoute() {
    const { status } = Route.useParams();
    return <SpWalletApproval key={status} route={Route} status={status} />;
  },
});
