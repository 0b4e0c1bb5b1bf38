import { createFileRoute } from '@tanstack/react-router';
import { validateTableSearch } from '@/lib/search-params.ts';
import { RevaluationRatesScreen } from '@/features/rates/revaluation-rates-screen.tsx';

export const Route = createFileRoute('/service-provider/rate/revaluation')({
  validateSearch: validateTableSearch,
  component: () => <RevaluationRatesScreen route={Route} />,
});
