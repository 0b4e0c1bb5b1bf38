import { createHash } from 'node:crypto';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EncryptJWT, jwtDecrypt } from 'jose';
import type { ServerConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { setRefreshCookie } from '../refresh-cookie.ts';
import { openSession } from '../session-service.ts';
import { DirectoryClient, DirectorySignInError, type DirectoryFailure, type PendingSignIn } from './directory-client.ts';

/** Where the login page's directory button goes (`/portal-config.json` names it). */
export const DIRECTORY_START_PATH = '/api/auth/oidc/start';
const CALLBACK_PATH = '/api/auth/oidc/callback';

/**
 * The sign-in in progress: state, nonce and PKCE verifier, encrypted (A256GCM, a key derived from the
 * server's signing secret) so the browser holds them without reading or changing them, and bound to that
 * browser (a callback from anyone else's browser finds no cookie). Lax: the directory sends the browser
 * back with a top-level GET from its own site. Ten minutes to sign in; removed by the callback.
 */
const PENDING_COOKIE = 'corridor_directory';
const PENDING_LIFETIME_SECONDS = 10 * 60;
const PENDING_OPTIONS = { httpOnly: true, secure: true, sameSite: 'lax', path: '/api/auth/oidc' } as const;

function pendingKey(jwtSecret: string): Uint8Array {
  return createHash('sha256').update(`corridor-directory-sign-in\0${jwtSecret}`, 'utf8').digest();
}

async function seal(pending: PendingSignIn, key: Uint8Array, now: Date): Promise<string> {
  const at = Math.floor(now.getTime() / 1000);
  return new EncryptJWT({ ...pending })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt(at)
    .setExpirationTime(at + PENDING_LIFETIME_SECONDS)
    .encrypt(key);
}

async function unseal(cookie: string | undefined, key: Uint8Array, now: Date): Promise<PendingSignIn> {
  if (!cookie) throw new DirectorySignInError('expired', 'no sign-in in progress in this browser');
  try {
    const { payload } = await jwtDecrypt(cookie, key, { currentDate: now });
    const { state, nonce, codeVerifier } = payload;
    if (typeof state !== 'string' || typeof nonce !== 'string' || typeof codeVerifier !== 'string') throw new Error('incomplete');
    return { state, nonce, codeVerifier };
  } catch (cause) {
    throw new DirectorySignInError('expired', 'the sign-in in progress expired or is not readable', { cause });
  }
}

/**
 * The directory user's session, under the password sign-in's rules: an ACTIVE user whose ID is not locked
 * (an administrator's LOCKED or INACTIVE, or a lockout, refuses); the last sign-in is recorded.
 */
async function openDirectorySession(db: Db, digit9Id: string, client: { address: string; userAgent?: string | undefined }, now: Date) {
  const [user] = await db
    .update(users)
    .set({ lastLoginAt: now })
    .where(and(eq(users.digit9Id, digit9Id), eq(users.status, 'ACTIVE'), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning({ id: users.id });
  if (!user) throw new DirectorySignInError('unknown-user', 'no active Corridor user has this ID');
  return openSession(db, { userId: user.id, now, clientIp: client.address, userAgent: client.userAgent });
}

function failed(reply: FastifyReply, reason: DirectoryFailure): FastifyReply {
  return reply.redirect(`/login?directoryError=${reason}`, 303);
}

/** Sign-in through the directory (OpenID Connect, authorization code with PKCE), when one is configured. */
export function registerDirectorySignIn(app: FastifyInstance, deps: { db: Db; config: ServerConfig }): void {
  const { config, db } = deps;
  if (!config.directory) return;
  const client = new DirectoryClient(config.directory, `${config.publicUrl}${CALLBACK_PATH}`);
  const key = pendingKey(config.jwtSecret);
  const callbackOrigin = new URL(config.publicUrl);

  app.get(DIRECTORY_START_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    try {
      const { url, pending } = await client.start();
      reply.setCookie(PENDING_COOKIE, await seal(pending, key, config.now()), { ...PENDING_OPTIONS, maxAge: PENDING_LIFETIME_SECONDS });
      return reply.redirect(url.href, 302);
    } catch (error) {
      request.log.warn({ err: error }, 'directory sign-in could not start');
      return failed(reply, error instanceof DirectorySignInError ? error.reason : 'failed');
    }
  });

  app.get(CALLBACK_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const cookie = request.cookies[PENDING_COOKIE];
    // Used once: whatever happens next, this sign-in attempt is over.
    reply.clearCookie(PENDING_COOKIE, PENDING_OPTIONS);
    try {
      const now = config.now();
      const pending = await unseal(cookie, key, now);
      // The URL the directory redirected to, on the origin it was registered with (never the Host header).
      const callbackUrl = new URL(request.url, callbackOrigin);
      callbackUrl.pathname = new URL(client.redirectUri).pathname;
      const digit9Id = await client.finish(callbackUrl, pending);
      const session = await openDirectorySession(db, digit9Id, { address: request.ip, userAgent: request.headers['user-agent'] }, now);
      setRefreshCookie(reply, session.refreshToken);
      request.log.info({ userId: session.userId, sessionId: session.sessionId }, 'directory sign-in');
      // The portal finds the session through its cookie and goes to the user's home (the wallets).
      return reply.redirect('/', 303);
    } catch (error) {
      const reason = error instanceof DirectorySignInError ? error.reason : 'failed';
      request.log.warn({ err: error, reason }, 'directory sign-in refused');
      return failed(reply, reason);
    }
  });
}
