import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SpMassBatchesScreen } from '@/features/mass-payments/sp-mass-batches-screen.tsx';

export const Route = createFileRoute('/service-provider/transactions/mass-payments/list/overview')({
  component: function SpMassPaymentsRoute() {
    const navigate = useNavigate();
    // A batch opens in the payments list, filtered on its reference: the same list, actions and details.
    return (
      <SpMassBatchesScreen
        onOpen={(batch) =>
          void navigate({
            to: '/service-provider/transactions/payments/list/$status',
            params: { status: 'overview' },
            search: { filters: [{ key: 'referenceNumber', value: batch }] },
          })
        }
      />
    );
  },
});
