import { timingSafeEqual } from 'node:crypto';

/**
 * DEMO ONLY: the portal's OAuth client. A real deployment registers its clients in configuration;
 * this pair is public in the portal's bundle anyway, it identifies the app, not a user.
 */
const PORTAL_CLIENT_ID = 'corridor-portal';
const PORTAL_CLIENT_SECRET = 'corridor-portal-demo-secret';

/** True when the Authorization header is Basic with the portal's client id and secret. */
export function isPortalClient(authorization: string | undefined): boolean {
  if (!authorization?.startsWith('Basic ')) return false;
  const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
  const expected = `${PORTAL_CLIENT_ID}:${PORTAL_CLIENT_SECRET}`;
  const a = Buffer.from(decoded);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
