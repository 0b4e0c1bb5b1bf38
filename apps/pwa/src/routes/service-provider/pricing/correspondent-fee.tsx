import { createFileRoute } from '@tanstack/react-router';
import { validateTableSearch } from '@/lib/search-params.ts';
import { FeeRulesScreen } from '@/features/pricing/fee-rules-screen.tsx';

export const Route = createFileRoute('/service-provider/pricing/correspondent-fee')({
  validateSearch: validateTableSearch,
  component: () => <FeeRulesScreen route={Route} kind="CORRESPONDENT" />,
});
