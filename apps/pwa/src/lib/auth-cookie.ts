import { AUTH_COOKIE_NAME, COOKIE_PATH } from '@corridor/domain';

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
