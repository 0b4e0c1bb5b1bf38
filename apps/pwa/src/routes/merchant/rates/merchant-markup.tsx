import { createFileRoute } from '@tanstack/react-router';
import { validateTableSearch } from '@/lib/search-params.ts';
import { MerchantMarkupScreen } from '@/features/rates/merchant-rates-screens.tsx';

export const Route = createFileRoute('/merchant/rates/merchant-markup')({
  validateSearch: validateTableSearch,
  component: () => <MerchantMarkupScreen route={Route} />,
});
