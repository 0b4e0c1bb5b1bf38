import { createFileRoute } from '@tanstack/react-router';
import { validateTableSearch } from '@/lib/search-params.ts';
import { SettlementRatesScreen } from '@/features/rates/merchant-rates-screens.tsx';

export const Route = createFileRoute('/merchant/rates/settlement-rates')({
  validateSearch: validateTableSearch,
  component: () => <SettlementRatesScreen route={Route} />,
});
