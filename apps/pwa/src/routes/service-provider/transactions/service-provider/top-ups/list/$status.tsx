import { createFileRoute } from '@tanstack/react-router';
import { TransactionsScreen } from '@/features/transactions/transactions-screen.tsx';
import { validateTableSearch } from '@/lib/search-params.ts';
import { openKnownTab } from '@/lib/status-tab-route.ts';
import { TRANSACTION_TABS } from '@corridor/domain';

export const Route = createFileRoute('/service-provider/transactions/service-provider/top-ups/list/$status')({
  validateSearch: validateTableSearch,
  beforeLoad: openKnownTab(TRANSACTION_TABS, 'overview'),
  component: function SpTopUpsRoute() {
    const { status } = Route.useParams();
    return <TransactionsScreen key={status} viewer="TSP" kind="TOP_UP" route={Route} tab={status} />;
  },
});
