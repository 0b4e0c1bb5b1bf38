import type { AnyRouter } from '@tanstack/react-router';
import { preloadCallTable } from './api-client.ts';
import { storedLanguage } from './language.ts';
import { loadI18n } from './translate.ts';

/** The routes a merchant lands on after sign-in: the area's layout and its wallet list (roleHome). */
const MERCHANT_HOME = ['/merchant', '/merchant/wallet/'];

let started = false;

/**
 * Fetches, while the user types on the login form, the code the first signed-in screen needs (the
 * merchant's layout and wallet list chunks, i18next, the call table the session's first call loads) and
 * makes that screen's formatters. On a slow line that code otherwise loads only after the sign-in has
 * answered, one step after the other. No call goes out and no loader runs. Once per page.
 */
export function prefetchHome(router: AnyRouter): void {
  if (started) return;
  started = true;
  void loadI18n().catch(() => {});
  // The formatters' module loads with the home screen's code anyway; made when the page is next idle, they do
  // not hold up a keystroke.
  const language = storedLanguage();
  const ready = () => void import('./intl-format.ts').then((formats) => formats.readyFormatters(language)).catch(() => {});
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(ready, { timeout: 2_000 });
  else window.setTimeout(ready, 0);
  void preloadCallTable().catch(() => {});
  for (const id of MERCHANT_HOME) {
    const route = (router.routesById as Record<string, Parameters<AnyRouter['loadRouteChunk']>[0] | undefined>)[id];
    if (route) void router.loadRouteChunk(route)?.catch(() => {});
  }
}
