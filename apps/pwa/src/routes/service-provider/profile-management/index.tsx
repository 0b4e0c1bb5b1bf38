import { createFileRoute } from '@tanstack/react-router';
import { ProfilesScreen } from '@/features/profile-management/profiles-screen.tsx';
import { validateTabTableSearch } from '@/lib/search-params.ts';

export const Route = createFileRoute('/service-provider/profile-management/')({
  validateSearch: validateTabTableSearch,
  component: function ProfilesRoute() {
    const { tab } = Route.useSearch();
    return <ProfilesScreen key={tab ?? 'overview'} route={Route} tab={tab} />;
  },
});
