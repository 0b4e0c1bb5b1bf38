import { useEffect, useState, useSyncExternalStore } from 'react';
import { onOutboxChanged } from './outbox-signal.ts';
import { outboxStatus, subscribeOutboxStatus, type OutboxSenderStatus } from './outbox-status.ts';
import { listOutbox, UNSENT_STATES, type OutboxItem } from './outbox-store.ts';

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
 * The least time between the starts of two full reads of the outbox: a drain changes it twice per
 * item, far more often than anyone reads a badge, and every full read held up the sender's writes
 * (IndexedDB runs a write after the reads of its store), so a long drain slowed down with its own length.
 */
const REREAD_GAP_MS = 250;

/**
 * The outbox of `userId`, live: every tab's view updates when any tab changes it (every write of the
 * outbox says so, across tabs, through `onOutboxChanged`). One read at a time, at most one per
 * REREAD_GAP_MS; a change that comes in meanwhile gets one more read after it, so the last state shows.
 */
export function useOutbox(userId: string | null): OutboxSummary | undefined {
  const sender = useSyncExternalStore(subscribeOutboxStatus, () => (userId ? outboxStatus(userId) : null));
  const [opened, setOpened] = useState<{ userId: string; items: OutboxItem[] } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    let busy = false;
    let again = false;
    let startedAt = -Infinity;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = (): void => {
      timer = undefined;
      busy = true;
      again = false;
      startedAt = Date.now();
      void listOutbox(userId)
        .then((items) => {
          if (live) setOpened({ userId, items });
        })
        .finally(() => {
          busy = false;
          if (live && again) changed();
        });
    };
    const changed = (): void => {
      if (busy || timer !== undefined) {
        again = true;
        return;
      }
      const wait = startedAt + REREAD_GAP_MS - Date.now();
      if (wait <= 0) read();
      else timer = setTimeout(read, wait);
    };
    const stop = onOutboxChanged((who) => who === userId && changed());
    changed();
    return () => {
      live = false;
      stop();
      clearTimeout(timer);
    };
  }, [userId]);
  return opened === null || opened.userId !== userId ? undefined : summarizeOutbox(opened.items, sender);
}
