import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import { applyDocumentLanguage, storedLanguage } from './lib/language.ts';
import { loadI18n } from './lib/translate.ts';
import { createLazySession } from './lib/lazy-session.ts';
import { loadStoredUser } from './lib/stored-user.ts';
import { SessionProvider } from './lib/session-context.tsx';
import { trackSettled } from './lib/session-guards.ts';
import { navigateForSession } from './lib/session-navigation.ts';
import { afterSessionStart, markFirstScreenRendered } from './components/after-session-start.ts';
import { prefetchStartScreen } from './lib/prefetch-home.ts';
import { persistOnceInstalled } from './lib/local-first/persist-storage.ts';
import './styles.css';

// The machine (xstate) loads after the entry has run, on the login page after its first render: the
// login form needs none of it to show and take input (lib/lazy-session.ts).
const session = createLazySession(
  () =>
    import('./lib/session.ts').then(({ createSessionActor }) =>
      createSessionActor({
        pathname: () => router.state.location.pathname,
        navigate: (request) => navigateForSession(router, request),
      }),
    ),
  loadStoredUser(),
);

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
// On the login page the machine's code loads once the form has rendered (below): fetched and run
// before, it shared the line and the CPU with the form. Elsewhere the screen waits for the session.
if (window.location.pathname !== '/login') {
  session.start();
  prefetchStartScreen(router, window.location.pathname);
}
persistOnceInstalled();

/**
 * The login form paints at once with the strings built into the entry (lib/translate.ts); i18next
 * loads beside it, and every other screen waits for it in the root route.
 */
function mount(): void {
  applyDocumentLanguage(storedLanguage());
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

mount();
// On the login screen i18next waits until the form has rendered and the session's start has settled,
// so it shares neither the slow line nor the CPU with them (the login form carries its own strings; a
// notification or the language menu loads it at once when needed); elsewhere the root route asks for it.
// The root shell's later work (the toasts, the service worker) waits for the same moment.
const unsubscribe = router.subscribe('onRendered', () => {
  unsubscribe();
  session.start();
  markFirstScreenRendered();
  afterSessionStart(session, () => void loadI18n());
});
