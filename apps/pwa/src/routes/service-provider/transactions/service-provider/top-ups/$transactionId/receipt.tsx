import { createFileRoute } from '@tanstack/react-router';
import { TransactionReceiptScreen } from '@/features/transactions/transaction-receipt-screen.tsx';

export const Route = createFileRoute('/service-provider/transactions/service-provider/top-ups/$transactionId/receipt')({
  component: function SpTopUpReceiptRoute() {
    const { transactionId } = Route.useParams();
    return <TransactionReceiptScreen key={transactionId} viewer="TSP" kind="TOP_UP" transactionId={transactionId} />;
  },
});
