import { useCallback } from 'react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { TopUpScreen } from '@/features/transaction-forms/top-up-screen.tsx';

export const Route = createFileRoute('/merchant/transactions/top-ups/new')({
  component: MerchantNewTopUp,
});

const LIST = '/merchant/transactions/top-ups';

function MerchantNewTopUp() {
  const router = useRouter();
  // Back to the list, where the new top-up waits PENDING for its TSP (or, made offline, on the device).
  const toList = useCallback(() => router.history.push(LIST), [router]);
  return <TopUpScreen listPath={LIST} onCreated={toList} onQueued={toList} onCancel={toList} />;
}
