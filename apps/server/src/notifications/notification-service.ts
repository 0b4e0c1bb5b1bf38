import { and, count, eq, getTableColumns, isNull, or, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { NotificationItem, NotificationKind, NotificationSubject, Page } from '@corridor/api';
import type { Db, Tx } from '../db/database.ts';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { bound, statements } from '../db/statement.ts';
import { afterCursor, decodeCursor, keyFields, keysetOrder, keysetPage, type Keyset } from '../http/keyset.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { notificationReads, notifications, type NotificationRow } from './notification-schema.ts';

/**
 * The notifications area: other areas tell it what happened through `notify` (in their own database
 * transaction, so a notification exists exactly when its event committed); the signed-in user reads
 * their organisation's notifications and their own, and marks them read for themselves.
 */

/** One notification to make: for everyone of `orgId`, or for `userId` alone. */
export interface NewNotification {
  orgId: string;
  userId?: string | null;
  kind: NotificationKind;
  subjectType: NotificationSubject;
  subjectId: string;
  params?: Record<string, string | null | undefined>;
  /** An event told again with the same key (a sweep run twice, a replayed message) makes no second notification. */
  dedupeKey?: string;
}

/** Who reads: the signed-in user and their organisation (null for operations, who have none). */
export interface Reader {
  userId: string;
  orgId: string | null;
}

/** Makes notifications; an event already told under its dedupe key is skipped. */
export async function notify(db: Db | Tx, items: NewNotification | NewNotification[], now: Date): Promise<void> {
  const told = noticeValues(Array.isArray(items) ? items : [items], now);
  if (told.count === 0) return;
  await insertNotices(db, `${told.count}`, told.values);
}

/**
 * The values of `items` as `noticeInsert` of `count` takes them (`n<i>.<column>`), for an area that tells in its own
 * statement: one without an organisation tells nobody and is left out.
 */
export function noticeValues(items: NewNotification[], now: Date): { count: number; values: Record<string, unknown> } {
  const list = items.filter((n) => n.orgId !== '');
  const values: Record<string, unknown> = {};
  list.forEach((n, i) => {
    const key = keysOfNotice(i);
    values[key.id] = uuidv7();
    values[key.orgId] = n.orgId;
    values[key.userId] = n.userId ?? null;
    values[key.kind] = n.kind;
    values[key.subjectType] = n.subjectType;
    values[key.subjectId] = n.subjectId;
    values[key.params] = Object.fromEntries(Object.entries(n.params ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
    values[key.dedupeKey] = n.dedupeKey ?? null;
    values[key.createdAt] = now;
  });
  return { count: list.length, values };
}

/** Every column of a notification, each given a value by `noticeValues`. */
const NOTICE_COLUMNS = ['id', 'orgId', 'userId', 'kind', 'subjectType', 'subjectId', 'params', 'dedupeKey', 'createdAt'] as const;
type NoticeColumn = (typeof NOTICE_COLUMNS)[number];

/** The placeholder names of the i-th notification of an insert (`n<i>.<column>`), made once per position. */
const noticeKeys: Array<Record<NoticeColumn, string>> = [];
const keysOfNotice = (i: number): Record<NoticeColumn, string> =>
  (noticeKeys[i] ??= Object.fromEntries(NOTICE_COLUMNS.map((column) => [column, `n${i}.${column}`])) as Record<NoticeColumn, string>);

/**
 * The insert of `count` notifications (values from `noticeValues`); an event already told under its dedupe key
 * inserts nothing. Another area's statement may carry it as a data-modifying part of its own (`toldWith`), built
 * once per shape as that statement is: the step that tells and its notice then cost one statement, not two.
 */
function noticeInsert(q: Db, count: number) {
  const columns = getTableColumns(notifications);
  const rows = Array.from(
    { length: count },
    (_, i) =>
      Object.fromEntries(NOTICE_COLUMNS.map((column) => [column, bound(keysOfNotice(i)[column], columns[column])])) as PgInsertValue<typeof notifications>,
  );
  return q.insert(notifications).values(rows).onConflictDoNothing();
}

/**
 * The notices another area's statement carries, as the parts of its `with` (`q.with(own, ...toldWith(q, count))`):
 * none for a count of none, else the insert of `count` under the name `told`.
 */
export function toldWith(q: Db, count: number) {
  return count === 0 ? [] : [q.$with('told').as(noticeInsert(q, count))];
}

/**
 * The insert of `count` notifications, built once per count (`statements`): every step of a transfer or a
 * payment tells someone, and building the insert each time was most of what telling cost the server.
 */
const insertNotices = statements((q, count: `${number}`) => noticeInsert(q, Number(count)));

const p = (params: Record<string, string>, key: string) => params[key] ?? '-';
const money = (params: Record<string, string>) => `${p(params, 'amount')} ${p(params, 'currency')}`;
const SUBJECT_WORD: Record<NotificationSubject, string> = {
  TOP_UP: 'Top-up',
  TRANSFER: 'Transfer',
  PAYMENT: 'Payment',
  CREDIT_REQUEST: 'Credit request',
  PARTNER: 'Partner',
  MERCHANT_PROFILE: 'Merchant profile',
  WALLET: 'Wallet',
};

/** The message in English (the portal writes it from its translations with the same params). */
function messageOf(kind: NotificationKind, subjectType: NotificationSubject, params: Record<string, string>): string {
  const ref = p(params, 'reference');
  switch (kind) {
    case 'TOP_UP_AWAITING_APPROVAL':
      return `Top-up ${ref} of ${money(params)} from ${p(params, 'merchant')} is waiting for your approval`;
    case 'TRANSFER_AWAITING_APPROVAL':
      return `Transfer ${ref} of ${money(params)} is waiting for your ${params.side === 'TARGET' ? 'target' : 'source'} approval`;
    case 'CREDIT_REQUEST_AWAITING_DECISION':
      return `Credit request ${ref} of ${money(params)} is waiting for your decision`;
    case 'TRANSACTION_APPROVED':
      return `${SUBJECT_WORD[subjectType]} ${ref} of ${money(params)} was approved`;
    case 'TRANSACTION_REJECTED':
      return `${SUBJECT_WORD[subjectType]} ${ref} of ${money(params)} was rejected: ${p(params, 'reason')}`;
    case 'PAYMENT_FAILED':
      return `Payment ${ref} of ${money(params)} failed: ${p(params, 'reason')}`;
    case 'PAYMENT_REJECTED':
      return `Payment ${ref} of ${money(params)} was refused: ${p(params, 'reason')}`;
    case 'CREDIT_APPROVED':
      return `Credit request ${ref} was approved for ${money(params)}`;
    case 'CREDIT_REJECTED':
      return `Credit request ${ref} was rejected: ${p(params, 'reason')}`;
    case 'CREDIT_ON_HOLD':
      return `Credit request ${ref} of ${money(params)} is on hold`;
    case 'DRAFT_QUOTE_EXPIRED':
      return `The quote of draft payment ${ref} expired; ask for a new one before sending it`;
    case 'PARTNER_STATUS_CHANGED':
      return `Partner ${p(params, 'name')} moved from ${p(params, 'from')} to ${p(params, 'to')}`;
    case 'MERCHANT_PROFILE_STATUS_CHANGED':
      return `Your merchant profile at ${p(params, 'name')} is now ${p(params, 'to')}`;
    case 'MERCHANT_APPLIED':
      return `${p(params, 'name')} applied for a merchant profile and is waiting for review`;
    case 'BANK_CREDIT':
      return `The bank credited ${money(params)} to wallet ${p(params, 'wallet')}`;
    case 'BANK_DEBIT':
      return `The bank debited ${money(params)} from wallet ${p(params, 'wallet')}`;
  }
}

/** The reader's notifications: their organisation's (addressed to everyone) and their own. */
function visibleTo(reader: Reader): SQL {
  if (reader.orgId === null) return sql`false`;
  return and(eq(notifications.orgId, reader.orgId), or(isNull(notifications.userId), eq(notifications.userId, reader.userId))) as SQL;
}

const readJoin = (reader: Reader) => and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, reader.userId));

const KEYSET = (unread: boolean): Keyset => ({
  list: 'notifications',
  sort: unread ? 'unread' : 'default',
  parts: [
    { target: notifications.createdAt, column: notifications.createdAt, direction: 'DESC' },
    { target: notifications.id, column: notifications.id, direction: 'DESC' },
  ],
});

function itemOf(row: NotificationRow, readAt: Date | null): NotificationItem {
  return {
    id: row.id,
    kind: row.kind,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    params: row.params,
    message: messageOf(row.kind, row.subjectType, row.params),
    personal: row.userId !== null,
    read: readAt !== null,
    readAt: readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Newest first, by cursor: a page starts after the previous page's last notification, whatever arrived meanwhile. */
export async function listNotifications(
  db: Db,
  reader: Reader,
  query: { size: number; cursor?: string | undefined; unread?: boolean | undefined },
): Promise<Page<NotificationItem>> {
  const unread = query.unread === true;
  const keyset = KEYSET(unread);
  const filter = and(visibleTo(reader), unread ? isNull(notificationReads.readAt) : undefined);
  const after = query.cursor !== undefined ? afterCursor(keyset, decodeCursor(keyset, query.cursor)) : undefined;
  const rows = await db
    .select({ n: notifications, readAt: notificationReads.readAt, ...keyFields(keyset) })
    .from(notifications)
    .leftJoin(notificationReads, readJoin(reader))
    .where(and(filter, after))
    .orderBy(...keysetOrder(keyset))
    .limit(query.size + 1);
  const [total] = await db.select({ n: count() }).from(notifications).leftJoin(notificationReads, readJoin(reader)).where(filter);
  const shown = keysetPage<{ n: NotificationRow; readAt: Date | null }>(keyset, rows, query.size);
  const totalElements = Number(total?.n ?? 0);
  return {
    content: shown.rows.map((row) => itemOf(row.n, row.readAt)),
    page: 0,
    size: query.size,
    totalElements,
    totalPages: Math.ceil(totalElements / query.size),
    ...(shown.next !== undefined ? { nextCursor: shown.next } : {}),
  };
}

export async function unreadCount(db: Db | Tx, reader: Reader): Promise<{ unread: number; latestAt?: string }> {
  const [row] = await db
    .select({ n: sql<number>`count(*) filter (where ${notificationReads.readAt} is null)`, latest: sql<string | null>`max(${notifications.createdAt})` })
    .from(notifications)
    .leftJoin(notificationReads, readJoin(reader))
    .where(visibleTo(reader));
  const latest = row?.latest ? new Date(row.latest).toISOString() : undefined;
  return { unread: Number(row?.n ?? 0), ...(latest ? { latestAt: latest } : {}) };
}

/** Marks one of the reader's notifications read (again: unchanged, first read time kept); another's is a 404. */
export async function markRead(db: Db, reader: Reader, id: string, now: Date): Promise<NotificationItem> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), visibleTo(reader)));
  if (!row) throw foreignId('id', 'notification', id);
  await db.insert(notificationReads).values({ notificationId: row.id, userId: reader.userId, readAt: now }).onConflictDoNothing();
  const [read] = await db
    .select({ readAt: notificationReads.readAt })
    .from(notificationReads)
    .where(and(eq(notificationReads.notificationId, row.id), eq(notificationReads.userId, reader.userId)));
  return itemOf(row, read?.readAt ?? now);
}

/** Marks every unread notification of the reader read, in one statement; again it marks none. */
export async function markAllRead(db: Db, reader: Reader, now: Date): Promise<{ marked: number; unread: number }> {
  if (reader.orgId === null) return { marked: 0, unread: 0 };
  const before = (await unreadCount(db, reader)).unread;
  if (before > 0) {
    await db.execute(sql`
      insert into notification_reads (notification_id, user_id, read_at)
      select ${notifications.id}, ${reader.userId}, ${now.toISOString()}::timestamptz from ${notifications}
      where ${visibleTo(reader)}
        and not exists (select 1 from notification_reads r where r.notification_id = ${notifications.id} and r.user_id = ${reader.userId})
      on conflict do nothing`);
  }
  const after = (await unreadCount(db, reader)).unread;
  return { marked: Math.max(0, before - after), unread: after };
}
