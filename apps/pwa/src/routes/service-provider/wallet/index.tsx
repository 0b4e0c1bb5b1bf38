import { createFileRoute } from '@tanstack/react-router';
import { tableSearchSchema } from '@/lib/table-state-search.ts';
import { SpWalletList } from '@/features/sp-wallets/sp-wallet-list.tsx';

/** The SP home (the Wallet group's own path) opens on the wallet list. */
export const Route = createFileRoute('/service-provider/wallet/')({
  validateSearch: tableSearchSchema,
  component: () => <SpWalletList route={Route} />,
});
