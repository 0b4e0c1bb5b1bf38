import type { AnyRoute, AnyRouter } from '@tanstack/react-router';
import { loadI18n } from './translate.ts';

/** The routes a merchant lands on after sign-in: the area's layout and its wallet list (roleHome). */
const MERCHANT_HOME = ['/merchant', '/merchant/wallet/'];

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
  // The first signed-in screen's formatters, at an idle moment while the user types (lib/intl-format.ts).
  void import('./intl-format.ts')
    .then(({ warmFormatters }) => {
      const warm = () => warmFormatters(document.documentElement.lang || 'en');
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(warm);
      else window.setTimeout(warm, 0);
    })
    .catch(() => {});
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
