import { createFileRoute } from '@tanstack/react-router';
import { SpCashflow } from '@/features/sp-wallets/sp-cashflow.tsx';

export const Route = createFileRoute('/service-provider/wallet/cashflow')({
  component: SpCashflow,
});
