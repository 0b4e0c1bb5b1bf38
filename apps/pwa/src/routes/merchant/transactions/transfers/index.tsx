import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { AppLink } from '@/components/app-link.tsx';
import { buttonVariants } from '@/components/ui/button.tsx';
import { TransactionsScreen } from '@/features/transactions/transactions-screen.tsx';
import { validateTabTableSearch } from '@/lib/search-params.ts';

export const Route = createFileRoute('/merchant/transactions/transfers/')({
  validateSearch: validateTabTableSearch,
  component: function MerchantTransfersRoute() {
    const { t } = useTranslation();
    const { tab } = Route.useSearch();
    return (
      <TransactionsScreen
        key={tab ?? 'overview'}
        viewer="MERCHANT"
        kind="TRANSFER"
        route={Route}
        tab={tab}
        actions={
          // The form has its own route (transfers/new); a plain path keeps this file free of it.
          <AppLink href="/merchant/transactions/transfers/new" className={buttonVariants()} data-testid="transaction-new">
            <Plus aria-hidden />
            {t('transactionForms.newTransfer')}
          </AppLink>
        }
      />
    );
  },
});
