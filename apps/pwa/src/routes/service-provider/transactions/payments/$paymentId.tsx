import { createFileRoute } from '@tanstack/react-router';
import { PaymentDetailScreen } from '@/features/payments/payment-detail-screen.tsx';

export const Route = createFileRoute('/service-provider/transactions/payments/$paymentId')({
  component: function SpPaymentRoute() {
    const { paymentId } = Route.useParams();
    return <PaymentDetailScreen key={paymentId} viewer="TSP" paymentId={paymentId} />;
  },
});
