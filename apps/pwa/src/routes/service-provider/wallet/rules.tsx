import { createFileRoute } from '@tanstack/react-router';
import { validateTableSearch } from '@/lib/search-params.ts';
import { SpRules } from '@/features/sp-wallets/sp-rules.tsx';

export const Route = createFileRoute('/service-provider/wallet/rules')({
  validateSearch: validateTableSearch,
  component: () => <SpRules route={Route} />,
});
