import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, type AnyRouter } from '@tanstack/react-router';

/** Renders a component at a path inside a throw-away router (components use links and history). */
export async function renderInRouter(ui: () => ReactNode, path = '/', initialEntries: string[] = [path]) {
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const index = createRoute({ getParentRoute: () => rootRoute, path: '/', component: ui });
  const splat = createRoute({ getParentRoute: () => rootRoute, path: '$', component: ui });
  const router: AnyRouter = createRouter({
    routeTree: rootRoute.addChildren([index, splat]),
    history: createMemoryHistory({ initialEntries, initialIndex: initialEntries.length - 1 }),
  });
  await router.load();
  const result = render(<RouterProvider router={router} />);
  return { router, ...result };
}
