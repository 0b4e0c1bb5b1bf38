import { createFileRoute } from '@tanstack/react-router';
import { MiscPaymentsScreen } from '@/features/sp-misc-payments/misc-payments-screen.tsx';
import { validateTableSearch } from '@/lib/search-params.ts';

export const Route = createFileRoute('/service-provider/transactions/miscellaneous-payments/list')({
  validateSearch: validateTableSearch,
  component: function SpMiscPaymentsRoute() {
    return <MiscPaymentsScreen route={Route} />;
  },
});
