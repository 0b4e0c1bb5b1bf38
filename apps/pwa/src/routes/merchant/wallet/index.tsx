import { createFileRoute } from '@tanstack/react-router';
import { WalletListScreen } from '@/features/wallets/wallet-list-screen.tsx';
import { filtersOf } from '@/features/wallets/wallet-list-filters.ts';
import { startWalletList } from '@/features/wallets/wallet-list-query.ts';
import type { WalletListSearch } from '@/features/wallets/wallet-list-search.ts';
import { validateWalletListSearch } from '@/lib/search-params.ts';

export const Route = createFileRoute('/merchant/wallet/')({
  validateSearch: validateWalletListSearch,
  loaderDeps: ({ search }) => filtersOf(search),
  // Runs again only when the filters change (the summary card choice asks nothing of the server): each
  // answer it starts is taken by the screen that mounts or re-keys. It runs for preloads too: after
  // sign-in the session preloads the home route before going there (session-navigation.ts).
  staleTime: Infinity,
  // Not awaited: the screen renders from the device at once; its answers only start sooner.
  loader: ({ context, deps }) => startWalletList(context.user.id, deps),
  // The same answers for the address the sign-in goes to, started as soon as its token has come (lib/prefetch-home.ts):
  // the loader then finds them under way.
  staticData: { startAhead: (userId) => startWalletList(userId, filtersOf(validateWalletListSearch({}))) },
  component: WalletListRoute,
});

function WalletListRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = (next: Partial<WalletListSearch>) => void navigate({ search: (current) => ({ ...current, ...next }), replace: true });
  return <WalletListScreen search={search} onSearchChange={onSearchChange} />;
}
