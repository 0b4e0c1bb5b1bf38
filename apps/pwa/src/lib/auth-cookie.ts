import { AUTH_COOKIE_NAME, COOKIE_PATH, SESSION_HINT_COOKIE_NAME } from '@corridor/domain';
import { loadStoredUser } from './stored-user.ts';

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
 * token cookie the user is logged out, without a call). Two cases still ask: an auth root on another site, whose
 * cookies this page cannot read, and a device where a user is signed in (its stored user): a browser signed in
 * before the hint existed keeps its session, offline too, as it did.
 */
export function mayHoldSession(
  authRoot: string,
  page: { cookie: string; origin: string; signedInHere: boolean } = {
    cookie: document.cookie,
    origin: window.location.origin,
    signedInHere: loadStoredUser() !== null,
  },
): boolean {
  if (page.signedInHere || new URL(authRoot, page.origin).origin !== page.origin) return true;
  return page.cookie.split(';').some((pair) => pair.trim().startsWith(`${SESSION_HINT_COOKIE_NAME}=`));
}
