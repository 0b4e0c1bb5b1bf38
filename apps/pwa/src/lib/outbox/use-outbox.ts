import { useSyncExternalStore } from 'react';
import { useFollowedOutbox } from './outbox-follow.ts';
import { outboxStatus, subscribeOutboxStatus, type OutboxSenderStatus } from './outbox-status.ts';
import { listOutbox, outboxCounts, UNSENT_STATES, type OutboxItem } from './outbox-store.ts';

export interface OutboxSummary {
  items: OutboxItem[];
  /** Items not yet held by the server (queued, sending, held, rejected). */
  queueDepth: number;
  counts: Record<OutboxItem['state'], number>;
  /** When the oldest unsent item was made (epoch ms), null when nothing is unsent. */
  oldestUnsentAt: number | null;
  /** When the server last took an item (epoch ms). */
  lastSentAt: number | null;
  /** Rejected items with the server's reasons. */
  failures: OutboxItem[];
  /** This tab's sender (null when another tab sends or none runs). */
  sender: OutboxSenderStatus | null;
}

/**
 * The facts of sync health, from one list of items (pure, so it is tested without IndexedDB).
 * @internal used by its tests
 */
export function summarizeOutbox(items: OutboxItem[], sender: OutboxSenderStatus | null = null): OutboxSummary {
  const counts = { queued: 0, sending: 0, sent: 0, rejected: 0, held: 0 };
  let oldestUnsentAt: number | null = null;
  let lastSentAt: number | null = null;
  for (const item of items) {
    counts[item.state]++;
    if (UNSENT_STATES.includes(item.state)) oldestUnsentAt = Math.min(oldestUnsentAt ?? item.createdAt, item.createdAt);
    if (item.state === 'sent') lastSentAt = Math.max(lastSentAt ?? item.updatedAt, item.updatedAt);
  }
  return {
    items,
    queueDepth: counts.queued + counts.sending + counts.held + counts.rejected,
    counts,
    oldestUnsentAt,
    lastSentAt,
    failures: items.filter((item) => item.state === 'rejected'),
    sender,
  };
}

/**
 * The outbox of `userId`, live: every tab's view updates when any tab changes it, read at most once
 * per `OUTBOX_REREAD_GAP_MS` (see `followOutbox`), so the last state shows without slowing a drain.
 */
export function useOutbox(userId: string | null): OutboxSummary | undefined {
  const sender = useOutboxSender(userId);
  const items = useFollowedOutbox(userId, listOutbox);
  return items === undefined ? undefined : summarizeOutbox(items, sender);
}

/** This tab's sender of `userId`'s outbox, live (null when another tab sends or none runs). */
export function useOutboxSender(userId: string | null): OutboxSenderStatus | null {
  return useSyncExternalStore(subscribeOutboxStatus, () => (userId ? outboxStatus(userId) : null));
}

/**
 * The header badge's counts, live like `useOutbox` but counted on the outbox's state index (no row
 * read or unsealed): the badge is on every page, and a drain of thousands must not pay for it.
 */
export function useOutboxCounts(userId: string | null): { unsent: number; failed: number } | undefined {
  return useFollowedOutbox(userId, outboxCounts);
}
