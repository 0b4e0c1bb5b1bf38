import { StrictMode, Suspense, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { applyDocumentLanguage, storedLanguage } from './lib/language.ts';
import { loadI18n } from './lib/translate.ts';
import { createLazySession } from './lib/lazy-session.ts';
import { loadStoredUser } from './lib/stored-user.ts';
import { SessionProvider } from './lib/session-context.tsx';
import { trackSettled } from './lib/session-settled.ts';
import { createPortalRouter } from './lib/portal-router.ts';
import { fetchPortalConfig } from './lib/portal-config.ts';
import { afterSessionStart, markFirstScreenRendered } from './components/after-session-start.ts';
import { RootShell } from './components/root-shell.tsx';
import { PortalScreens } from './components/portal-screens.tsx';
import { LoginPage } from './features/auth/login-page.tsx';
import { readTypedBeforeStart, restoreTypingFocus, type TypedBeforeStart } from './features/auth/typed-before-start.ts';
import { prefetchHome, prefetchStartScreen } from './lib/prefetch-home.ts';
import { persistOnceInstalled } from './lib/local-first/persist-storage.ts';
import './login.css';

const storedUser = loadStoredUser();
// A first visit to the login page, no one signed in here: the form shows before (and without) the router,
// whose code loads while the user types (lib/portal-router.ts).
const loginFirst = window.location.pathname === '/login' && storedUser === null;

// The machine (xstate) loads after the entry has run, on the login page after its first render: the
// login form needs none of it to show and take input (lib/lazy-session.ts).
const session = createLazySession(
  () =>
    import('./lib/session.ts').then(({ createSessionActor }) =>
      createSessionActor({
        pathname: () => portal.pathname(),
        navigate: (request) => portal.navigate(request),
        startHomeAhead: (hint) => portal.startHomeAhead(hint),
      }),
    ),
  storedUser,
);
const portal = createPortalRouter(
  () => session,
  loginFirst,
  () => import('./app-router.tsx'),
);

trackSettled(session);
// On the login page the machine's code loads once the form has rendered (below): fetched and run
// before, it shared the line and the CPU with the form. Elsewhere the screen waits for the session.
if (window.location.pathname !== '/login') session.start();
if (!loginFirst) {
  void portal.mount().then((router) => {
    if (window.location.pathname !== '/login') prefetchStartScreen(router, window.location.pathname);
    // On the login screen i18next waits until the form has rendered and the session's start has settled, so
    // it shares neither the slow line nor the CPU with them (the login form carries its own strings; a
    // notification or the language menu loads it at once when needed); elsewhere the root route asks for it.
    // The root shell's later work (the toasts, the service worker) waits for the same moment.
    const unsubscribe = router.subscribe('onRendered', () => {
      unsubscribe();
      firstScreenRendered();
    });
  });
}
persistOnceInstalled();

function firstScreenRendered(): void {
  session.start();
  markFirstScreenRendered();
  afterSessionStart(session, () => void loadI18n());
}

/** The login form before the router: what the login route renders, with the config fetched here. */
function LoginFirst({ typed }: { typed: TypedBeforeStart | null }) {
  const [portalConfig] = useState(fetchPortalConfig);
  useEffect(() => {
    firstScreenRendered();
    // The router's code, once the session's start has settled, for a sign-in that comes before any typing
    // (a password manager's fill).
    return afterSessionStart(session, () => void portal.load().catch(() => {}));
  }, []);
  return (
    <RootShell>
      <LoginPage portalConfig={portalConfig} typed={typed?.values} onTyping={() => void portal.load().then(prefetchHome, () => {})} />
    </RootShell>
  );
}

/**
 * The login form paints at once with the strings built into the entry (lib/translate.ts); i18next
 * loads beside it, and every other screen waits for it in the root route.
 */
function mount(): void {
  applyDocumentLanguage(storedLanguage());
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // The server's /login page carries the form's markup (the build's login.html), which took input before this
  // ran: React renders over it at once, in this task, with what was typed (features/auth/typed-before-start.ts).
  const typed = loginFirst ? readTypedBeforeStart(root) : null;
  const app = createRoot(root);
  const render = () =>
    app.render(
      <StrictMode>
        <Suspense fallback={null}>
          <SessionProvider session={session}>
            <PortalScreens portal={portal} login={loginFirst ? <LoginFirst typed={typed} /> : null} />
          </SessionProvider>
        </Suspense>
      </StrictMode>,
    );
  if (!typed) {
    render();
    return;
  }
  flushSync(render);
  restoreTypingFocus(typed);
}

mount();
