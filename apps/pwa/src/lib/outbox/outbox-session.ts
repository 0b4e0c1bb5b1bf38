import { useEffect } from 'react';
import type { OutboxSender } from './outbox-sender.ts';

/**
 * This tab's outbox for the signed-in user: started once the user is known, stopped at logout.
 * One at a time: a new sign-in as someone else stops the previous user's sender first.
 */
let running: { userId: string; sender: OutboxSender } | null = null;
let starting: Promise<void> | null = null;
/** The signed-in user's unsent count, kept current for the session's synchronous 401 rule. */
let unsent = { userId: '', count: 0 };
let stopWatching: (() => void) | null = null;

/** Payments of `userId` still waiting on this device, as last counted (the session's 401 rule). */
export function hasUnsentWork(userId: string | null | undefined): boolean {
  return !!userId && unsent.userId === userId && unsent.count > 0;
}

async function watchUnsent(userId: string): Promise<void> {
  const { unsentCount } = await import('./outbox-store.ts');
  const { onOutboxChanged } = await import('./outbox-signal.ts');
  const recount = () =>
    void unsentCount(userId).then(
      (count) => {
        if (running?.userId === userId) unsent = { userId, count };
      },
      () => {},
    );
  stopWatching?.();
  stopWatching = onOutboxChanged((changed) => changed === userId && recount());
  recount();
}

/** The user confirmed a logout that drops unsent payments (or there were none to drop). */
let discardConfirmed = false;
export function confirmDiscardUnsent(): void {
  discardConfirmed = true;
}
/** Read once by the logout's clearing: a logout the user did not choose keeps unsent payments. */
function takeDiscardConfirmed(): boolean {
  const confirmed = discardConfirmed;
  discardConfirmed = false;
  return confirmed;
}

async function startOutboxFor(userId: string): Promise<void> {
  // No IndexedDB (a locked-down browser profile): nothing can be queued, so nothing to send.
  if (running?.userId === userId || typeof indexedDB === 'undefined') return;
  await starting;
  if (running?.userId === userId) return;
  starting = (async () => {
    if (running) await stopOutbox();
    // The sender (xstate, Dexie) loads with the first signed-in screen, not with the login page.
    const { startBrowserOutbox } = await import('./browser-outbox.ts');
    running = {
      userId,
      sender: startBrowserOutbox(userId, () => {
        // The same 401 reached the session through the api client: it asks the user to sign in again.
      }),
    };
    await watchUnsent(userId);
  })();
  await starting;
}

/** Logout: this tab stops sending (another tab of the same user, if any, takes over). */
export async function stopOutbox(): Promise<void> {
  const current = running;
  running = null;
  stopWatching?.();
  stopWatching = null;
  unsent = { userId: '', count: 0 };
  await current?.sender.stop();
}

/** After the user signed in again: the paused queue goes on. */
export function resumeOutbox(): void {
  running?.sender.resume();
}

/** Starts this tab's sender for `userId` while mounted under a signed-in screen. */
export function useOutboxSender(userId: string | null | undefined): void {
  useEffect(() => {
    if (userId) void startOutboxFor(userId);
  }, [userId]);
}

/**
 * The logout's wipe of the user's local data (ASVS 14.3). Unsent payments are the one exception: a
 * logout the user did not choose (a refused session at start-up) keeps them, sealed with the user's
 * key, for the same user's next sign-in; the cached lists and figures go either way.
 */
export async function clearUserData(userId: string): Promise<void> {
  await stopOutbox();
  const confirmed = takeDiscardConfirmed();
  const { clearLocalData, localDbFor } = await import('../local-first/local-db.ts');
  const { unsentCount } = await import('./outbox-store.ts');
  const waiting = confirmed ? 0 : await unsentCount(userId).catch(() => 0);
  if (waiting === 0) return clearLocalData(userId);
  const db = localDbFor(userId);
  const kept = new Set(['keys', 'outbox', 'outboxLease']);
  await Promise.all(db.tables.filter((table) => !kept.has(table.name)).map((table) => table.clear()));
}
