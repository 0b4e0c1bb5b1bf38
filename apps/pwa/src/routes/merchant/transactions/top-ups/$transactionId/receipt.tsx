import { createFileRoute } from '@tanstack/react-router';
import { TransactionReceiptScreen } from '@/features/transactions/transaction-receipt-screen.tsx';

export const Route = createFileRoute('/merchant/transactions/top-ups/$transactionId/receipt')({
  component: function MerchantTopUpReceiptRoute() {
    const { transactionId } = Route.useParams();
    return <TransactionReceiptScreen key={transactionId} viewer="MERCHANT" kind="TOP_UP" transactionId={transactionId} />;
  },
});
