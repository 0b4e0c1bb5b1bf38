import { createFileRoute } from '@tanstack/react-router';
import { NotificationInboxScreen } from '@/features/notification-inbox/notification-inbox-screen.tsx';

export const Route = createFileRoute('/merchant/notification')({
  component: function MerchantNotificationRoute() {
    return <NotificationInboxScreen area="MERCHANT" />;
  },
});
