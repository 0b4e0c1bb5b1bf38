import { useEffect, useState } from 'react';
import { onOutboxChanged } from './outbox-signal.ts';
import { getOutboxItem, type OutboxItem } from './outbox-store.ts';

/**
 * The least time between the starts of two reads of the outbox by one follower: a drain changes it
 * once or twice per item and a mass file enqueues hundreds in a row, far more often than anyone reads
 * a badge or a progress bar, and every read held up the sender's writes (IndexedDB runs a write after
 * the reads of its store), so a long drain slowed down with its own length.
 * @internal exported for its tests
 */
export const OUTBOX_REREAD_GAP_MS = 250;

/**
 * Follows the outbox of `userId`: `read` now and again after every change (any tab's, through
 * `onOutboxChanged`), one read at a time and at most one per `gapMs`. A change that comes in during a
 * read or the wait gets one more read after it, so the last state always shows. Answers `stop`.
 * @internal exported for its tests (screens use `useFollowedOutbox`)
 */
export function followOutbox<T>(userId: string, read: (userId: string) => Promise<T>, onValue: (value: T) => void, gapMs = OUTBOX_REREAD_GAP_MS): () => void {
  let live = true;
  let busy = false;
  let again = false;
  let startedAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (): void => {
    timer = undefined;
    busy = true;
    again = false;
    startedAt = Date.now();
    read(userId)
      .then((value) => {
        if (live) onValue(value);
      })
      // A failed read (IndexedDB closed under the tab) shows the last state; the next change reads again.
      .catch(() => undefined)
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
    const wait = startedAt + gapMs - Date.now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  };
  const stop = onOutboxChanged((who) => who === userId && changed());
  changed();
  return () => {
    live = false;
    stop();
    clearTimeout(timer);
  };
}

/**
 * Follows one item of `userId`'s outbox as `followOutbox` does, reading only that item: `onItem` gets
 * it now and after every change (null once it is gone). Answers `stop`.
 */
export function followOutboxItem(userId: string, id: string, onItem: (item: OutboxItem | null) => void): () => void {
  return followOutbox(userId, (owner) => getOutboxItem(owner, id), onItem);
}

/**
 * What `read` answers for `userId`'s outbox, followed as `followOutbox` does; undefined until the first
 * read (and for no user). `read` must be a stable function (module level).
 */
export function useFollowedOutbox<T>(userId: string | null, read: (userId: string) => Promise<T>): T | undefined {
  const [latest, setLatest] = useState<{ userId: string; value: T } | null>(null);
  useEffect(() => {
    if (!userId) return;
    return followOutbox(userId, read, (value) => setLatest({ userId, value }));
  }, [userId, read]);
  return latest === null || latest.userId !== userId ? undefined : latest.value;
}
