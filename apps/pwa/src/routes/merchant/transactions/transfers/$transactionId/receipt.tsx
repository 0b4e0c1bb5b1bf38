import { createFileRoute } from '@tanstack/react-router';
import { TransactionReceiptScreen } from '@/features/transactions/transaction-receipt-screen.tsx';

export const Route = createFileRoute('/merchant/transactions/transfers/$transactionId/receipt')({
  component: function MerchantTransferReceiptRoute() {
    const { transactionId } = Route.useParams();
    return <TransactionReceiptScreen key={transactionId} viewer="MERCHANT" kind="TRANSFER" transactionId={transactionId} />;
  },
});
