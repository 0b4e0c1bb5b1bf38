import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { role as roleSchema } from '@corridor/api';
import type { AccessClaims, TokenService } from '../http/services.ts';
import { orgTypeOf } from '../tenant/caller.ts';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../config.ts';

/** At most this many verified tokens are kept (the map starts over when full): memory stays bounded whatever is sent. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** One compact JWS segment: unpadded base64url and nothing else. */
const SEGMENT = /^[A-Za-z0-9_-]+$/;

function jsonObject(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The payload of an HS256 compact JWS signed with `key`, or null. Verified with node:crypto's HMAC
 * in the request's own turn: every signed-in call checks a token, and WebCrypto's verify runs each
 * one as a job on the thread pool. The rules are jose's for our tokens: the header must name HS256
 * (no `none`, no other algorithm, no `crit` or `b64` extension), the signature is compared in
 * constant time and must be the canonical encoding, and `exp` is required and must be in the future.
 */
function verifyHs256(token: string, key: KeyObject, nowSeconds: number): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head = '', body = '', signature = ''] = parts;
  if (!SEGMENT.test(head) || !SEGMENT.test(body) || !SEGMENT.test(signature)) return null;
  const header = jsonObject(head);
  if (!header || header.alg !== 'HS256' || 'crit' in header || 'b64' in header) return null;
  const given = Buffer.from(signature, 'base64url');
  // A non-canonical encoding of the right bytes is still a token we did not issue.
  if (given.toString('base64url') !== signature) return null;
  const expected = createHmac('sha256', key).update(`${head}.${body}`).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = jsonObject(body);
  if (!payload) return null;
  const { exp, nbf, iat } = payload;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= nowSeconds) return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) return null;
  if (iat !== undefined && typeof iat !== 'number') return null;
  return payload;
}

export function createTokenService(secret: string, now: () => Date, lifetimeSeconds = ACCESS_TOKEN_LIFETIME_SECONDS): TokenService {
  // Made once: every signature and verification reuses the same key.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  // A key of its own for refresh successors, derived from the secret: no value is ever both a signature and a token.
  const successorKey = createSecretKey(createHmac('sha256', key).update('corridor refresh-token successor').digest());
  /**
   * Tokens this service has verified, by their exact text: a client sends the same token on every call
   * for its 15 minutes, and its signature check (an HMAC over the token) was 7 % of a signed-in read.
   * Only a byte-identical token is taken from here, its time limits are checked on each use, and the
   * session behind it is still looked up on every call (revocation stays immediate).
   */
  const verified = new Map<string, AccessClaims & { exp: number; nbf: number | undefined }>();
  return {
    lifetimeSeconds,
    successorOf(refreshToken) {
      return createHmac('sha256', successorKey).update(refreshToken, 'utf8').digest('base64url');
    },
    async issue(caller, sessionId) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return (
        new SignJWT({ role: caller.role, org: caller.org, orgType: caller.orgType, sid: sessionId })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(caller.userId)
          // Its own id: two tokens of one session issued in the same second are still two tokens.
          .setJti(crypto.randomUUID())
          .setIssuedAt(issuedAt)
          .setExpirationTime(issuedAt + lifetimeSeconds)
          .sign(key)
      );
    },
    async verify(token) {
      const nowSeconds = Math.floor(now().getTime() / 1000);
      let claims = verified.get(token);
      if (claims === undefined) {
        // A token without an expiry would be valid forever: refused (verifyHs256), like one without a session.
        const payload = verifyHs256(token, key, nowSeconds);
        if (!payload) return null;
        const role = roleSchema.safeParse(payload.role);
        if (typeof payload.sub !== 'string' || payload.sub === '' || !role.success || typeof payload.sid !== 'string') return null;
        const org = typeof payload.org === 'string' ? payload.org : null;
        claims = {
          userId: payload.sub,
          role: role.data,
          org,
          orgType: orgTypeOf(role.data),
          sessionId: payload.sid,
          exp: payload.exp as number,
          nbf: payload.nbf as number | undefined,
        };
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.clear();
        verified.set(token, claims);
      }
      // Checked on every use: a token kept here stops working when it expires like any other.
      if (claims.exp <= nowSeconds || (claims.nbf !== undefined && claims.nbf > nowSeconds)) return null;
      const { exp: _exp, nbf: _nbf, ...caller } = claims;
      return caller;
    },
  };
}
