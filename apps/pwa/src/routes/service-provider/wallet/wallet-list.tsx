import { createFileRoute } from '@tanstack/react-router';
import { validateTableSearch } from '@/lib/search-params.ts';
import { SpWalletList } from '@/features/sp-wallets/sp-wallet-list.tsx';

export const Route = createFileRoute('/service-provider/wallet/wallet-list')({
  validateSearch: validateTableSearch,
  component: () => <SpWalletList route={Route} />,
});
