import type { FastifyReply } from 'fastify';
import type {} from '@fastify/cookie';
import { COOKIE_PATH, SESSION_HINT_COOKIE_NAME } from '@corridor/domain';
import { REFRESH_TOKEN_LIFETIME_SECONDS } from './session-service.ts';

/** The portal's refresh token: never readable by script, sent only to /oauth on this site. */
export const REFRESH_COOKIE = 'corridor_refresh';
const COOKIE_OPTIONS = { httpOnly: true, secure: true, sameSite: 'strict', path: '/oauth' } as const;

/** Readable by the portal's script, and no secret: there may be a session to renew (see SESSION_HINT_COOKIE_NAME). */
const HINT_OPTIONS = { httpOnly: false, secure: true, sameSite: 'strict', path: COOKIE_PATH } as const;

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, COOKIE_OPTIONS);
  reply.clearCookie(SESSION_HINT_COOKIE_NAME, HINT_OPTIONS);
}

/** Hands a session's refresh token to the portal (password or directory sign-in): the HttpOnly cookie and its readable hint. */
export function setRefreshCookie(reply: FastifyReply, refreshToken: string): void {
  reply.setCookie(REFRESH_COOKIE, refreshToken, { ...COOKIE_OPTIONS, maxAge: REFRESH_TOKEN_LIFETIME_SECONDS });
  reply.setCookie(SESSION_HINT_COOKIE_NAME, '1', { ...HINT_OPTIONS, maxAge: REFRESH_TOKEN_LIFETIME_SECONDS });
}
