import { createFileRoute } from '@tanstack/react-router';
import { validateTableSearch } from '@/lib/search-params.ts';
import { TaxScreen } from '@/features/pricing/tax-screen.tsx';

export const Route = createFileRoute('/service-provider/pricing/tax')({
  // `kind` picks the merchant or the correspondent fees' taxes; merchant fees when absent.
  validateSearch: (search: Record<string, unknown>) => ({
    ...validateTableSearch(search),
    ...(search.kind === 'correspondent' || search.kind === 'merchant' ? { kind: search.kind } : {}),
  }),
  component: function TaxRoute() {
    const { kind } = Route.useSearch();
    return <TaxScreen key={kind} route={Route} kind={kind === 'correspondent' ? 'CORRESPONDENT' : 'MERCHANT'} />;
  },
});
