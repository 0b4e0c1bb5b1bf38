import { createFileRoute } from '@tanstack/react-router';
import { ReconciliationScreen } from '@/features/reconciliation/reconciliation-screen.tsx';
import { validateTableSearch } from '@/lib/search-params.ts';

export const Route = createFileRoute('/service-provider/chart/excess-and-exceptions')({
  validateSearch: validateTableSearch,
  component: function SpReconciliationRoute() {
    return <ReconciliationScreen route={Route} />;
  },
});
