import type { AnyRoute, AnyRouter } from '@tanstack/react-router';
import type { TokenHint } from './token-hint.ts';
import { loadI18n } from './translate.ts';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * Starts, for a user whose sign-in has just given a token, the answers this route's screen asks first
     * (its loader's, which otherwise wait for the user's fetch and the guards): see startHomeAhead.
     */
    startAhead?: (userId: string) => void;
  }
}

/** The routes each kind of organisation lands on after sign-in: the area's layout and its wallet list (roleHome). */
const HOMES: Readonly<Record<string, readonly string[]>> = {
  MERCHANT: ['/merchant', '/merchant/wallet/'],
  SERVICE_PROVIDER: ['/service-provider', '/service-provider/wallet/'],
};
const MERCHANT_HOME = HOMES.MERCHANT ?? [];

let started = false;

/**
 * Fetches, while the user types on the login form, the code the first signed-in screen needs: the
 * merchant's layout and wallet list chunks, i18next, and the call table the session's first call
 * loads. On a slow line that code otherwise loads only after the sign-in has answered, one step after
 * the other. Code only: no call goes out and no loader runs. Once per page.
 */
export function prefetchHome(router: AnyRouter): void {
  if (started) return;
  started = true;
  const byId = router.routesById as Record<string, AnyRoute | undefined>;
  prefetchCode(
    router,
    MERCHANT_HOME.flatMap((id) => byId[id] ?? []),
  );
  // The first signed-in screen's formatters and class merger, at an idle moment while the user types: each is
  // built on its first use, which otherwise falls inside the first render after the sign-in.
  void Promise.all([import('./intl-format.ts'), import('./cn.ts')])
    .then(([{ warmFormatters }, { warmClassMerger }]) => {
      const warm = () => {
        warmFormatters(globalThis.document?.documentElement.lang || 'en');
        warmClassMerger();
      };
      if (typeof globalThis.requestIdleCallback === 'function') globalThis.requestIdleCallback(warm);
      else globalThis.setTimeout(warm, 0);
    })
    .catch(() => {});
}

/**
 * The sign-in's token has come: the home of the token's organisation type fetches its code (a service provider's
 * too, which the typing did not guess) and starts its first screen's answers (the routes' `startAhead`), beside
 * the user's fetch instead of after it and the guards: on a slow line one round trip sooner. The token is only a
 * hint (lib/token-hint.ts): these are reads the server authorizes like any, the navigation still waits for the
 * user the server returns, and an answer no screen takes is dropped (local-first/early-fetch.ts).
 */
export function startHomeAhead(router: AnyRouter, hint: TokenHint): void {
  const byId = router.routesById as Record<string, AnyRoute | undefined>;
  const routes = (HOMES[hint.orgType] ?? []).flatMap((id) => byId[id] ?? []);
  prefetchCode(router, routes);
  for (const route of routes) route.options.staticData?.startAhead?.(hint.userId);
}

/**
 * A start on a signed-in screen (a reload, an offline start): fetches that screen's route chunks, i18next and
 * the call table at once, beside the session's start. The router asks for a route's chunks only after the
 * routes above it have let it through (the root waits for i18next, the area for the session), so on a start
 * they otherwise came one step after the other, the whole session start later (spec 1: the portal opens
 * offline on what it holds; every such start waited for this).
 */
export function prefetchStartScreen(router: AnyRouter, pathname: string): void {
  const [routes] = router.getMatchedRoutes(pathname);
  prefetchCode(router, routes);
}

/** Code only: no call goes out and no loader runs. */
function prefetchCode(router: AnyRouter, routes: readonly AnyRoute[]): void {
  void loadI18n().catch(() => {});
  // The call client itself loads here too: the login form does not need it to show (the sign-in goes
  // through the session's code, which brings it).
  void import('./api-client.ts').then(({ preloadCallTable }) => preloadCallTable()).catch(() => {});
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => {});
}
