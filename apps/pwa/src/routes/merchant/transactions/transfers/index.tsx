import { createFileRoute } from '@tanstack/react-router';
import { TransactionsScreen } from '@/features/transactions/transactions-screen.tsx';
import { validateTabTableSearch } from '@/lib/search-params.ts';

export const Route = createFileRoute('/merchant/transactions/transfers/')({
  validateSearch: validateTabTableSearch,
  component: function MerchantTransfersRoute() {
    const { tab } = Route.useSearch();
    return <TransactionsScreen key={tab ?? 'overview'} viewer="MERCHANT" kind="TRANSFER" route={Route} tab={tab} />;
  },
});
