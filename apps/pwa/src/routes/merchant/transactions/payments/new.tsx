import { useCallback } from 'react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { PaymentFormScreen } from '@/features/payment-form/payment-form-screen.tsx';

export const Route = createFileRoute('/merchant/transactions/payments/new')({
  component: MerchantNewPayment,
});

function MerchantNewPayment() {
  const router = useRouter();
  // The payment's own page once the server has it.
  const open = useCallback((payment: { id: string }) => router.history.push(`/merchant/transactions/payments/${payment.id}`), [router]);
  return <PaymentFormScreen role="MERCHANT" listPath="/merchant/transactions/payments" onSubmitted={open} />;
}
