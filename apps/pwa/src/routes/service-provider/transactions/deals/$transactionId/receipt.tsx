import { createFileRoute } from '@tanstack/react-router';
import { TransactionReceiptScreen } from '@/features/transactions/transaction-receipt-screen.tsx';

export const Route = createFileRoute('/service-provider/transactions/deals/$transactionId/receipt')({
  component: function SpDealReceiptRoute() {
    const { transactionId } = Route.useParams();
    return <TransactionReceiptScreen key={transactionId} viewer="TSP" kind="TRANSFER" transactionId={transactionId} />;
  },
});
