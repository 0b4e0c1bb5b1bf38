import { z } from 'zod';
import { defineArea } from '../define.ts';
import { isoDateTime, pageOf, pathParams } from '../schemas/common.ts';

/**
 * Our addition to the spec's catalogue: the portal's notification screen (the bottom menu's
 * "notification" entry) and the header's unread badge. What needs the signed-in user's attention:
 * approvals waiting for their organisation, payments failed or refused, credit decisions, quotes
 * expired on queued drafts, partner and merchant status changes, the bank's incoming credits and
 * debits. Read state is kept per user on the server.
 */
const NOTIFICATION_KINDS = [
  'TOP_UP_AWAITING_APPROVAL',
  'TRANSFER_AWAITING_APPROVAL',
  'CREDIT_REQUEST_AWAITING_DECISION',
  'TRANSACTION_APPROVED',
  'TRANSACTION_REJECTED',
  'PAYMENT_FAILED',
  'PAYMENT_REJECTED',
  'CREDIT_APPROVED',
  'CREDIT_REJECTED',
  'CREDIT_ON_HOLD',
  'DRAFT_QUOTE_EXPIRED',
  'PARTNER_STATUS_CHANGED',
  'MERCHANT_PROFILE_STATUS_CHANGED',
  'MERCHANT_APPLIED',
  'BANK_CREDIT',
  'BANK_DEBIT',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a notification is about: the portal opens that record (or the list it waits in). */
const NOTIFICATION_SUBJECTS = ['TOP_UP', 'TRANSFER', 'PAYMENT', 'CREDIT_REQUEST', 'PARTNER', 'MERCHANT_PROFILE', 'WALLET'] as const;
export type NotificationSubject = (typeof NOTIFICATION_SUBJECTS)[number];

const notificationItem = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  subjectType: z.enum(NOTIFICATION_SUBJECTS),
  /** The record's reference people read (a payment or transaction number, a wallet or record id). */
  subjectId: z.string(),
  /** Values the message is written with (reference, amount, currency, status, reason, name...). */
  params: z.record(z.string(), z.string()),
  /** The message in English, for callers without the portal's translations. */
  message: z.string(),
  /** True when addressed to this user alone (not to everyone of the organisation). */
  personal: z.boolean(),
  read: z.boolean(),
  readAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type NotificationItem = z.infer<typeof notificationItem>;

const NOTIFICATION_PAGE_MAX = 100;

const notificationQuery = z.object({
  size: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(20),
  /** The `nextCursor` of the previous page: the next page starts after its last notification. */
  cursor: z
    .string()
    .min(1, 'must not be empty')
    .max(512, 'must be at most 512 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'must be the nextCursor of the previous page')
    .optional(),
  /** Only the notifications this user has not read. */
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});

const unreadCount = z.object({
  unread: z.number().int(),
  /** When the newest notification the user may see was made (absent when there is none). */
  latestAt: isoDateTime.optional(),
});

export const notifications = defineArea('notifications', {
  list: {
    method: 'GET',
    path: '/users/me/notifications',
    root: 'auth',
    summary: "The signed-in user's notifications (their organisation's and their own), newest first; keyset paged by cursor.",
    query: notificationQuery,
    response: pageOf(notificationItem),
  },
  unreadCount: {
    method: 'GET',
    path: '/users/me/notifications/unread-count',
    root: 'auth',
    summary: 'How many of the signed-in user’s notifications they have not read (the header badge).',
    response: unreadCount,
  },
  markRead: {
    method: 'PUT',
    path: '/users/me/notifications/{id}/read',
    root: 'auth',
    summary: 'Marks one notification read for the signed-in user; marking it again changes nothing.',
    pathParams: pathParams('id'),
    response: notificationItem,
  },
  markAllRead: {
    method: 'PUT',
    path: '/users/me/notifications/read',
    root: 'auth',
    summary: 'Marks every notification of the signed-in user read; again changes nothing. Answers how many it marked and the unread count after.',
    response: z.object({ marked: z.number().int(), unread: z.number().int() }),
  },
});
