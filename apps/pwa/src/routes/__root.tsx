import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { RootShell } from '@/components/root-shell.tsx';
import type { RouterContext } from '@/lib/router-context.ts';
import { loadI18n } from '@/lib/translate.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The login screen carries its own strings; every other screen translates through i18next.
  beforeLoad: async ({ location }) => {
    if (location.pathname !== '/login') await loadI18n();
  },
  component: () => (
    <RootShell>
      <Outlet />
    </RootShell>
  ),
});
