import { useSyncExternalStore, type ReactNode } from 'react';
import type { PortalRouter } from '@/lib/portal-router.ts';

/**
 * The router's screens once they are on the page, and `login` (the form a first visit shows before the router
 * has loaded) in front until they have rendered: after the sign-in the form gives way to the user's home in one
 * step, as a navigation inside the router does, with no empty frame between.
 */
export function PortalScreens({ portal, login }: { portal: PortalRouter; login: ReactNode }) {
  const app = useSyncExternalStore(portal.subscribe, portal.current);
  return (
    <>
      {app ? (
        // `display: contents` keeps the wrapper out of the layout; `none` keeps the screens rendered behind the form unseen.
        <div data-testid="portal-screens" style={{ display: app.shown ? 'contents' : 'none' }}>
          <app.Root router={app.router} />
        </div>
      ) : null}
      {app?.shown ? null : login}
    </>
  );
}
