import { createFileRoute } from '@tanstack/react-router';
import { TransactionDetailScreen } from '@/features/transactions/transaction-detail-screen.tsx';

export const Route = createFileRoute('/service-provider/transactions/deals/$transactionId/')({
  component: function SpDealRoute() {
    const { transactionId } = Route.useParams();
    return <TransactionDetailScreen key={transactionId} viewer="TSP" kind="TRANSFER" transactionId={transactionId} />;
  },
});
