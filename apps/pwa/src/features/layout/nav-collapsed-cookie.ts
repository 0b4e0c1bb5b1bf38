import Cookies from 'js-cookie';
import { COOKIE_PATH, NAV_COLLAPSED_COOKIE_NAME, NAV_COOKIE_DAYS, navCollapsedFromCookie } from '@corridor/domain';

/** Restored only when it was true (spec 1, section 2). */
export function readNavCollapsed(): boolean {
  return navCollapsedFromCookie(Cookies.get(NAV_COLLAPSED_COOKIE_NAME));
}

/** The collapsed menu is remembered for 365 days, path / (spec 1, section 9). */
export function writeNavCollapsed(collapsed: boolean): void {
  Cookies.set(NAV_COLLAPSED_COOKIE_NAME, String(collapsed), { expires: NAV_COOKIE_DAYS, path: COOKIE_PATH, sameSite: 'lax' });
}
