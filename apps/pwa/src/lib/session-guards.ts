import { redirect } from '@tanstack/react-router';
import { GUARD_DEBOUNCE_MS } from '@corridor/domain';
import type { CurrentUser } from '@corridor/api';
import { areaOfRole, roleHome, type PortalArea } from '@corridor/state-machines';
import { isSettled, type SessionActor, type SessionSnapshot } from './session-state.ts';

// The general guard acts on an auth state that has been stable for GUARD_DEBOUNCE_MS (spec 1, section 6).
const settledSince = new WeakMap<SessionActor, number>();

/** Records when the session last became settled, for the guard's debounce. */
export function trackSettled(session: SessionActor): () => void {
  let wasSettled = false;
  const record = (snapshot: SessionSnapshot) => {
    const settled = isSettled(snapshot);
    if (settled && !wasSettled) settledSince.set(session, Date.now());
    if (!settled) settledSince.delete(session);
    wasSettled = settled;
  };
  record(session.getSnapshot());
  const subscription = session.subscribe(record);
  return () => subscription.unsubscribe();
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves once the auth check has completed and stayed so for the debounce period. */
async function settledSession(session: SessionActor): Promise<SessionSnapshot> {
  for (;;) {
    const snapshot = session.getSnapshot();
    const since = settledSince.get(session);
    if (isSettled(snapshot) && since !== undefined) {
      const wait = since + GUARD_DEBOUNCE_MS - Date.now();
      if (wait <= 0) return snapshot;
      await sleep(wait);
      continue;
    }
    await new Promise<void>((resolve) => {
      const subscription = session.subscribe((next) => {
        if (isSettled(next)) {
          subscription.unsubscribe();
          resolve();
        }
      });
    });
  }
}

/** The signed-in user once the check is done, or null. */
async function guardedUser(session: SessionActor): Promise<CurrentUser | null> {
  const snapshot = await settledSession(session);
  return snapshot.matches('authenticated') ? snapshot.context.user : null;
}

/**
 * General guard + role guard for an area (spec 1, section 6): no user -> /login; a user of another
 * area -> that user's own home.
 */
export async function guardArea(session: SessionActor, area: PortalArea): Promise<CurrentUser> {
  const user = await guardedUser(session);
  if (!user) throw redirect({ to: '/login' });
  if (areaOfRole(user.role) !== area) throw redirect({ href: roleHome(user.role), replace: true });
  return user;
}
