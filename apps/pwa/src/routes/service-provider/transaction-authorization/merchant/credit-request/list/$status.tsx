import { createFileRoute } from '@tanstack/react-router';
import { tableSearchSchema } from '@/lib/table-state-search.ts';
import { SpCreditRequests } from '@/features/sp-credit/sp-credit-requests.tsx';

export const Route = createFileRoute('/service-provider/transaction-authorization/merchant/credit-request/list/$status')({
  validateSearch: tableSearchSchema,
  component: function CreditRequestsRoute() {
    const { status } = Route.useParams();
    return <SpCreditRequests key={status} route={Route} slug={status} />;
  },
});
