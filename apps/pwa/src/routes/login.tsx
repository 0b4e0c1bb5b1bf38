import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { roleHome } from '@corridor/state-machines';
import { LoginPage } from '@/features/auth/login-page.tsx';
import { fetchPortalConfig } from '@/lib/portal-config.ts';
import { prefetchHome } from '@/lib/prefetch-home.ts';

export const Route = createFileRoute('/login')({
  beforeLoad: ({ context }) => {
    const snapshot = context.session.getSnapshot();
    const user = snapshot.matches('authenticated') ? snapshot.context.user : null;
    if (user) throw redirect({ href: roleHome(user.role), replace: true });
  },
  // Not awaited: the form renders with the defaults and applies the config when it arrives.
  loader: () => ({ portalConfig: fetchPortalConfig() }),
  component: function LoginRoute() {
    const { portalConfig } = Route.useLoaderData();
    const router = useRouter();
    return <LoginPage portalConfig={portalConfig} onTyping={() => prefetchHome(router)} />;
  },
});
