import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SettingsScreen } from '@/features/merchant-settings/settings-screen.tsx';

export const Route = createFileRoute('/merchant/settings')({
  validateSearch: z.object({ tab: z.string().optional().catch(undefined) }),
  component: SettingsRoute,
});

function SettingsRoute() {
  const { tab } = Route.useSearch();
  return <SettingsScreen tab={tab} />;
}
