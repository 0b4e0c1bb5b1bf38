import type { AnyRouter } from '@tanstack/react-router';
import { preloadCallTable } from './api-client.ts';
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
  void loadI18n().catch(() => {});
  void preloadCallTable().catch(() => {});
  for (const id of MERCHANT_HOME) {
    const route = (router.routesById as Record<string, Parameters<AnyRouter['loadRouteChunk']>[0] | undefined>)[id];
    if (route) void router.loadRouteChunk(route)?.catch(() => {});
  }
}
