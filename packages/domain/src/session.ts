/**
 * Session rules of the portal (spec 4 "Session", spec 7 "Behaviour common to all calls").
 */
import { DOCUMENT_IMAGE_TYPES, LOGOUT_DELAY_MS } from './timings.ts';

/** DEMO ONLY: the portal's OAuth client id (workspace shared constant). Not a secret. */
export const PORTAL_CLIENT_ID = 'corridor-portal';
/** DEMO ONLY: the portal's demo client secret; a real deployment configures its own. */
export const PORTAL_CLIENT_SECRET_DEMO = 'corridor-portal-demo-secret';

/** Base64 of a Latin-1 string; btoa exists in browsers and in Node 16+. */
function base64(text: string): string {
  return btoa(text);
}

/**
 * Basic header of an OAuth client.
 *
 * @example basicAuthHeader('corridor-portal', 'corridor-portal-demo-secret') // 'Basic Y29ycmlkb3ItcG9ydGFsOmNvcnJpZG9yLXBvcnRhbC1kZW1vLXNlY3JldA=='
 * @internal
 */
export function basicAuthHeader(clientId: string, clientSecret: string): string {
  return `Basic ${base64(`${clientId}:${clientSecret}`)}`;
}

/**
 * Authorization header of a call (spec 7): "Requests whose URL contains 'api/auth' carry no
 * authorization header. Otherwise a bearer token read from a cookie is sent; with no cookie, a
 * basic header made from a fixed client identifier and secret of the portal is sent."
 *
 * @example authorizationHeader('/api/auth/login', 'tok') // null
 * @example authorizationHeader('/m/api/wallets', 'tok') // 'Bearer tok'
 * @internal
 */
export function authorizationHeader(
  url: string,
  token: string | null | undefined,
  client: { id: string; secret: string } = { id: PORTAL_CLIENT_ID, secret: PORTAL_CLIENT_SECRET_DEMO },
): string | null {
  if (url.includes('api/auth')) return null;
  if (token !== null && token !== undefined && token !== '') return `Bearer ${token}`;
  return basicAuthHeader(client.id, client.secret);
}

/**
 * Spec 4: "Logout (loader.logout) waits 2 s if a token exists" — the delay before clearing.
 *
 * @example logoutDelayMs(true) // 2000
 * @internal
 */
export function logoutDelayMs(hasToken: boolean): number {
  return hasToken ? LOGOUT_DELAY_MS : 0;
}

/** Spec 4 loader message keys. */
export const LOADER_TRY_TO_LOGIN_KEY = 'loader.tryToLogin';
export const LOADER_LOGOUT_KEY = 'loader.logout';
/** Spec 4: the password change success notification key. */
export const PASSWORD_UPDATE_SUCCESS_KEY = 'pswdUpdateSuccessNotification';
/** Spec 3: "User settings: key PROFILE_TIME_ZONE, stored locally as TIME_ZONE". */
export const LOCAL_TIME_ZONE_KEY = 'TIME_ZONE';

/**
 * Which user endpoint changes a password (spec 6: "Password change uses the service-provider
 * user endpoint for SERVICE_PROVIDER and the merchant user endpoint otherwise").
 */
export function passwordChangeAudience(role: string): 'service-provider' | 'merchant' {
  return role === 'SERVICE_PROVIDER' ? 'service-provider' : 'merchant';
}

/** Password change payload (spec 3: "newPassword, oldPassword, userId"). */
export function passwordChangePayload(input: { userId: string; current: string; newPassword: string }): {
  newPassword: string;
  oldPassword: string;
  userId: string;
} {
  return { newPassword: input.newPassword, oldPassword: input.current, userId: input.userId };
}

/**
 * Spec 9: "Document image types png, gif, jpeg, jpg".
 *
 * @example isDocumentImage('PNG') // true
 * @example isDocumentImage('pdf') // false
 * @internal
 */
export function isDocumentImage(fileExtension: string | null | undefined): boolean {
  const ext = (fileExtension ?? '').trim().toLowerCase().replace(/^\./, '');
  return (DOCUMENT_IMAGE_TYPES as readonly string[]).includes(ext);
}
