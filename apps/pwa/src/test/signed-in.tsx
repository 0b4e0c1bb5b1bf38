import type { ReactNode } from 'react';
import { act } from '@testing-library/react';
import { TooltipProvider } from '@/components/ui/tooltip.tsx';
import { SessionProvider } from '@/lib/session-context.tsx';
import type { SessionActor } from '@/lib/session.ts';
import { fakeSession } from './fake-session.ts';
import { renderInRouter } from './render-in-router.tsx';

/** A fake session, started, once its refresh grant and user fetch have settled. */
export async function startedSession(options?: Parameters<typeof fakeSession>[0]) {
  const fake = fakeSession(options);
  fake.session.start();
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  return fake;
}

/** Renders a screen at a path under the session, with the providers the app shell gives its screens. */
export function renderSignedIn(session: SessionActor, ui: () => ReactNode, path: string) {
  return renderInRouter(
    () => (
      <SessionProvider session={session}>
        <TooltipProvider>{ui()}</TooltipProvider>
      </SessionProvider>
    ),
    path,
  );
}
