import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { tableSearchSchema } from '@/lib/table-state-search.ts';
import { CreditRequestsScreen } from '@/features/merchant-credit/credit-requests-screen.tsx';

export const Route = createFileRoute('/merchant/transactions/credit-request')({
  validateSearch: tableSearchSchema.extend({ tab: z.string().optional().catch(undefined) }),
  component: CreditRequestRoute,
});

function CreditRequestRoute() {
  const { tab } = Route.useSearch();
  return <CreditRequestsScreen route={Route} tab={tab} />;
}
