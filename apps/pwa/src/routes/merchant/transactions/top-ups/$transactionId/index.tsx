import { createFileRoute } from '@tanstack/react-router';
import { TransactionDetailScreen } from '@/features/transactions/transaction-detail-screen.tsx';

export const Route = createFileRoute('/merchant/transactions/top-ups/$transactionId/')({
  component: function MerchantTopUpRoute() {
    const { transactionId } = Route.useParams();
    return <TransactionDetailScreen key={transactionId} viewer="MERCHANT" kind="TOP_UP" transactionId={transactionId} />;
  },
});
