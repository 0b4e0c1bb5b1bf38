import { createFileRoute } from '@tanstack/react-router';
import { validateTableSearch } from '@/lib/search-params.ts';
import { BeneficiariesScreen } from '@/features/beneficiaries/beneficiaries-screen.tsx';

export const Route = createFileRoute('/merchant/beneficiaries/')({
  validateSearch: validateTableSearch,
  component: BeneficiariesRoute,
});

function BeneficiariesRoute() {
  return <BeneficiariesScreen route={Route} />;
}
