import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
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
  const reader = useRef<{ userId: string; reading: boolean; again: boolean } | null>(null);
  useEffect(() => {
    if (!rows || !userId) return;
    // One read at a time: a drain changes the outbox twice per item, faster than a long outbox
    // reads, and overlapping reads only fought the sender for the main thread. Changes that come
    // in while a read runs are picked up by one more read when it ends, so the last state shows.
    if (reader.current?.userId !== userId) reader.current = { userId, reading: false, again: false };
    const state = reader.current;
    if (state.reading) {
      state.again = true;
      return;
    }
    const read = (): void => {
      state.reading = true;
      state.again = false;
      void listOutbox(userId)
        .then((items) => {
          if (reader.current === state) setOpened({ rows, items });
        })
        .finally(() => {
          state.reading = false;
          if (state.again && reader.current === state) read();
        });
    };
    read();
  }, [rows, userId]);
  useEffect(
    () => () => {
      reader.current = null;
    },
    [],
  );
  return opened === null ? undefined : summarizeOutbox(opened.items, sender);
}
