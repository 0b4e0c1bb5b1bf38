import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { tabLinkClass } from '@/components/wallets/tab-nav.tsx';
import { PaymentsScreen } from '@/features/payments/payments-screen.tsx';
import { validateTableSearch } from '@/lib/search-params.ts';
import { openKnownTab } from '@/lib/status-tab-route.ts';
import { PAYMENT_TABS } from '@corridor/domain';

export const Route = createFileRoute('/service-provider/transactions/payments/list/$status')({
  validateSearch: validateTableSearch,
  beforeLoad: openKnownTab(PAYMENT_TABS, 'overview'),
  component: function SpPaymentsRoute() {
    const { t } = useTranslation();
    const { status } = Route.useParams();
    return (
      <PaymentsScreen
        key={status}
        viewer="TSP"
        route={Route}
        tab={status}
        tabLink={(def, active) => (
          <Link
            key={def.slug}
            to="/service-provider/transactions/payments/list/$status"
            params={{ status: def.slug }}
            data-testid={`payment-tab-${def.slug}`}
            aria-current={active ? 'page' : undefined}
            className={tabLinkClass(active)}
          >
            {t(def.labelKey)}
          </Link>
        )}
      />
    );
  },
});
