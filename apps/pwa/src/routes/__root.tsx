import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { RootShell } from '@/components/root-shell.tsx';
import type { RouterContext } from '@/lib/router-context.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <RootShell>
      <Outlet />
    </RootShell>
  ),
});
