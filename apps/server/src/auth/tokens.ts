import { SignJWT, jwtVerify } from 'jose';
import { role as roleSchema } from '@corridor/api';
import type { Caller } from './caller.ts';
import { orgTypeOf } from './caller.ts';

/** Access tokens live 15 minutes; the session's refresh token keeps the sign-in for 30 days. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 15 * 60;

/** What a verified access token says: the caller and the session it belongs to. */
interface AccessClaims extends Caller {
  sessionId: string;
}

export interface TokenService {
  issue: (caller: Caller, sessionId: string) => Promise<string>;
  /** The claims of a valid token: signed by us, with `exp` in the future and a `sid`; null otherwise. */
  verify: (token: string) => Promise<AccessClaims | null>;
}

export function createTokenService(secret: string, now: () => Date): TokenService {
  // Imported once: every verification reuses the same CryptoKey.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  return {
    async issue(caller, sessionId) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ role: caller.role, org: caller.org, orgType: caller.orgType, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(caller.userId)
        // Its own id: two tokens of one session issued in the same second are still two tokens.
        .setJti(crypto.randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_LIFETIME_SECONDS)
        .sign(await key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          currentDate: now(),
          // A token without an expiry would be valid forever: refused, like one without a session.
          requiredClaims: ['exp', 'sub', 'sid'],
        });
        const role = roleSchema.safeParse(payload.role);
        if (!payload.sub || !role.success || typeof payload.sid !== 'string') return null;
        const org = typeof payload.org === 'string' ? payload.org : null;
        return { userId: payload.sub, role: role.data, org, orgType: orgTypeOf(role.data), sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
