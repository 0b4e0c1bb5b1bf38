import { createFileRoute } from '@tanstack/react-router';
import { PartnerDetailScreen } from '@/features/partners/partner-detail-screen.tsx';

export const Route = createFileRoute('/service-provider/partners/$partnerId')({
  validateSearch: (search: Record<string, unknown>): { tab?: string } => (typeof search.tab === 'string' ? { tab: search.tab } : {}),
  component: function PartnerRoute() {
    const { partnerId } = Route.useParams();
    const { tab } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <PartnerDetailScreen partnerId={partnerId} tab={tab ?? 'company-profile'} onTab={(next) => void navigate({ search: { tab: next }, replace: true })} />
    );
  },
});
