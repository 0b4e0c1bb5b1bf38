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

/**
 * Per client address and per ID limits on the unsigned calls (@fastify/rate-limit counters). A refusal
 * is 429 RATE_LIMITED with Retry-After and the error body naming the limit. Runs before the handler,
 * so a refused guess costs no password check. Register before the routes.
 */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimits): Promise<void> {
  await app.register(rateLimit, { global: false });
  const checks = [
    {
      limit: app.createRateLimit({ max: limits.perAddressPerMinute, timeWindow: MINUTE_MS, keyGenerator: (r) => `address:${r.ip}` }),
      what: `${limits.perAddressPerMinute} requests a minute from one address`,
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
