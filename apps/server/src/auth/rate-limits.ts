import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contract, type CallDefinition } from '@corridor/api';
import type { RateLimits } from '../config.ts';
import { AppError } from '../errors.ts';
import { fastifyPath } from '../http/registrar.ts';

const MINUTE_MS = 60_000;

/** `METHOD /fastify/path` of every call anyone may make without a sign-in: the token grant, revocation, signed links. */
const UNSIGNED_ROUTES: ReadonlySet<string> = new Set(
  Object.values(contract as Record<string, CallDefinition>)
    .filter((def) => def.audience === 'client' || def.audience === 'signed')
    .map((def) => `${def.method} ${fastifyPath(def.path)}`),
);

/** The ID a token grant names (query, form body or both); null for other calls. */
function signInIdOf(request: FastifyRequest): string | null {
  const fromBody = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>)['username'] : undefined;
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.['username'];
  const id = fromBody ?? fromQuery;
  return typeof id === 'string' && id !== '' ? id : null;
}

/** A field of the form body or query (the token grant takes either). */
function fieldOf(request: FastifyRequest, name: string): unknown {
  const body = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>)[name] : undefined;
  return body ?? (request.query as Record<string, unknown> | undefined)?.[name];
}

/**
 * A call that carries a session's own unguessable token (a refresh grant, a revocation): nothing to
 * guess, and a branch office behind one address renews many sessions and reloads many pages. These
 * get a roomier limit of their own instead of eating into the sign-in allowance.
 */
function carriesSessionToken(request: FastifyRequest): boolean {
  return request.url.startsWith('/oauth/revoke') || fieldOf(request, 'grant_type') === 'refresh_token';
}

/**
 * A bank callback whose signature was verified (before any preHandler: bank-signature.ts). A correspondent
 * bank answers every payout from a few addresses at its own pace; a valid signature is the bank's right,
 * not a guess, so it never spends an address's allowance. An unsigned or forged one is refused with 401
 * before this, at the cost of one HMAC.
 */
function verifiedBankCallback(request: FastifyRequest): boolean {
  return request.bankRawBody !== undefined;
}

/** How many times roomier the session-token calls' limit is than the sign-in allowance of an address. */
const SESSION_TOKEN_LIMIT_FACTOR = 20;

/**
 * Per client address and per ID limits on the unsigned calls (@fastify/rate-limit counters). A refusal
 * is 429 RATE_LIMITED with Retry-After and the error body naming the limit. Runs before the handler,
 * so a refused guess costs no password check. Register before the routes.
 */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimits): Promise<void> {
  await app.register(rateLimit, { global: false });
  const checks = [
    {
      limit: app.createRateLimit({
        max: limits.perAddressPerMinute,
        timeWindow: MINUTE_MS,
        keyGenerator: (r) => `address:${r.ip}`,
        allowList: (r) => carriesSessionToken(r) || verifiedBankCallback(r),
      }),
      what: `${limits.perAddressPerMinute} requests a minute from one address`,
    },
    {
      limit: app.createRateLimit({
        max: limits.perAddressPerMinute * SESSION_TOKEN_LIMIT_FACTOR,
        timeWindow: MINUTE_MS,
        keyGenerator: (r) => `session-token:${r.ip}`,
        allowList: (r) => !carriesSessionToken(r),
      }),
      what: `${limits.perAddressPerMinute * SESSION_TOKEN_LIMIT_FACTOR} session renewals a minute from one address`,
    },
    {
      limit: app.createRateLimit({
        max: limits.perIdPerMinute,
        timeWindow: MINUTE_MS,
        keyGenerator: (r) => `id:${signInIdOf(r) ?? ''}`,
        allowList: (r) => signInIdOf(r) === null,
      }),
      what: `${limits.perIdPerMinute} sign-in attempts a minute for one ID`,
    },
  ];
  const preHandler = async (request: FastifyRequest, reply: { header: (name: string, value: number) => unknown }) => {
    for (const { limit, what } of checks) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw new AppError('RATE_LIMITED', `Too many requests: the limit is ${what}; retry in ${result.ttlInSeconds} s`);
      }
    }
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => UNSIGNED_ROUTES.has(`${method} ${route.url}`))) return;
    const existing = route.preHandler;
    route.preHandler = [...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]), preHandler];
  });
}
