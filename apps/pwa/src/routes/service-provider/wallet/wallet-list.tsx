import { createFileRoute } from '@tanstack/react-router';
import { tableSearchSchema } from '@/lib/table-state-search.ts';
import { SpWalletList } from '@/features/sp-wallets/sp-wallet-list.tsx';

export const Route = createFileRoute('/service-provider/wallet/wallet-list')({
  validateSearch: tableSearchSchema,
  component: () => <SpWalletList route={Route} />,
});
