import { useEffect, useState } from 'react';
import { isSettled, type SessionActor } from '@/lib/session-state.ts';

/** How long an idle wait may last before the task runs anyway (a page that is never idle). */
const IDLE_TIMEOUT_MS = 2000;

let firstScreenRendered = false;
const onFirstScreen = new Set<() => void>();

/**
 * Called once the router has rendered the first screen with its own code (main.tsx, on the router's
 * first `onRendered`): on the login page that is the form, whose chunk comes after the root's.
 */
export function markFirstScreenRendered(): void {
  if (firstScreenRendered) return;
  firstScreenRendered = true;
  for (const listener of [...onFirstScreen]) listener();
  onFirstScreen.clear();
}

/**
 * Runs `task` once the first screen has rendered, the session's start has settled (the refresh grant
 * and the current user have answered) and the browser is next idle. What only later screens need
 * (i18next, the toasts, the service worker's precache of the whole portal) then shares neither a slow
 * line nor a slow CPU with the first screen's own code and requests, and is not among what the
 * browser loads before the login form is interactive (the login route's size budget). Returns a
 * cancel function.
 */
export function afterSessionStart(session: SessionActor, task: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  let unsubscribe: (() => void) | undefined;
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(task, 0);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  const whenSettled = () => {
    if (isSettled(session.getSnapshot())) {
      whenIdle();
      return;
    }
    const subscription = session.subscribe((snapshot) => {
      if (!isSettled(snapshot)) return;
      subscription.unsubscribe();
      whenIdle();
    });
    unsubscribe = () => subscription.unsubscribe();
  };
  if (firstScreenRendered) whenSettled();
  else {
    onFirstScreen.add(whenSettled);
    unsubscribe = () => onFirstScreen.delete(whenSettled);
  }
  return () => {
    unsubscribe?.();
    cancelIdle?.();
  };
}

/** False until the session's start has settled and the browser has been idle once; then true for good. */
export function useAfterSessionStart(session: SessionActor): boolean {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (started) return;
    return afterSessionStart(session, () => setStarted(true));
  }, [session, started]);
  return started;
}
