import { startOutboxSender, type OutboxSender } from './outbox-sender.ts';
import { requoteOutboxItem, sendOutboxItem } from './outbox-transport.ts';

/**
 * This tab's outbox sender for the signed-in user, on the browser's own Web Locks, events and
 * network state. The session starts it after sign-in and stops it at logout; `onNeedsSignIn`
 * asks the user to sign in again after a 401, then the session calls `resume()`.
 */
export function startBrowserOutbox(userId: string, onNeedsSignIn: () => void): OutboxSender {
  return startOutboxSender({
    userId,
    transport: sendOutboxItem,
    requoter: requoteOutboxItem,
    // Web Locks exist in secure contexts only (https, localhost); elsewhere the lease row takes over.
    locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null,
    win: window,
    doc: document,
    isOnline: () => navigator.onLine,
    onNeedsSignIn,
  });
}
