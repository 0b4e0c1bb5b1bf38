import { createFileRoute } from '@tanstack/react-router';
import { validateTableSearch } from '@/lib/search-params.ts';
import { SpWalletList } from '@/features/sp-wallets/sp-wallet-list.tsx';

/** The SP home (the Wallet group's own path) opens on the wallet list. */
export const Route = createFileRoute('/service-provider/wallet/')({
  validateSearch: validateTableSearch,
  component: () => <SpWalletList route={Route} />,
});
