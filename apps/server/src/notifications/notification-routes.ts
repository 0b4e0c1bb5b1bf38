import type { CallRegistrar } from '../http/registrar.ts';
import { listNotifications, markAllRead, markRead, unreadCount, type Reader } from './notification-service.ts';

const readerOf = (caller: { userId: string; org: string | null }): Reader => ({ userId: caller.userId, orgId: caller.org });

/** The signed-in user's notifications: their organisation's and their own, read state their own. */
export function registerNotificationRoutes(r: CallRegistrar): void {
  r.serve('notifications.list', async ({ caller, db, query }) => listNotifications(db, readerOf(caller), query));
  r.serve('notifications.unreadCount', async ({ caller, db }) => unreadCount(db, readerOf(caller)));
  r.serve('notifications.markRead', async ({ caller, db, params, now }) => markRead(db, readerOf(caller), params.id, now));
  r.serve('notifications.markAllRead', async ({ caller, db, now }) => markAllRead(db, readerOf(caller), now));
}
