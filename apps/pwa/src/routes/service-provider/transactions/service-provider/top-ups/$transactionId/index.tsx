import { createFileRoute } from '@tanstack/react-router';
import { TransactionDetailScreen } from '@/features/transactions/transaction-detail-screen.tsx';

export const Route = createFileRoute('/service-provider/transactions/service-provider/top-ups/$transactionId/')({
  component: function SpTopUpRoute() {
    const { transactionId } = Route.useParams();
    return <TransactionDetailScreen key={transactionId} viewer="TSP" kind="TOP_UP" transactionId={transactionId} />;
  },
});
