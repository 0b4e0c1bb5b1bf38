import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import type { z } from 'zod';
import { tokenRequest } from '@corridor/api';
import { AppError } from '../errors.ts';
import { passwordGrant, refreshGrant, type TokenAnswer } from './token-grant.ts';
import { revokeByToken } from './session-service.ts';
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from './refresh-cookie.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import type { AppServices } from '../http/services.ts';
import { parseOrThrow } from '../http/validation.ts';

/** The answer of a grant: the refresh token in the body, or in the cookie (and then not in the body). */
function deliver(answer: TokenAnswer, inCookie: boolean, reply: FastifyReply): TokenAnswer {
  if (!inCookie) return answer;
  setRefreshCookie(reply, answer.refresh_token);
  const { refresh_token: _inCookie, ...body } = answer;
  return body as TokenAnswer;
}

async function grant(
  fields: z.output<typeof tokenRequest>,
  ctx: { services: AppServices; request: FastifyRequest; reply: FastifyReply; now: Date },
): Promise<TokenAnswer> {
  const { services, request, reply, now } = ctx;
  reply.header('cache-control', 'no-store');
  const deps = { db: services.db, tokens: services.tokens, now: () => now, verifyPassword: services.passwords.verify };
  if (fields.grant_type === 'password') {
    const client = { address: request.ip, userAgent: request.headers['user-agent'] };
    const answer = await passwordGrant(deps, client, fields.username ?? '', fields.password ?? '');
    return deliver(answer, fields.refresh_token_transport === 'cookie', reply);
  }
  // The refresh token comes back the way it came: a field gets a body, the cookie gets a cookie.
  const fromCookie = fields.refresh_token === undefined;
  const refreshToken = fields.refresh_token ?? request.cookies[REFRESH_COOKIE];
  try {
    if (!refreshToken) {
      throw new AppError('INVALID_GRANT', 'No refresh token: send the refresh_token field or the corridor_refresh cookie', [
        { parameter: 'refresh_token', message: 'is required' },
      ]);
    }
    const answer = await refreshGrant(deps, refreshToken);
    return deliver(answer, fromCookie || fields.refresh_token_transport === 'cookie', reply);
  } catch (error) {
    if (error instanceof AppError && error.code === 'INVALID_GRANT') clearRefreshCookie(reply);
    throw error;
  }
}

export function registerAuthRoutes(r: CallRegistrar): void {
  r.serve('users.tokenGet', async ({ query, services, request, reply, now }) => grant(query, { services, request, reply, now }));

  r.serve('users.tokenPost', async ({ query, body, services, request, reply, now }) => {
    // The grant may come in the query string, the form body, or split between them.
    const fields = parseOrThrow(tokenRequest, { ...query, ...body }, 'body');
    return grant(fields, { services, request, reply, now });
  });

  // RFC 7009: 200 whatever the token was, so the call tells nobody which tokens exist.
  r.serve('users.revoke', async ({ body, db, services, request, reply, now }) => {
    reply.header('cache-control', 'no-store');
    const token = body?.token ?? request.cookies[REFRESH_COOKIE];
    if (token) await revokeByToken(db, services.tokens, token, now);
    clearRefreshCookie(reply);
    return {};
  });
}
