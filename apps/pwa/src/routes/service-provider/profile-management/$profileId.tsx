import { createFileRoute } from '@tanstack/react-router';
import { ProfileScreen } from '@/features/profile-management/profile-screen.tsx';

export const Route = createFileRoute('/service-provider/profile-management/$profileId')({
  validateSearch: (search: Record<string, unknown>): { section?: string } => (typeof search.section === 'string' ? { section: search.section } : {}),
  component: function ProfileRoute() {
    const { profileId } = Route.useParams();
    const { section } = Route.useSearch();
    return <ProfileScreen key={profileId} profileId={profileId} section={section} />;
  },
});
