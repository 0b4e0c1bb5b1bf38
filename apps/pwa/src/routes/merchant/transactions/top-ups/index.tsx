import { createFileRoute } from '@tanstack/react-router';
import { TransactionsScreen } from '@/features/transactions/transactions-screen.tsx';
import { validateTabTableSearch } from '@/lib/search-params.ts';

export const Route = createFileRoute('/merchant/transactions/top-ups/')({
  validateSearch: validateTabTableSearch,
  component: function MerchantTopUpsRoute() {
    const { tab } = Route.useSearch();
    return <TransactionsScreen key={tab ?? 'overview'} viewer="MERCHANT" kind="TOP_UP" route={Route} tab={tab} />;
  },
});
