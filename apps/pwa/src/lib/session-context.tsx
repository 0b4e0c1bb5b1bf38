import { createContext, useCallback, useContext, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { CurrentUser } from '@corridor/api';
import type { SessionActor, SessionSnapshot } from './session-state.ts';

const SessionContext = createContext<SessionActor | null>(null);

export function SessionProvider({ session, children }: { session: SessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionActor {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider');
  return session;
}

/**
 * The selected part of the session's state, rendered again when it changes. React's own store hook
 * rather than @xstate/react's, which would bring xstate into the first screen (lib/lazy-session.ts).
 */
export function useSessionSelector<T>(select: (snapshot: SessionSnapshot) => T): T {
  const session = useSession();
  // The last snapshot and what it selected: the same snapshot gives the same value (the store hook asks
  // more than once a render), and an equal selection keeps the value it had.
  const memo = useRef<{ snapshot: SessionSnapshot; select: (snapshot: SessionSnapshot) => T; selected: T } | null>(null);
  const subscribe = useCallback((onChange: () => void) => session.subscribe({ next: onChange, error: onChange }).unsubscribe, [session]);
  const read = () => {
    const snapshot = session.getSnapshot();
    if (memo.current?.snapshot === snapshot && memo.current.select === select) return memo.current.selected;
    const selected = select(snapshot);
    if (memo.current && Object.is(memo.current.selected, selected)) {
      memo.current = { snapshot, select, selected: memo.current.selected };
      return memo.current.selected;
    }
    memo.current = { snapshot, select, selected };
    return selected;
  };
  return useSyncExternalStore(subscribe, read, read);
}

export function useCurrentUser(): CurrentUser | null {
  return useSessionSelector((s) => s.context.user);
}
