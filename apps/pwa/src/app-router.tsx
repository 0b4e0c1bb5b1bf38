import { createRouter, RouterProvider } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import type { SessionActor } from './lib/session-state.ts';
// Every screen's utilities (the login form's own come with the entry: login.css).
import './styles.css';

/**
 * The router and its route tree: loaded by the entry (main.tsx through lib/portal-router.ts) rather than
 * imported by it, so that a first visit to the login page shows the form without them (~37 KB gzip and their
 * evaluation on a slow CPU) and fetches them while the user types.
 */
export function createAppRouter(session: SessionActor) {
  return createRouter({
    routeTree,
    context: { session },
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/** The router's screens: the only place the entry's tree meets the router's own component. */
export function AppRouterRoot({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
