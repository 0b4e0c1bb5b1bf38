import { createFileRoute } from '@tanstack/react-router';
import { validateTableSearch } from '@/lib/search-params.ts';
import { openKnownTab } from '@/lib/status-tab-route.ts';
import { MerchantAuthorization } from '@/features/merchant-authorization/merchant-authorization.tsx';
import { MERCHANT_AUTH_TABS } from '@corridor/domain';

export const Route = createFileRoute('/service-provider/merchants/authorization/list/$status')({
  validateSearch: validateTableSearch,
  beforeLoad: openKnownTab(MERCHANT_AUTH_TABS, 'overview'),
  component: function MerchantAuthorizationRoute() {
    const { status } = Route.useParams();
    return <MerchantAuthorization key={status} route={Route} slug={status} />;
  },
});
