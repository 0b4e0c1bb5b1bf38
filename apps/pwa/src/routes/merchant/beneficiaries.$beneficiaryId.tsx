import { createFileRoute } from '@tanstack/react-router';
import { BeneficiaryDetailScreen } from '@/features/beneficiaries/beneficiary-detail-screen.tsx';

export const Route = createFileRoute('/merchant/beneficiaries/$beneficiaryId')({
  component: BeneficiaryDetailRoute,
});

function BeneficiaryDetailRoute() {
  const { beneficiaryId } = Route.useParams();
  return <BeneficiaryDetailScreen beneficiaryId={beneficiaryId} />;
}
