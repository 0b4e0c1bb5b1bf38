import { useEffect, useState } from 'react';
import { isSettled, type SessionActor } from '@/lib/session.ts';

/** How long an idle wait may last before the task runs anyway (a page that is never idle). */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` once the session's start has settled (the refresh grant and the current user have
 * answered) and the browser is next idle. What only later screens need (i18next, the service worker's
 * precache of the whole portal) then does not share a slow line and a slow CPU with the first screen's
 * own requests. Returns a cancel function.
 */
export function afterSessionStart(session: SessionActor, task: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(task, 0);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  if (isSettled(session.getSnapshot())) {
    whenIdle();
    return () => cancelIdle?.();
  }
  const subscription = session.subscribe((snapshot) => {
    if (!isSettled(snapshot)) return;
    subscription.unsubscribe();
    whenIdle();
  });
  return () => {
    subscription.unsubscribe();
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
