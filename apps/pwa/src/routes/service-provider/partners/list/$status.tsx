import { createFileRoute } from '@tanstack/react-router';
import { validateTableSearch } from '@/lib/search-params.ts';
import { openKnownTab } from '@/lib/status-tab-route.ts';
import { PartnersScreen } from '@/features/partners/partners-screen.tsx';
import { PARTNER_TABS } from '@corridor/domain';

export const Route = createFileRoute('/service-provider/partners/list/$status')({
  validateSearch: validateTableSearch,
  beforeLoad: openKnownTab(PARTNER_TABS, 'overview'),
  component: function PartnersRoute() {
    const { status } = Route.useParams();
    return <PartnersScreen key={status} route={Route} slug={status} />;
  },
});
