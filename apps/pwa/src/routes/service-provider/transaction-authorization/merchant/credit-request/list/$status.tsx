import { createFileRoute, redirect } from '@tanstack/react-router';
import { tableSearchSchema } from '@/lib/table-state-search.ts';
import { SpCreditRequests } from '@/features/sp-credit/sp-credit-requests.tsx';
import { CREDIT_TABS } from '@/features/sp-credit/credit-tabs.ts';

export const Route = createFileRoute('/service-provider/transaction-authorization/merchant/credit-request/list/$status')({
  validateSearch: tableSearchSchema,
  // An unknown tab opens the TSP's work queue rather than a list no tab names.
  beforeLoad: ({ params }) => {
    if (!CREDIT_TABS.some((tab) => tab.slug === params.status)) {
      throw redirect({ to: '/service-provider/transaction-authorization/merchant/credit-request/list/$status', params: { status: 'pending' }, replace: true });
    }
  },
  component: function CreditRequestsRoute() {
    const { status } = Route.useParams();
    return <SpCreditRequests key={status} route={Route} slug={status} />;
  },
});
