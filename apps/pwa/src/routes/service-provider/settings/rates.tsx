import { createFileRoute } from '@tanstack/react-router';
import { validateTableSearch } from '@/lib/search-params.ts';
import { RateSettingsScreen } from '@/features/rates/rate-settings-screen.tsx';

export const Route = createFileRoute('/service-provider/settings/rates')({
  validateSearch: validateTableSearch,
  component: () => <RateSettingsScreen route={Route} />,
});
