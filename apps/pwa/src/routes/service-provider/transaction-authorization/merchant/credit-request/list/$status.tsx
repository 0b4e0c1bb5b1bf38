import { createFileRoute } from '@tanstack/react-router';
import { validateTableSearch } from '@/lib/search-params.ts';
import { SpCreditRequests } from '@/features/sp-credit/sp-credit-requests.tsx';
import { openKnownTab } from '@/lib/status-tab-route.ts';
import { REQUEST_TABS } from '@corridor/domain';

export const Route = createFileRoute('/service-provider/transaction-authorization/merchant/credit-request/list/$status')({
  validateSearch: validateTableSearch,
  beforeLoad: openKnownTab(REQUEST_TABS, 'pending'),
  component: function CreditRequestsRoute() {
    const { status } = Route.useParams();
    return <SpCreditRequests key={status} route={Route} slug={status} />;
  },
});
