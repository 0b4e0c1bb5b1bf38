import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { CurrentUser } from '@corridor/api';
import type { SessionActor, SessionSnapshot } from './session.ts';

const SessionContext = createContext<SessionActor | null>(null);

export function SessionProvider({ session, children }: { session: SessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionActor {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider');
  return session;
}

export function useSessionSelector<T>(select: (snapshot: SessionSnapshot) => T): T {
  return useSelector(useSession(), select);
}

export function useCurrentUser(): CurrentUser | null {
  return useSessionSelector((s) => s.context.user);
}
