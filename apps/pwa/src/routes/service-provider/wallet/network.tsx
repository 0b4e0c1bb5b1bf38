import { createFileRoute } from '@tanstack/react-router';
import { tableSearchSchema } from '@/lib/table-state-search.ts';
import { SpNetwork } from '@/features/sp-wallets/sp-network.tsx';

export const Route = createFileRoute('/service-provider/wallet/network')({
  validateSearch: tableSearchSchema,
  component: () => <SpNetwork route={Route} />,
});
