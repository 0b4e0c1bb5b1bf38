import { useCallback } from 'react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { PaymentFormScreen } from '@/features/payment-form/payment-form-screen.tsx';

export const Route = createFileRoute('/service-provider/transactions/payments/new')({
  component: TspNewPayment,
});

const LIST = '/service-provider/transactions/payments/list/overview';

function TspNewPayment() {
  const router = useRouter();
  // Back to the merchants' payments, where the new one shows with its status.
  const open = useCallback(() => router.history.push(LIST), [router]);
  return <PaymentFormScreen role="TSP" listPath={LIST} onSubmitted={open} />;
}
