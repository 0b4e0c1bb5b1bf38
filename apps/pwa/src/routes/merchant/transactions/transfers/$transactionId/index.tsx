import { createFileRoute } from '@tanstack/react-router';
import { TransactionDetailScreen } from '@/features/transactions/transaction-detail-screen.tsx';

export const Route = createFileRoute('/merchant/transactions/transfers/$transactionId/')({
  component: function MerchantTransferRoute() {
    const { transactionId } = Route.useParams();
    return <TransactionDetailScreen key={transactionId} viewer="MERCHANT" kind="TRANSFER" transactionId={transactionId} />;
  },
});
