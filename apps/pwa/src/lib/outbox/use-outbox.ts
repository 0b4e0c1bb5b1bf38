import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { outboxStatus, subscribeOutboxStatus, type OutboxSenderStatus } from './outbox-status.ts';
import { listOutbox, outboxRows, UNSENT_STATES, type OutboxItem } from './outbox-store.ts';

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

/** The outbox of `userId`, live: every tab's view updates when any tab changes it. */
export function useOutbox(userId: string | null): OutboxSummary | undefined {
  const sender = useSyncExternalStore(subscribeOutboxStatus, () => (userId ? outboxStatus(userId) : null));
  // The live query only says "the outbox changed" (any tab); the rows are read again and opened
  // outside it, since rows handed out by the live query's cache do not unseal (their buffers).
  const rows = useLiveQuery(async () => (userId ? outboxRows(userId) : []), [userId]);
  const [opened, setOpened] = useState<{ rows: unknown; items: OutboxItem[] } | null>(null);
  useEffect(() => {
    if (!rows || !userId) return;
    let current = true;
    void listOutbox(userId).then((items) => {
      if (current) setOpened({ rows, items });
    });
    return () => {
      current = false;
    };
  }, [rows, userId]);
  return opened === null ? undefined : summarizeOutbox(opened.items, sender);
}
