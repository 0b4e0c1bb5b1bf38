import { createFileRoute } from '@tanstack/react-router';
import { validateTableSearch } from '@/lib/search-params.ts';
import { PremiumSettingsScreen } from '@/features/rates/premium-settings-screen.tsx';

export const Route = createFileRoute('/service-provider/rate/premium-settings')({
  validateSearch: validateTableSearch,
  component: () => <PremiumSettingsScreen route={Route} />,
});
