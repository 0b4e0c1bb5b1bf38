import { useEffect, useSyncExternalStore } from 'react';
import { isNetworkError } from '@corridor/state-machines';
import { api } from '../api-client.ts';

/**
 * The header badge's unread count, one per tab: asked of the server on start, when the window regains
 * focus or comes back online, and every minute while the tab is visible. A request that gets no answer
 * waits longer before the next (doubling to five minutes), so a bad line is not hammered; any answer
 * brings the minute back. Marking read here updates it at once.
 */
const UNREAD_POLL_MS = 60_000;
const UNREAD_POLL_MAX_MS = 5 * 60_000;

let count: number | null = null;
let delay = UNREAD_POLL_MS;
let inFlight: Promise<void> | null = null;
let countedFor: string | null = null;
const listeners = new Set<() => void>();

function set(next: number | null): void {
  if (next === count) return;
  count = next;
  for (const listener of listeners) listener();
}

/** Asks the server again (one request at a time); a failure keeps the last count. */
export function refreshUnreadCount(): Promise<void> {
  inFlight ??= api
    .call<'notifications.unreadCount'>('notifications.unreadCount', {})
    .then((answer) => {
      delay = UNREAD_POLL_MS;
      set(answer.unread);
    })
    .catch((error: unknown) => {
      if (isNetworkError(error)) delay = Math.min(delay * 2, UNREAD_POLL_MAX_MS);
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** What a mark-read answer says the count is now. */
export function setUnreadCount(next: number): void {
  set(Math.max(0, next));
}

/** Forgets the count (sign-out). */
function resetUnreadCount(): void {
  delay = UNREAD_POLL_MS;
  set(null);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The unread count as last known (null until known), without asking the server itself. */
export function useKnownUnreadCount(): number | null {
  return useSyncExternalStore(subscribe, () => count);
}

/** The unread count (null until known), kept fresh while the header shows it. */
export function useUnreadCount(userId: string | null): number | null {
  useEffect(() => {
    if (userId === null) return;
    // Another user signed in on this tab: the last user's count is not theirs.
    if (countedFor !== userId) {
      countedFor = userId;
      resetUnreadCount();
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const schedule = () => {
      if (stopped) return;
      timer = setTimeout(() => {
        // A hidden tab or an offline browser does not ask; it asks again when it is back.
        const skip = document.visibilityState === 'hidden' || !navigator.onLine;
        void (skip ? Promise.resolve() : refreshUnreadCount()).finally(schedule);
      }, delay);
    };
    const wake = () => {
      if (document.visibilityState !== 'hidden') void refreshUnreadCount();
    };
    void refreshUnreadCount().finally(schedule);
    window.addEventListener('focus', wake);
    window.addEventListener('online', wake);
    document.addEventListener('visibilitychange', wake);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('focus', wake);
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', wake);
    };
  }, [userId]);
  return useSyncExternalStore(subscribe, () => count);
}
