import { createFileRoute } from '@tanstack/react-router';
import { SettingsScreen } from '@/features/merchant-settings/settings-screen.tsx';

export const Route = createFileRoute('/merchant/settings')({
  validateSearch: (search: Record<string, unknown>): { tab?: string } => ({ tab: typeof search.tab === 'string' ? search.tab : undefined }),
  component: SettingsRoute,
});

function SettingsRoute() {
  const { tab } = Route.useSearch();
  return <SettingsScreen tab={tab} />;
}
