import { createFileRoute } from '@tanstack/react-router';
import { NotificationInboxScreen } from '@/features/notification-inbox/notification-inbox-screen.tsx';

export const Route = createFileRoute('/service-provider/notification')({
  component: function SpNotificationRoute() {
    return <NotificationInboxScreen area="SERVICE_PROVIDER" />;
  },
});
