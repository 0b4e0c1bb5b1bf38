import { createFileRoute } from '@tanstack/react-router';
import { RevaluationScreen } from '@/features/sp-revaluation/revaluation-screen.tsx';
import { validateTableSearch } from '@/lib/search-params.ts';

export const Route = createFileRoute('/service-provider/transactions/revaluation/list')({
  validateSearch: validateTableSearch,
  component: function SpRevaluationRoute() {
    return <RevaluationScreen route={Route} />;
  },
});
