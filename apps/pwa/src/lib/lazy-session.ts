import type { CurrentUser } from '@corridor/api';
import type { SessionActor, SessionSnapshot } from './session-state.ts';

type Listener = (snapshot: SessionSnapshot) => void;
type Observer = Listener | { next?: Listener; error?: (error: unknown) => void };
type SessionEvent = Parameters<SessionActor['send']>[0];

/** How long a failed load of the session's code waits before it is tried again (the line may be back). */
const RELOAD_DELAY_MS = 2000;

/**
 * The machine's first state, as the machine itself starts (packages/state-machines, session.machine.ts):
 * `initializing`, with no user yet. The screens read it with `matches` and `context` only.
 */
function startingSnapshot(storedUser: CurrentUser | null): SessionSnapshot {
  const snapshot = {
    status: 'active',
    value: 'initializing',
    context: { user: null, storedUser, loaderMessage: 'loader.loading', error: null, token: null },
    matches: (state: unknown) => state === 'initializing',
  };
  return snapshot as unknown as SessionSnapshot;
}

/**
 * The session as the first screen holds it while the machine's code (xstate, ~30 KB gzip, and its
 * evaluation) is still loading: the login form renders and takes input without it. It answers
 * `getSnapshot`, `subscribe`, `send` and `start` as the actor does: until the machine is there its
 * snapshot is the machine's own first state (`initializing`, which the screens already wait out) and
 * events are kept in order; then every call goes to the machine, and the subscribers hear its states.
 * `start()` asks for the code.
 */
export function createLazySession(load: () => Promise<SessionActor>, storedUser: CurrentUser | null): SessionActor {
  let actor: SessionActor | undefined;
  let loading: Promise<void> | undefined;
  let last = startingSnapshot(storedUser);
  const pending: SessionEvent[] = [];
  const observers = new Set<{ next: Listener; error: (error: unknown) => void }>();

  const publish = (snapshot: SessionSnapshot) => {
    if (snapshot === last) return;
    last = snapshot;
    for (const observer of [...observers]) observer.next(snapshot);
  };

  const start = () => {
    loading ??= load().then(
      (loaded) => {
        actor = loaded;
        loaded.subscribe({
          next: publish,
          error: (error) => {
            for (const observer of [...observers]) observer.error(error);
          },
        });
        loaded.start();
        for (const event of pending.splice(0)) loaded.send(event);
        publish(loaded.getSnapshot());
      },
      () => {
        // Not loaded (the line dropped before the service worker had the portal): try again later.
        loading = undefined;
        window.setTimeout(start, RELOAD_DELAY_MS);
      },
    );
  };

  const facade = {
    getSnapshot: () => actor?.getSnapshot() ?? last,
    send: (event: SessionEvent) => {
      if (actor) actor.send(event);
      else pending.push(event);
    },
    subscribe: (observer: Observer) => {
      const entry =
        typeof observer === 'function'
          ? { next: observer, error: () => {} }
          : { next: (snapshot: SessionSnapshot) => observer.next?.(snapshot), error: (error: unknown) => observer.error?.(error) };
      observers.add(entry);
      return { unsubscribe: () => observers.delete(entry) };
    },
    start: () => {
      start();
      return facade;
    },
  };
  return facade as unknown as SessionActor;
}
