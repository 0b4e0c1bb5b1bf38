import { createFileRoute } from '@tanstack/react-router';
import { ClearancesScreen } from '@/features/sp-clearances/clearances-screen.tsx';
import { validateTableSearch } from '@/lib/search-params.ts';

export const Route = createFileRoute('/service-provider/transactions/clearances')({
  validateSearch: validateTableSearch,
  component: function SpClearancesRoute() {
    return <ClearancesScreen route={Route} />;
  },
});
