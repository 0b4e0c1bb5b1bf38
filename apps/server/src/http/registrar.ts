import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import type { z } from 'zod';
import { contract, type CallDefinition, type Contract } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import type { Caller } from '../tenant/caller.ts';
import {
  tenantOf,
  type Actor,
  type AdminCaller,
  type MerchantCaller,
  type MerchantTenant,
  type SpCaller,
  type SpTenant,
  type Tenant,
} from '../tenant/tenant.ts';
import type { AppServices } from './services.ts';
import { UploadedFile, type FileStorage } from '../lib/file-storage.ts';
import { parseGuarded, parseOrThrow } from './validation.ts';
import { idempotencyKeyOf } from './idempotency-key.ts';
import { claimKey, completeKey, requestHash } from './idempotency.ts';

type CallId = keyof Contract & string;
type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;
/** The caller, narrowed by audience once here: a merchant call always has a merchant with an id. */
type CallerOf<D extends CallDefinition> = D extends unknown ? CallerOfOne<D> : never;
type CallerOfOne<D extends CallDefinition> = D['audience'] extends 'client' | 'signed'
  ? null
  : D['audience'] extends 'merchant'
    ? MerchantCaller
    : D['audience'] extends 'serviceProvider'
      ? SpCaller
      : D['audience'] extends 'internal'
        ? AdminCaller
        : Caller;
/** The organisation the call acts for, with its wallet scope; null where no caller or operations. */
type TenantOf<D extends CallDefinition> = D extends unknown ? TenantOfOne<D> : never;
type TenantOfOne<D extends CallDefinition> = D['audience'] extends 'merchant'
  ? MerchantTenant
  : D['audience'] extends 'serviceProvider'
    ? SpTenant
    : D['audience'] extends 'client' | 'signed' | 'internal'
      ? null
      : Tenant | null;
/** Who acts for the call, as services record it: its tenant and user; null where there is no caller. */
type ActorOf<D extends CallDefinition> = D extends unknown ? (D['audience'] extends 'client' | 'signed' ? null : Actor<TenantOfOne<D>>) : never;
type AnswerOf<D extends CallDefinition> = D['responseType'] extends 'binary' ? Buffer | Uint8Array | Readable : z.input<D['response']>;

/**
 * What a handler is given: the typed input, the caller and who acts, the request's clock reading, the
 * database (the request's transaction when idempotent) and the services.
 */
