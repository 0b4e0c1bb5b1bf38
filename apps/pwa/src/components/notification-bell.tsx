import { useTranslation } from 'react-i18next';
import { Bell } from 'lucide-react';
import type { PortalArea } from '@corridor/state-machines';
import { AppLink } from '@/components/app-link.tsx';
import { useUnreadCount } from '@/lib/inbox/unread-count.ts';
import { cn } from '@/lib/cn.ts';
import { numberFormat } from '@/lib/intl-format.ts';

const AREA_PATH: Record<PortalArea, string> = { MERCHANT: '/merchant/notification', SERVICE_PROVIDER: '/service-provider/notification' };

/** The header's bell: opens the notification screen; its badge counts what the user has not read. */
export function NotificationBell({ area, userId }: { area: PortalArea; userId: string }) {
  const { t, i18n } = useTranslation();
  const unread = useUnreadCount(userId);
  const shown = unread === null ? null : unread > 99 ? '99+' : numberFormat(i18n.language).format(unread);
  const label = unread ? t('notificationInbox.bellUnread', { count: unread }) : t('notificationInbox.bell');
  return (
    <AppLink
      href={AREA_PATH[area]}
      data-testid="notification-bell"
      aria-label={label}
      title={label}
      className="relative inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      <Bell className="size-5" aria-hidden />
      {unread ? (
        <span
          data-testid="notification-badge"
          data-count={unread}
          aria-hidden
          className={cn(
            'absolute -end-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-semibold text-white',
          )}
        >
          {shown}
        </span>
      ) : null}
    </AppLink>
  );
}
