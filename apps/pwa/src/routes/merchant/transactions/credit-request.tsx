import { createFileRoute } from '@tanstack/react-router';
import { validateTabTableSearch } from '@/lib/search-params.ts';
import { CreditRequestsScreen } from '@/features/merchant-credit/credit-requests-screen.tsx';

export const Route = createFileRoute('/merchant/transactions/credit-request')({
  validateSearch: validateTabTableSearch,
  component: CreditRequestRoute,
});

function CreditRequestRoute() {
  const { tab } = Route.useSearch();
  return <CreditRequestsScreen route={Route} tab={tab} />;
}
