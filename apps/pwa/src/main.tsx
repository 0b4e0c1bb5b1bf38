import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import { initI18n } from './lib/i18n.ts';
import { createSessionActor } from './lib/session.ts';
import { SessionProvider } from './lib/session-context.tsx';
import { trackSettled } from './lib/session-guards.ts';
import { navigateForSession } from './lib/session-navigation.ts';
import './styles.css';

const session = createSessionActor({
  pathname: () => router.state.location.pathname,
  navigate: (request) => navigateForSession(router, request),
});

const router = createRouter({
  routeTree,
  context: { session },
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

trackSettled(session);
session.start();

async function mount(): Promise<void> {
  await initI18n();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <Suspense fallback={null}>
        <SessionProvider session={session}>
          <RouterProvider router={router} />
        </SessionProvider>
      </Suspense>
    </StrictMode>,
  );
}

void mount();
