import { AUTH_COOKIE_NAME, COOKIE_PATH, SESSION_HINT_COOKIE_NAME } from '@corridor/domain';

/**
 * Earlier portal versions kept the access token in a script-readable cookie. The token now lives in
 * memory only (the 30-day sign-in is the server's HttpOnly refresh cookie), so a leftover one is
 * removed: a readable bearer token must not outlive the upgrade.
 */
export function removeLegacyAuthCookie(): void {
  // document.cookie, not a cookie library: this runs before the login form paints, so it stays tiny.
  const present = document.cookie.split(';').some((pair) => pair.trim().startsWith(`${AUTH_COOKIE_NAME}=`));
  if (present) document.cookie = `${AUTH_COOKIE_NAME}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${COOKIE_PATH}`;
}

/**
 * Whether this browser may hold a session to renew. The server sets its readable hint cookie beside the HttpOnly
 * refresh cookie and clears both together; without the hint, a renewal could only be refused (spec 4: with no
 * token cookie the user is logged out, without a call). An auth root on another site keeps its cookies out of
 * this page's reach: there the renewal is always asked for.
 */
export function mayHoldSession(
  authRoot: string,
  page: { cookie: string; origin: string } = { cookie: document.cookie, origin: window.location.origin },
): boolean {
  if (new URL(authRoot, page.origin).origin !== page.origin) return true;
  return page.cookie.split(';').some((pair) => pair.trim().startsWith(`${SESSION_HINT_COOKIE_NAME}=`));
}
