import { createFileRoute } from '@tanstack/react-router';
import { WalletListScreen } from '@/features/wallets/wallet-list-screen.tsx';
import type { WalletListSearch } from '@/features/wallets/wallet-list-search.ts';
import { validateWalletListSearch } from '@/lib/search-params.ts';

export const Route = createFileRoute('/merchant/wallet/')({
  validateSearch: validateWalletListSearch,
  component: WalletListRoute,
});

function WalletListRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = (next: Partial<WalletListSearch>) => void navigate({ search: (current) => ({ ...current, ...next }), replace: true });
  return <WalletListScreen search={search} onSearchChange={onSearchChange} />;
}
