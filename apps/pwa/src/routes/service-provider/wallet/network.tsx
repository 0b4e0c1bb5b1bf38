import { createFileRoute } from '@tanstack/react-router';
import { validateTableSearch } from '@/lib/search-params.ts';
import { SpNetwork } from '@/features/sp-wallets/sp-network.tsx';

export const Route = createFileRoute('/service-provider/wallet/network')({
  validateSearch: validateTableSearch,
  component: () => <SpNetwork route={Route} />,
});
