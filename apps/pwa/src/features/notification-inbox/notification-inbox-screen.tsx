import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCheck, Circle } from 'lucide-react';
import type { NotificationItem } from '@corridor/api';
import type { PortalArea } from '@corridor/state-machines';
import { AppLink } from '@/components/app-link.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { api } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { notificationHref } from '@/lib/inbox/notification-link.ts';
import { refreshUnreadCount, setUnreadCount, useKnownUnreadCount } from '@/lib/inbox/unread-count.ts';
import { CachedAge } from '@/lib/local-first/cached-age.tsx';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { useOnlineStatus } from '@/lib/online-status.ts';
import { dateTimeFormat } from '@/lib/intl-format.ts';

type NotificationPage = Awaited<ReturnType<typeof api.call<'notifications.list'>>>;

/** The first page this device keeps (read offline with its age); older ones load on demand. */
const FIRST_PAGE = { size: 30 } as const;

/** One notification: what happened, when, read or not; the whole row opens what it is about. */
function NotificationRow({
  item,
  area,
  canMark,
  onMarkRead,
}: {
  item: NotificationItem;
  area: PortalArea;
  canMark: boolean;
  onMarkRead: (item: NotificationItem) => void;
}) {
  const { t, i18n } = useTranslation();
  const href = notificationHref(area, item);
  const subject = t(`notificationInbox.subjects.${item.subjectType}`);
  // References, amounts and names keep their own direction inside an Arabic sentence (first-strong isolates).
  const isolated = Object.fromEntries(Object.entries(item.params).map(([k, v]) => [k, `\u2068${v}\u2069`]));
  const side = item.params.side === 'TARGET' ? t('notificationInbox.sides.TARGET') : t('notificationInbox.sides.SOURCE');
  const text = t(`notificationInbox.kinds.${item.kind}.message`, { ...isolated, subject, side, defaultValue: item.message });
  const title = t(`notificationInbox.kinds.${item.kind}.title`);
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(item.createdAt));
  const body = (
    <>
      <span className="flex items-center gap-2">
        {item.read ? null : <Circle className="size-2.5 shrink-0 fill-primary text-primary" aria-hidden />}
        <span className={cn('min-w-0 break-words', item.read ? 'font-medium' : 'font-semibold')}>{title}</span>
        {item.read ? null : <span className="sr-only">{t('notificationInbox.unread')}</span>}
      </span>
      <span className={cn('mt-1 block break-words text-sm', item.read ? 'text-muted-foreground' : 'text-foreground')}>{text}</span>
      <time dateTime={item.createdAt} className="mt-1 block text-xs text-muted-foreground">
        {when}
      </time>
    </>
  );
  return (
    <li
      data-testid="notification-row"
      data-read={item.read}
      data-kind={item.kind}
      className={cn('flex items-start gap-3 border-b p-3 last:border-b-0 sm:p-4', !item.read && 'bg-primary/5')}
    >
      {href ? (
        <AppLink
          href={href}
          className="min-w-0 flex-1 rounded-sm focus-visible:outline-2 focus-visible:outline-ring"
          data-testid="notification-link"
          onClick={() => {
            if (!item.read && canMark) onMarkRead(item);
          }}
        >
          {body}
        </AppLink>
      ) : (
        <div className="min-w-0 flex-1">{body}</div>
      )}
      {item.read ? null : (
        <Button
          variant="ghost"
          size="sm"
          className="shrink-0"
          disabled={!canMark}
          data-testid="notification-mark-read"
          aria-label={t('notificationInbox.markReadOf', { title })}
          onClick={() => onMarkRead(item)}
        >
          {t('notificationInbox.markRead')}
        </Button>
      )}
    </li>
  );
}

/**
 * The notification screen of both areas (the bottom menu's "notification" entry): newest first, unread
 * ones emphasised, each leading to what it is about. Read from the device with its age; marking read
 * needs the network (the read state is each user's own, kept on the server), and says so offline.
 */
export function NotificationInboxScreen({ area }: { area: PortalArea }) {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const unreadTotal = useKnownUnreadCount();
  const first = useLocalFirst<NotificationPage>({
    key: cacheKey('notifications.list', FIRST_PAGE),
    store: 'lists',
    fetch: () => api.call<'notifications.list'>('notifications.list', { query: FIRST_PAGE }),
  });
  const [older, setOlder] = useState<{ after: string; items: NotificationItem[]; next?: string | undefined } | null>(null);
  const [readHere, setReadHere] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const canMark = online && !first.offline && !busy;

  const firstItems = first.data?.content ?? [];
  // Older pages belong to the first page they were loaded after; a refreshed first page starts over.
  const olderItems = older && older.after === first.data?.nextCursor ? older.items : [];
  const items = [...firstItems, ...olderItems].map((n) => (readHere.has(n.id) && !n.read ? { ...n, read: true } : n));
  const nextCursor = olderItems.length > 0 ? older?.next : first.data?.nextCursor;
  const unread = items.filter((n) => !n.read).length;

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailed(false);
    try {
      await work();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const markRead = (item: NotificationItem) =>
    void act(async () => {
      await api.call<'notifications.markRead'>('notifications.markRead', { path: { id: item.id } });
      setReadHere((s) => new Set(s).add(item.id));
      await Promise.all([refreshUnreadCount(), first.refresh()]);
    });
  const markAll = () =>
    void act(async () => {
      const answer = await api.call<'notifications.markAllRead'>('notifications.markAllRead', {});
      setUnreadCount(answer.unread);
      setReadHere(new Set(items.map((n) => n.id)));
      await first.refresh();
    });
  const loadMore = () =>
    void act(async () => {
      if (!nextCursor || !first.data?.nextCursor) return;
      const page = await api.call<'notifications.list'>('notifications.list', { query: { ...FIRST_PAGE, cursor: nextCursor } });
      setOlder({ after: first.data.nextCursor, items: [...olderItems, ...page.content], next: page.nextCursor });
    });

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4" data-testid="notification-screen">
      <PageHeader
        title={t('notificationInbox.title')}
        count={unreadTotal ?? (first.data ? unread : undefined)}
        description={<CachedAge updatedAt={first.updatedAt} offline={first.offline} refreshing={first.refreshing} />}
        actions={
          <Button variant="outline" size="sm" disabled={!canMark || unread === 0} onClick={markAll} data-testid="notification-mark-all">
            <CheckCheck aria-hidden />
            {t('notificationInbox.markAllRead')}
          </Button>
        }
      />
      {!canMark && !busy ? (
        <p className="text-sm text-muted-foreground" data-testid="notification-needs-network">
          {t('notificationInbox.needsNetwork')}
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className="text-sm text-destructive">
          {t('notificationInbox.failed')}
        </p>
      ) : null}
      {first.loading && !first.data ? (
        <p className="text-sm text-muted-foreground">{t('notificationInbox.loading')}</p>
      ) : items.length === 0 ? (
        <p className="rounded-lg border p-6 text-center text-muted-foreground" data-testid="notification-empty">
          {t('notificationInbox.empty')}
        </p>
      ) : (
        <ul className="rounded-lg border bg-card" aria-label={t('notificationInbox.title')} data-testid="notification-list">
          {items.map((item) => (
            <NotificationRow key={item.id} item={item} area={area} canMark={canMark} onMarkRead={markRead} />
          ))}
        </ul>
      )}
      {nextCursor ? (
        <Button variant="outline" className="self-center" disabled={!online || busy} onClick={loadMore} data-testid="notification-more">
          {t('notificationInbox.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
