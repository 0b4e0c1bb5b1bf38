import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { NotificationKind, NotificationSubject } from '@corridor/api';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A notification (migration 0038_notifications): addressed to an organisation (`userId` null: everyone of
 * it) or to one user of it. `dedupeKey` makes an event told twice one notification.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull(),
    userId: text('user_id'),
    kind: text('kind').$type<NotificationKind>().notNull(),
    subjectType: text('subject_type').$type<NotificationSubject>().notNull(),
    subjectId: text('subject_id').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    dedupeKey: text('dedupe_key'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('notifications_org_created').on(t.orgId, t.createdAt, t.id)],
);
export type NotificationRow = typeof notifications.$inferSelect;

/** Who has read what: one row per user and notification, so read state is each user's own. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: text('notification_id').notNull(),
    userId: text('user_id').notNull(),
    readAt: at('read_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'notification_reads_pk', columns: [t.notificationId, t.userId] }),
    index('notification_reads_user').on(t.userId, t.notificationId),
  ],
);
