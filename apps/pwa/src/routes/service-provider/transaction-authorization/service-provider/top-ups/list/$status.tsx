import { createFileRoute } from '@tanstack/react-router';
import { validateTableSearch } from '@/lib/search-params.ts';
import { openKnownTab } from '@/lib/status-tab-route.ts';
import { SpAuthorizations } from '@/features/sp-authorizations/sp-authorizations.tsx';
import { AUTH_TABS } from '@corridor/domain';

export const Route = createFileRoute('/service-provider/transaction-authorization/service-provider/top-ups/list/$status')({
  validateSearch: validateTableSearch,
  beforeLoad: openKnownTab(AUTH_TABS, 'pending'),
  component: function AuthorizationsRoute() {
    const { status } = Route.useParams();
    return <SpAuthorizations key={status} kind="top-ups" route={Route} slug={status} />;
  },
});
