import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import type { z } from 'zod';
import { contract, type CallDefinition, type Contract } from '@corridor/api';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { authorise, orgTypeOf, type Caller } from '../auth/caller.ts';
import { isPortalClient } from '../auth/client-credentials.ts';
import { sessions } from '../auth/session-tables.ts';
import type { AppServices } from './services.ts';
import { parseOrThrow } from './validation.ts';
import { claimKey, completeKey, releaseKey, requestHash } from './idempotency.ts';

type CallId = keyof Contract & string;
type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;
type CallerOf<D extends CallDefinition> = D['audience'] extends 'client' | 'signed' ? null : Caller;
type AnswerOf<D extends CallDefinition> = D['responseType'] extends 'binary'
  ? Buffer | Uint8Array
  : z.input<D['response']>;

export interface HandlerContext<D extends CallDefinition> {
  params: Infer<D['pathParams']>;
  query: Infer<D['query']>;
  body: Infer<D['body']>;
  caller: CallerOf<D>;
  db: Db;
  services: AppServices;
  request: FastifyRequest;
  reply: FastifyReply;
  traceId: string;
}

export type Handler<D extends CallDefinition> = (ctx: HandlerContext<D>) => Promise<AnswerOf<D>>;

/** `{param}` (spec) to `:param` (Fastify). */
export function fastifyPath(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

async function authenticate(def: CallDefinition, request: FastifyRequest, db: Db, services: AppServices): Promise<Caller | null> {
  if (def.audience === 'signed') return null;
  const authorization = request.headers.authorization;
  if (def.audience === 'client') {
    if (!isPortalClient(authorization)) throw new AppError('INVALID_CLIENT');
    return null;
  }
  if (!authorization?.startsWith('Bearer ')) throw new AppError('UNAUTHORIZED');
  const claims = await services.tokens.verify(authorization.slice(7).trim());
  if (!claims) throw new AppError('UNAUTHORIZED');
  // A token outlives changes to its user: a deleted, deactivated or locked user, or a revoked session
  // (logout, password change), is signed out at once. One query: the user joined to the live session.
  const [user] = await db
    .select({ id: users.id, role: users.role, orgId: users.orgId, status: users.status })
    .from(users)
    .innerJoin(sessions, and(eq(sessions.id, claims.sessionId), eq(sessions.userId, users.id), isNull(sessions.revokedAt)))
    .where(eq(users.id, claims.userId));
  if (!user || user.status !== 'ACTIVE') throw new AppError('UNAUTHORIZED');
  const caller: Caller = { userId: user.id, role: user.role, org: user.orgId, orgType: orgTypeOf(user.role) };
  authorise(def.audience, caller);
  return caller;
}

/** Multipart parts as a plain object: files become File objects so the contract's schema applies. */
async function readMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const content = await part.toBuffer();
      out[part.fieldname] = new File([new Uint8Array(content)], part.filename, { type: part.mimetype });
    } else {
      out[part.fieldname] = part.value;
    }
  }
  return out;
}

/** What route modules register against: the real registrar, or a recorder listing the served ids. */
export interface CallRegistrar {
  serve<K extends CallId>(callId: K, handler: Handler<Contract[K]>): void;
}

/**
 * Registers calls of the contract on one Fastify instance. Each served call is validated,
 * authenticated and authorised from its definition alone; the handler sees typed input.
 */
export class Registrar implements CallRegistrar {
  private readonly served: string[] = [];
  private readonly servedPaths: Array<{ pattern: RegExp; method: string }> = [];

  constructor(
    private readonly app: FastifyInstance,
    private readonly services: AppServices,
  ) {}

  servedCallIds(): string[] {
    return [...this.served];
  }

  /** Methods served on a concrete path: lets an unknown method on a known path answer 405. */
  methodsFor(path: string): string[] {
    return this.servedPaths.filter((p) => p.pattern.test(path)).map((p) => p.method);
  }

  serve<K extends CallId>(callId: K, handler: Handler<Contract[K]>): void {
    const def = contract[callId] as CallDefinition;
    const services = this.services;
    this.served.push(callId);
    const pattern = def.path.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\{[A-Za-z0-9_]+\}/g, '[^/]+');
    this.servedPaths.push({ pattern: new RegExp(`^${pattern}$`), method: def.method });
    this.app.route({
      method: def.method,
      url: fastifyPath(def.path),
      handler: async (request, reply) => {
        const db = services.db;
        const caller = await authenticate(def, request, db, services);
        const params = def.pathParams ? parseOrThrow(def.pathParams, request.params, 'path') : undefined;
        const query = def.query ? parseOrThrow(def.query, request.query ?? {}, 'query') : undefined;
        let rawBody: unknown = request.body;
        if (def.bodyType === 'multipart') {
          if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The upload must be multipart/form-data');
          rawBody = await readMultipart(request);
        }
        const body = def.body ? parseOrThrow(def.body, rawBody ?? (def.bodyType === 'form' ? undefined : {}), 'body') : undefined;

        const key = def.creates ? request.headers['idempotency-key'] : undefined;
        const idempotencyKey = typeof key === 'string' && key !== '' ? key : null;
        const callerKey = caller?.userId ?? 'anonymous';
        if (idempotencyKey) {
          const hash = await requestHash(callId, { params, query, body });
          const stored = await claimKey(db, { caller: callerKey, key: idempotencyKey, callId, hash });
          if (stored) {
            reply.header('idempotent-replayed', 'true');
            return reply.status(stored.status).send(stored.response);
          }
        }

        const status = def.status ?? 200;
        let answer: unknown;
        try {
          answer = await (handler as Handler<CallDefinition>)({
            params,
            query,
            body,
            caller: caller as never,
            db,
            services,
            request,
            reply,
            traceId: request.id,
          });
        } catch (error) {
          if (idempotencyKey) await releaseKey(db, callerKey, idempotencyKey);
          throw error;
        }
        if (idempotencyKey) await completeKey(db, callerKey, idempotencyKey, { status, response: answer });
        if (status === 204) return reply.status(204).send();
        return reply.status(status).send(answer);
      },
    });
  }
}
