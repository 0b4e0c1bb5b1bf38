import { createFileRoute } from '@tanstack/react-router';
import { validateTableSearch } from '@/lib/search-params.ts';
import { SpWalletList } from '@/features/sp-wallets/sp-wallet-list.tsx';
import { startSpWalletList } from '@/features/sp-wallets/sp-wallet-list-query.ts';

/** The SP home (the Wallet group's own path) opens on the wallet list. */
export const Route = createFileRoute('/service-provider/wallet/')({
  validateSearch: validateTableSearch,
  // The home's answers, started as soon as a sign-in's token has come (lib/prefetch-home.ts).
  staticData: { startAhead: startSpWalletList },
  component: () => <SpWalletList route={Route} />,
});
