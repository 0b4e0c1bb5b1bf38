import { createFileRoute } from '@tanstack/react-router';
import { TransactionsScreen } from '@/features/transactions/transactions-screen.tsx';
import { validateTableSearch } from '@/lib/search-params.ts';
import { openKnownTab } from '@/lib/status-tab-route.ts';
import { TRANSACTION_TABS } from '@corridor/domain';

export const Route = createFileRoute('/service-provider/transactions/deals/list/$status')({
  validateSearch: validateTableSearch,
  beforeLoad: openKnownTab(TRANSACTION_TABS, 'overview'),
  component: function SpDealsRoute() {
    const { status } = Route.useParams();
    return <TransactionsScreen key={status} viewer="TSP" kind="TRANSFER" route={Route} tab={status} />;
  },
});
