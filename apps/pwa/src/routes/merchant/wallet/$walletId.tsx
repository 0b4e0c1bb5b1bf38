import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { tableSearchSchema } from '@/lib/table-state-search.ts';
import { WalletCreditRequests } from '@/features/merchant-credit/wallet-credit-requests.tsx';
import { WalletDetailScreen } from '@/features/wallets/wallet-detail-screen.tsx';
import { walletDetailTab } from '@/features/wallets/wallet-detail-tabs.ts';

export const Route = createFileRoute('/merchant/wallet/$walletId')({
  validateSearch: tableSearchSchema.extend({ tab: z.string().optional().catch(undefined) }),
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
