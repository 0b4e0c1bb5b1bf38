import { createFileRoute } from '@tanstack/react-router';
import { PaymentDetailScreen } from '@/features/payments/payment-detail-screen.tsx';

export const Route = createFileRoute('/merchant/transactions/payments/$paymentId')({
  component: function MerchantPaymentRoute() {
    const { paymentId } = Route.useParams();
    return <PaymentDetailScreen key={paymentId} viewer="MERCHANT" paymentId={paymentId} />;
  },
});
