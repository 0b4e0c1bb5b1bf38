import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors.ts';

/** Default life of a public file link when the caller names none. */
export const DEFAULT_LINK_TTL_SECONDS = 3600;

/**
 * Public links carry `token` (HMAC-SHA256 of filename, user and expiry), `user` (who made the link)
 * and `ttl` (the expiry, in Unix seconds). Changing any of them breaks the token.
 */
export function signFileLink(secret: string, filename: string, user: string, expiresAt: number): string {
  return createHmac('sha256', `files:${secret}`).update(`${filename}\n${user}\n${expiresAt}`).digest('base64url');
}

export function verifyFileLink(secret: string, link: { filename: string; token: string; user: string; ttl: string }, now: Date): void {
  const expiresAt = Number(link.ttl);
  if (!/^\d+$/.test(link.ttl) || !Number.isSafeInteger(expiresAt)) throw new AppError('INVALID_SIGNATURE');
  const expected = Buffer.from(signFileLink(secret, link.filename, link.user, expiresAt));
  const given = Buffer.from(link.token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new AppError('INVALID_SIGNATURE');
  if (now.getTime() >= expiresAt * 1000) throw new AppError('LINK_EXPIRED');
}
