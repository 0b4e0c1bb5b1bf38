import { createFileRoute } from '@tanstack/react-router';
import { tableSearchSchema } from '@/lib/table-state-search.ts';
import { SpRules } from '@/features/sp-wallets/sp-rules.tsx';

export const Route = createFileRoute('/service-provider/wallet/rules')({
  validateSearch: tableSearchSchema,
  component: () => <SpRules route={Route} />,
});
