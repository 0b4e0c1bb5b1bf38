import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { AppLink } from '@/components/app-link.tsx';
import { buttonVariants } from '@/components/ui/button.tsx';
import { tabLinkClass } from '@/components/wallets/tab-nav.tsx';
import { PaymentsScreen } from '@/features/payments/payments-screen.tsx';
import { validateTabTableSearch } from '@/lib/search-params.ts';

export const Route = createFileRoute('/merchant/transactions/payments/')({
  validateSearch: validateTabTableSearch,
  component: MerchantPaymentsRoute,
});

function MerchantPaymentsRoute() {
  const { t } = useTranslation();
  const { tab } = Route.useSearch();
  return (
    <PaymentsScreen
      key={tab ?? 'overview'}
      viewer="MERCHANT"
      route={Route}
      tab={tab}
      tabLink={(def, active) => (
        <Link
          key={def.slug}
          to="/merchant/transactions/payments"
          search={{ tab: def.slug }}
          data-testid={`payment-tab-${def.slug}`}
          aria-current={active ? 'page' : undefined}
          className={tabLinkClass(active)}
        >
          {t(def.labelKey)}
        </Link>
      )}
      actions={
        // The new-payment form has its own route (payments/new); a plain path keeps this file free of it.
        <AppLink href="/merchant/transactions/payments/new" className={buttonVariants()} data-testid="payment-new">
          <Plus aria-hidden />
          {t('paymentList.new')}
        </AppLink>
      }
    />
  );
}
