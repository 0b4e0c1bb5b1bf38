import Cookies from 'js-cookie';
import { AUTH_COOKIE_DAYS, AUTH_COOKIE_NAME, COOKIE_PATH } from '@corridor/domain';

export function readToken(): string | undefined {
  return Cookies.get(AUTH_COOKIE_NAME) || undefined;
}

export function writeToken(token: string): void {
  // The token lives in this cookie for 30 days, path / (spec 1, section 9).
  Cookies.set(AUTH_COOKIE_NAME, token, {
    expires: AUTH_COOKIE_DAYS,
    path: COOKIE_PATH,
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
  });
}

export function clearToken(): void {
  Cookies.remove(AUTH_COOKIE_NAME, { path: COOKIE_PATH });
}
