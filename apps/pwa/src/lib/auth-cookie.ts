import Cookies from 'js-cookie';
import { AUTH_COOKIE_NAME, COOKIE_PATH } from '@corridor/domain';

/**
 * Earlier portal versions kept the access token in a script-readable cookie. The token now lives in
 * memory only (the 30-day sign-in is the server's HttpOnly refresh cookie), so a leftover one is
 * removed: a readable bearer token must not outlive the upgrade.
 */
export function removeLegacyAuthCookie(): void {
  if (Cookies.get(AUTH_COOKIE_NAME) !== undefined) Cookies.remove(AUTH_COOKIE_NAME, { path: COOKIE_PATH });
}
