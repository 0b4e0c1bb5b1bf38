import { redirect } from '@tanstack/react-router';
import { GUARD_DEBOUNCE_MS } from '@corridor/domain';
import type { CurrentUser } from '@corridor/api';
import { areaOfRole, roleHome, type PortalArea } from '@corridor/state-machines';
import { isSettled, type SessionActor, type SessionSnapshot } from './session-state.ts';
import { settledSinceOf } from './session-settled.ts';

// The general guard acts on an auth state that has been stable for GUARD_DEBOUNCE_MS (spec 1, section 6).
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the auth check has completed: at once when its outcome lets the screen open (the check is
 * done and the user is the one the screen wants: nothing to debounce), else once it has stayed so for the
 * debounce period, so a redirect never acts on a state the session only passes through. Every start of a
 * signed-in screen (a sign-in, a reload, an offline start) otherwise waited the 100 ms out.
 */
async function settledSession(session: SessionActor, opens: (snapshot: SessionSnapshot) => boolean): Promise<SessionSnapshot> {
  for (;;) {
    const snapshot = session.getSnapshot();
    const since = settledSinceOf(session);
    if (isSettled(snapshot) && since !== undefined) {
      if (opens(snapshot)) return snapshot;
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

const userOf = (snapshot: SessionSnapshot): CurrentUser | null => (snapshot.matches('authenticated') ? snapshot.context.user : null);

/**
 * General guard + role guard for an area (spec 1, section 6): no user -> /login; a user of another
 * area -> that user's own home. The redirects wait for the guard debounce; the user of the area goes in.
 */
export async function guardArea(session: SessionActor, area: PortalArea): Promise<CurrentUser> {
  const user = userOf(
    await settledSession(session, (snapshot) => {
      const current = userOf(snapshot);
      return current !== null && areaOfRole(current.role) === area;
    }),
  );
  if (!user) throw redirect({ to: '/login' });
  if (areaOfRole(user.role) !== area) throw redirect({ href: roleHome(user.role), replace: true });
  return user;
}
