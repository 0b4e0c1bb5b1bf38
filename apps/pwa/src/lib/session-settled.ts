import { isSettled, type SessionActor, type SessionSnapshot } from './session-state.ts';

// When each session last became settled, for the guards' debounce (spec 1, section 6). Apart from the guards
// (lib/session-guards.ts, which bring the router) so that the entry can start tracking before the router loads.
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

/** Since when (epoch ms) the session has been settled, or undefined while it is not (or is not tracked). */
export function settledSinceOf(session: SessionActor): number | undefined {
  return settledSince.get(session);
}
