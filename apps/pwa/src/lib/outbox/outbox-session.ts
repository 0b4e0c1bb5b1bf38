import { useEffect } from 'react';
import type { OutboxSender } from './outbox-sender.ts';

/**
 * This tab's outbox for the signed-in user: started once the user is known, stopped at logout.
 * One at a time: a new sign-in as someone else stops the previous user's sender first.
 */
let running: { userId: string; sender: OutboxSender } | null = null;
let starting: Promise<void> | null = null;
let needsSignIn: () => void = () => {};

/** What the session does when the outbox meets a 401: ask the same user to sign in again. */
export function onOutboxNeedsSignIn(handler: () => void): void {
  needsSignIn = handler;
}

export async function startOutboxFor(userId: string): Promise<void> {
  // No IndexedDB (a locked-down browser profile): nothing can be queued, so nothing to send.
  if (running?.userId === userId || typeof indexedDB === 'undefined') return;
  await starting;
  if (running?.userId === userId) return;
  starting = (async () => {
    if (running) await stopOutbox();
    // The sender (xstate, Dexie) loads with the first signed-in screen, not with the login page.
    const { startBrowserOutbox } = await import('./browser-outbox.ts');
    running = { userId, sender: startBrowserOutbox(userId, () => needsSignIn()) };
  })();
  await starting;
}

/** Logout: this tab stops sending (another tab of the same user, if any, takes over). */
export async function stopOutbox(): Promise<void> {
  const current = running;
  running = null;
  await current?.sender.stop();
}

/** After the user signed in again: the paused queue goes on. */
export function resumeOutbox(): void {
  running?.sender.resume();
}

/** The user asked to try now (sync health's retry). */
export function wakeOutbox(): void {
  running?.sender.wake('retry');
}

/** Starts this tab's sender for `userId` while mounted under a signed-in screen. */
export function useOutboxSender(userId: string | null | undefined): void {
  useEffect(() => {
    if (userId) void startOutboxFor(userId);
  }, [userId]);
}
