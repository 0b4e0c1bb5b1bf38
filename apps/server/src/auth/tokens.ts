import { SignJWT, jwtVerify } from 'jose';
import { role as roleSchema } from '@corridor/api';
import type { Caller } from './caller.ts';
import { orgTypeOf } from './caller.ts';

/** Shared constant: access tokens live 30 days, like the portal's auth cookie. */
export const TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

export interface TokenService {
  issue: (caller: Caller) => Promise<string>;
  verify: (token: string) => Promise<Caller | null>;
}

export function createTokenService(secret: string, now: () => Date): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(caller) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ role: caller.role, org: caller.org, orgType: caller.orgType })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(caller.userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: now(),
        });
        const role = roleSchema.safeParse(payload.role);
        if (!payload.sub || !role.success) return null;
        const org = typeof payload.org === 'string' ? payload.org : null;
        return { userId: payload.sub, role: role.data, org, orgType: orgTypeOf(role.data) };
      } catch {
        return null;
      }
    },
  };
}