export interface HandlerContext<D extends CallDefinition> {
  params: Infer<D['pathParams']>;
  query: Infer<D['query']>;
  body: Infer<D['body']>;
  caller: CallerOf<D>;
  tenant: TenantOf<D>;
  /** The caller as the actor services record: `{ tenant, userId, userName }`. */
  actor: ActorOf<D>;
  /** The request's one reading of the clock (`config.now()`): every write of the request carries the same instant. */
  now: Date;
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

/** Fields a multipart call's body names: the only parts it takes. */
function bodyFields(def: CallDefinition): Set<string> {
  const shape = (def.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  return new Set(shape ? Object.keys(shape) : []);
}

/** A failure while reading a multipart body, as the client's error (never a 500). */
function multipartError(error: unknown, field: string | null): AppError {
  if (error instanceof AppError) return error;
  const parameter = field ?? 'body';
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || statusCode === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (statusCode === 413 || code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('PAYLOAD_TOO_LARGE', undefined, [{ parameter, message: 'over the upload limit' }]);
  }
  // Busboy's "Unexpected end of form", a part cut short, a missing boundary: the body is unreadable.
  return new AppError('MALFORMED_REQUEST', 'The multipart body is truncated or malformed', [
    { parameter, message: 'the multipart body ended early or is malformed' },
  ]);
}

/**
 * Multipart parts as a plain object. A file part streams to storage as it arrives (never held in
 * memory, hashed on the way) and becomes an UploadedFile, so the contract's schema applies. A file
 * part the call does not take (a field it does not name, or a second file for one field) is refused
 * before it is read. Stored content the call did not keep, or of a request that failed, is removed
 * once the answer is sent.
 */
async function readMultipart(request: FastifyRequest, reply: FastifyReply, def: CallDefinition, storage: FileStorage): Promise<Record<string, unknown>> {
  const accepted = bodyFields(def);
  const out: Record<string, unknown> = {};
  const uploads: UploadedFile[] = [];
  // Once the answer is out (so after the handler and its commit): a failed request keeps nothing, a
  // successful one what the call kept. A connection dropped before the answer leaves its files for a sweep.
  reply.raw.once('finish', () => {
    const failed = reply.statusCode >= 400;
    for (const upload of uploads) {
      if (failed || !upload.kept) void storage.remove(upload.stored.key).catch(() => undefined);
    }
  });
  let field: string | null = null;
  try {
    for await (const part of request.parts()) {
      field = part.fieldname;
      if (part.type !== 'file') {
        out[part.fieldname] = part.value;
        continue;
      }
      if (!accepted.has(part.fieldname) || out[part.fieldname] !== undefined) {
        throw new AppError('VALIDATION_FAILED', `The part ${part.fieldname} is not taken by this call`, [
          { parameter: part.fieldname, message: 'unexpected part: this call takes one file for each field it names' },
        ]);
      }
      // Past the limit the part is refused at once rather than read to its end and discarded: the rest of
      // the body stays unread and the answer closes the connection (error-body.ts).
      const file = part.file;
      file.once('limit', () => file.destroy(new AppError('PAYLOAD_TOO_LARGE', undefined, [{ parameter: part.fieldname, message: 'over the upload limit' }])));
      const stored = await storage.write(file);
      const upload = new UploadedFile(await storage.blob(stored.key, part.mimetype), part.filename, part.mimetype, stored);
      uploads.push(upload);
      // Past the limit the parser drops the rest of the part: what was stored is incomplete.
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', undefined, [{ parameter: part.fieldname, message: 'over the upload limit' }]);
      out[part.fieldname] = upload;
    }
  } catch (error) {
    await Promise.all(uploads.map((upload) => storage.remove(upload.stored.key)));
    uploads.length = 0;
    throw multipartError(error, field);
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
        const caller = await services.authenticate(def, request, db);
        // Path parameters, query and a parsed body passed the input guard before the handler (`guardRequestInput`);
        // a multipart body is read here, so it is guarded here.
        const params = def.pathParams ? parseGuarded(def.pathParams, request.params, 'path') : undefined;
        const query = def.query ? parseGuarded(def.query, request.query ?? {}, 'query') : undefined;
        // The merchants and wallets a signed-in caller's filters name are its own (404 naming the field otherwise).
        if (query !== undefined && caller) await services.checkFilterIds(db, () => tenantOf(caller), query);
        let rawBody: unknown = request.body;
        if (def.bodyType === 'multipart') {
          if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The upload must be multipart/form-data');
          rawBody = await readMultipart(request, reply, def, services.files);
        }
        // No body at all reads as an empty object (a call whose fields are all optional); a JSON `null` is
        // a body, and not the object the contract takes, so it is refused naming the body.
        const parseBody = def.bodyType === 'multipart' ? parseOrThrow : parseGuarded;
        const body = def.body ? parseBody(def.body, rawBody === undefined && def.bodyType !== 'form' ? {} : rawBody, 'body') : undefined;

        const idempotencyKey = def.creates ? idempotencyKeyOf(request.headers['idempotency-key']) : null;
        const callerKey = caller?.userId ?? 'anonymous';
        const status = def.status ?? 200;
        // authorise() has matched the role to the audience; tenantOf refuses a user without its organisation.
        const tenant = caller ? tenantOf(caller) : null;
        const actor: Actor | null = caller ? { tenant, userId: caller.userId, userName: caller.name } : null;
        const now = services.config.now();
        const run = (handlerDb: Db) =>
          (handler as Handler<CallDefinition>)({
            params,
            query,
            body,
            caller: caller as never,
            tenant: tenant as never,
            actor: actor as never,
            now,
            db: handlerDb,
            // Inside the request's transaction, services see it too: a write through `services.db` is
            // part of the same commit, and on PGlite (one connection) cannot wait on it forever.
            services: handlerDb === db ? services : { ...services, db: handlerDb },
            request,
            reply,
            traceId: request.id,
          });

        let answer: unknown;
        // An idempotent answer's JSON text, made once: stored under the key for replays and sent as it is.
        let answerJson: string | null = null;
        if (idempotencyKey) {
          // Claim, effect and stored answer commit together or not at all: a crash leaves either all
          // three or none, so a retry finds the answer or runs afresh, never a key stuck in flight.
          const hash = await requestHash(callId, { params, query, body });
          const outcome = await inTransaction(db, async (tx) => {
            const stored = await claimKey(tx, { caller: callerKey, key: idempotencyKey, callId, hash });
            if (stored) return { stored };
            const result = await run(tx);
            const json = result === undefined ? null : JSON.stringify(result);
            await completeKey(tx, callerKey, idempotencyKey, status, json);
            return { result, json };
          }).catch((error: unknown) => {
            if (error instanceof AppError && error.code === 'IDEMPOTENCY_KEY_IN_USE') reply.header('retry-after', '1');
            throw error;
          });
          if (outcome.stored) {
            reply.header('idempotent-replayed', 'true');
            return reply.status(outcome.stored.status).send(outcome.stored.response);
          }
          answer = outcome.result;
          answerJson = outcome.json;
        } else {
          answer = await run(db);
        }
        if (status === 204) return reply.status(204).send();
        if (services.config.checkAnswers && def.responseType !== 'binary') checkAnswer(callId, def, answer);
        if (answerJson !== null && def.responseType !== 'binary') return reply.status(status).type(JSON_TYPE).send(answerJson);
        // A download of part of a file (Range) answers 206, as its handler set.
        return reply.status(reply.statusCode === 206 ? 206 : status).send(answer);
      },
    });
  }
}

/** What Fastify names a JSON answer it serialises: an answer sent as JSON text says the same. */
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Under test (`checkAnswers`), every answer is parsed with its call's response schema before it is sent: drift
 * between the contract and the server fails whichever test made the call, not only the tests that parse by hand.
 * A mismatch is a server fault (500), with the schema's complaint in the log and the error.
 */
function checkAnswer(callId: string, def: CallDefinition, answer: unknown): void {
  const parsed = def.response.safeParse(answer);
  if (parsed.success) return;
  const where = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`)
    .join('; ');
  console.error(`${callId} answered outside its contract: ${where}`);
  throw new Error(`${callId} answered outside its contract: ${where}`);
}
