import { useCallback } from 'react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { TransferScreen } from '@/features/transaction-forms/transfer-screen.tsx';

export const Route = createFileRoute('/merchant/transactions/transfers/new')({
  component: MerchantNewTransfer,
});

const LIST = '/merchant/transactions/transfers';

function MerchantNewTransfer() {
  const router = useRouter();
  // The transfer's own page once the server holds its amount: both approvals follow there.
  const open = useCallback((created: { transactionId: string }) => router.history.push(`${LIST}/${encodeURIComponent(created.transactionId)}`), [router]);
  const toList = useCallback(() => router.history.push(LIST), [router]);
  return <TransferScreen listPath={LIST} onCreated={open} onCancel={toList} />;
}
