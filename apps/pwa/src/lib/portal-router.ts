import type { NavigateRequest } from '@corridor/state-machines';
import type * as RouterModule from '../app-router.tsx';
import { startHomeAhead } from './prefetch-home.ts';
import { navigateForSession } from './session-navigation.ts';
import type { TokenHint } from './token-hint.ts';
import type { SessionActor } from './session-state.ts';

type AppRouter = RouterModule.AppRouter;

/**
 * How long a failed load of the router's code waits before it is tried again (the line may be back).
 * @internal used by its tests
 */
export const ROUTER_RELOAD_DELAY_MS = 2000;

/** The router on the page: its screens render once `shown` (until then the login form stays in front). */
interface PortalApp {
  router: AppRouter;
  Root: typeof RouterModule.AppRouterRoot;
  shown: boolean;
}

export interface PortalRouter {
  /** The router's code, loaded once (a failed load is tried again by the next call). */
  load(): Promise<AppRouter>;
  /** The router's screens, now: a start anywhere but on the login form. */
  mount(): Promise<AppRouter>;
  /** Carries out a navigation the session asks for (session.ts's navigator). */
  navigate(request: NavigateRequest): void;
  /** The page's path as the session's guards read it. */
  pathname(): string;
  /** The sign-in's token has come: the home it hints at starts its code and first answers (lib/prefetch-home.ts). */
  startHomeAhead(hint: TokenHint): void;
  subscribe(listener: () => void): () => void;
  current(): PortalApp | null;
}

/**
 * The router behind the entry. A first visit to the login page (no one signed in on this browser) shows the
 * form without it (`loginFirst`); its code loads while the user types (lib/prefetch-home.ts), and the first
 * navigation the session asks for (the sign-in's, to the user's home) puts it on the page: the target's code
 * and guards load first, the address bar changes, the router renders the target behind the form, and the
 * form gives way when the router has rendered. Every other start mounts the router at once.
 */
export function createPortalRouter(session: () => SessionActor, loginFirst: boolean, importRouter: () => Promise<typeof RouterModule>): PortalRouter {
  let loading: Promise<Omit<PortalApp, 'shown'>> | undefined;
  let app: PortalApp | null = null;
  let entering: Promise<AppRouter> | undefined;
  const listeners = new Set<() => void>();

  const publish = (next: PortalApp) => {
    app = next;
    for (const listener of [...listeners]) listener();
  };

  const loadModule = () => {
    loading ??= importRouter().then(
      (module) => ({ router: module.createAppRouter(session()), Root: module.AppRouterRoot }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  /** Until the router's code has loaded: a start that cannot fetch it tries again (the line may be back). */
  const loadWithRetries = async () => {
    for (;;) {
      try {
        return await loadModule();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, ROUTER_RELOAD_DELAY_MS));
      }
    }
  };

  const mount = async (): Promise<AppRouter> => {
    const { router, Root } = await loadWithRetries();
    if (!app) publish({ router, Root, shown: true });
    return router;
  };

  /** The sign-in's way off the form: the router takes the page at the target the session asked for. */
  const enter = async (request: NavigateRequest): Promise<AppRouter> => {
    const { router, Root } = await loadWithRetries();
    // A masked navigation (the forbidden page) comes from a signed-in screen, never from the form: here
    // the router opens at the target itself.
    const options = { to: request.to, search: request.search ?? {} };
    await router.preloadRoute(options).catch(() => undefined);
    const { href } = router.buildLocation(options);
    if (request.replace) router.history.replace(href);
    else router.history.push(href);
    const unsubscribe = router.subscribe('onRendered', () => {
      unsubscribe();
      publish({ router, Root, shown: true });
    });
    publish({ router, Root, shown: false });
    return router;
  };

  return {
    load: async () => (await loadModule()).router,
    mount,
    navigate(request) {
      if (!loginFirst) {
        void mount().then((router) => navigateForSession(router, request));
        return;
      }
      if (!entering) {
        // Already there (the form's own page): nothing to leave the form for, as navigateForSession would do.
        if (request.to === window.location.pathname && !request.search && !request.maskCurrentUrl) return;
        entering = enter(request);
        return;
      }
      void entering.then((router) => navigateForSession(router, request));
    },
    pathname: () => (app ? app.router.state.location.pathname : window.location.pathname),
    startHomeAhead(hint) {
      // Work ahead of the screen: whatever happens to it, the sign-in goes on as before.
      void loadModule()
        .then(({ router }) => startHomeAhead(router, hint))
        .catch(() => {});
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => app,
  };
}
