import { createFileRoute } from '@tanstack/react-router';
import { MassPaymentsScreen } from '@/features/mass-payments/mass-payments-screen.tsx';

export const Route = createFileRoute('/merchant/transactions/mass-payments')({
  component: MassPaymentsScreen,
});
