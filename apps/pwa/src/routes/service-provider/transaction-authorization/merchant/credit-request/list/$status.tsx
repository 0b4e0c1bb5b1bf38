import { createFileRoute } from '@tanstack/react-router';
import { validateTableSearch } from '@/lib/search-params.ts';
import { SpCreditRequests } from '@/features/sp-credit/sp-credit-requests.tsx';
import { CREDIT_TABS } from '@/features/sp-credit/credit-tabs.ts';
import { openKnownTab } from '@/lib/status-tab-route.ts';

export const Route = createFileRoute('/service-provider/transaction-authorization/merchant/credit-request/list/$status')({
  validateSearch: validateTableSearch,
  beforeLoad: openKnownTab(CREDIT_TABS, 'pending'),
  component: function CreditRequestsRoute() {
    const { status } = Route.useParams();
    return <SpCreditRequests key={status} route={Route} slug={status} />;
  },
});
