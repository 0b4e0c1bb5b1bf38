import type { z } from 'zod';
import { ApiError, apiErrorFromResponse } from './api-error.ts';
import type { BackendRoot, CallDefinition, HttpMethod } from './define.ts';
import type { CallId, Contract } from './contract.ts';
import type { CallRoute } from './define.ts';
import { fillPath, matchDefinition, toQueryString } from './paths.ts';
import { httpStatusCode } from './wire/error-body.ts';

type Def = CallDefinition;
/** The empty input: when it fits, the input may be left out. */
type NoInput = Record<never, never>;

/** A part of the input is required when its schema refuses an absent value. */
type Required<S extends z.ZodType> = undefined extends z.input<S> ? false : NoInput extends z.input<S> ? false : true;

type PathPart<D> = D extends { pathParams: infer P extends z.ZodType } ? { path: z.input<P> } : { path?: undefined };
type QueryPart<D> = D extends { query: infer Q extends z.ZodType }
  ? Required<Q> extends true
    ? { query: z.input<Q> }
    : { query?: z.input<Q> }
  : { query?: undefined };
type BodyPart<D> = D extends { body: infer B extends z.ZodType }
  ? Required<B> extends true
    ? { body: z.input<B> }
    : { body?: z.input<B> }
  : { body?: undefined };

/**
 * What a call takes: path parameters, required query fields and required bodies must be given.
 */
export type CallInput<D> = Flat<
  PathPart<D> &
    QueryPart<D> &
    BodyPart<D> & {
      /** Sent as Idempotency-Key on creating calls; a fresh UUID when absent. */
      idempotencyKey?: string;
      signal?: AbortSignal;
      headers?: Record<string, string>;
    }
>;
/** One object type instead of an intersection: keeps the union over all calls cheap for the checker. */
type Flat<T> = { [P in keyof T]: T[P] };
export type CallOutput<D> = D extends { response: infer R } ? (R extends z.ZodType ? z.output<R> : never) : never;

/**
 * The input may be left out unless the path has parameters. (Deciding it from required query fields or
 * bodies too makes the union over all calls too complex for the checker; those parts are still required
 * inside the input.)
 */
type ArgsOf<D> = D extends { pathParams: z.ZodType } ? [input: CallInput<D>] : [input?: CallInput<D>];
/** Arguments after the call id, worked out once per call id. */
export type CallArgsById = { [K in CallId]: ArgsOf<Contract[K]> };

export interface RawInput {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** The call an error came from. */
export interface FailedRequest {
  method: string;
  path: string;
}

export interface ClientOptions {
  /** Base URL of each backend root (shell, section 7); a root not given uses baseUrl. */
  roots?: Partial<Record<BackendRoot, string>>;
  baseUrl?: string;
  /** The bearer token (the portal reads its auth cookie; the CLI its config file). */
  getToken?: () => string | undefined | Promise<string | undefined>;
  /** The portal's own client id and secret, sent as Basic when there is no token. */
  clientCredentials?: { id: string; secret: string };
  fetch?: typeof fetch;
  /** Time-out of each call; 30 s unless stated. */
  timeoutMs?: number;
  /**
   * Sees every error before it is thrown (the portal's notifications and 401/403 routing), with the
   * call it came from: a change that got no answer is reported differently from a read that did not.
   */
  onError?: (err: ApiError, request: FailedRequest) => void;
  /** Parse answers with the response schemas (off by default: the answer is trusted as typed). */
  validateResponses?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Authorization per the shell's rule: none on api/auth URLs, else Bearer, else the client's Basic. */
async function authorizationFor(url: string, options: ClientOptions): Promise<string | undefined> {
  if (url.includes('api/auth')) return undefined;
  const token = await options.getToken?.();
  if (token) return `Bearer ${token}`;
  if (options.clientCredentials) {
    return `Basic ${base64(`${options.clientCredentials.id}:${options.clientCredentials.secret}`)}`;
  }
  return undefined;
}

function joinUrl(root: string, path: string): string {
  return root.endsWith('/') ? root.slice(0, -1) + path : root + path;
}

/** Combines the caller's signal with the time-out; says which of the two fired. */
function combinedSignal(timeoutMs: number, caller: AbortSignal | undefined): { signal: AbortSignal; timedOut: () => boolean; done: () => void } {
  // AbortSignal.any and .timeout are recent in browsers; one controller does the same job everywhere.
  const controller = new AbortController();
  let fired = false;
  const timer = setTimeout(() => {
    fired = true;
    controller.abort(new DOMException('The call timed out', 'TimeoutError'));
  }, timeoutMs);
  const onAbort = () => controller.abort(caller?.reason);
  if (caller?.aborted) onAbort();
  else caller?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => fired,
    done: () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onAbort);
    },
  };
}

/** A v4 UUID; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function encodeBody(def: Pick<Def, 'bodyType'>, body: unknown): { body: NonNullable<RequestInit['body']>; contentType?: string } | undefined {
  if (body === undefined) return undefined;
  if (def.bodyType === 'multipart') {
    const form = new FormData();
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item === undefined || item === null) continue;
        if (item instanceof Blob) form.append(key, item, item instanceof File ? item.name : key);
        else form.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
      }
    }
    // The boundary is set by fetch itself.
    return { body: form };
  }
  if (def.bodyType === 'form') {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
    return { body: params.toString(), contentType: 'application/x-www-form-urlencoded' };
  }
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

/** What the client needs of a call: its route, and (only when answers are validated) its response schema. */
export type ClientRoute = CallRoute & { response?: z.ZodType };

/**
 * A client over a route table: `call-routes.ts` (no schemas, light enough for the portal's first
 * screen) or the whole contract (`createClient`, which can also validate answers).
 */
export function createRouteClient(routes: Readonly<Record<CallId, ClientRoute>>, options: ClientOptions = {}) {
  const definitions = routes;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  function fail(request: FailedRequest, err: ApiError): never {
    options.onError?.(err, request);
    throw err;
  }

  async function send(
    def: Pick<Def, 'method' | 'path'> & Partial<Pick<Def, 'root' | 'bodyType' | 'responseType' | 'creates' | 'status'>>,
    input: RawInput,
    response?: z.ZodType,
  ): Promise<unknown> {
    const root = (def.root && options.roots?.[def.root]) || (options.baseUrl ?? '');
    const url = joinUrl(root, fillPath(def.path, input.path)) + toQueryString(input.query);
    const headers: Record<string, string> = {
      Accept: def.responseType === 'binary' ? '*/*' : 'application/json',
    };
    let authorization: string | undefined;
    try {
      authorization = await authorizationFor(url, options);
    } catch (cause) {
      // No token to send (its renewal got no answer): the call fails as one without an answer, unsent.
      const err =
        cause instanceof ApiError
          ? cause
          : new ApiError({ status: 0, code: 'NETWORK_ERROR', message: cause instanceof Error ? cause.message : String(cause), cause });
      return fail({ method: def.method, path: def.path }, err);
    }
    if (authorization) headers.Authorization = authorization;
    if (def.creates) headers['Idempotency-Key'] = input.idempotencyKey ?? newIdempotencyKey();
    const encoded = encodeBody(def, input.body);
    if (encoded?.contentType) headers['Content-Type'] = encoded.contentType;
    Object.assign(headers, input.headers);

    const { signal, timedOut, done } = combinedSignal(timeoutMs, input.signal);
    try {
      return await receive(def, url, headers, encoded, signal, timedOut, input, response);
    } finally {
      done();
    }
  }

  async function receive(
    def: Pick<Def, 'method' | 'path'> & Partial<Pick<Def, 'responseType' | 'status'>>,
    url: string,
    headers: Record<string, string>,
    encoded: ReturnType<typeof encodeBody>,
    signal: AbortSignal,
    timedOut: () => boolean,
    input: RawInput,
    response: z.ZodType | undefined,
  ): Promise<unknown> {
    const request: FailedRequest = { method: def.method, path: def.path };
    let res: Response;
    try {
      res = await doFetch(url, { method: def.method, headers, body: encoded?.body, signal });
    } catch (cause) {
      if (timedOut()) {
        return fail(request, new ApiError({ status: 0, code: 'TIMEOUT', message: `No answer within ${timeoutMs} ms`, cause }));
      }
      if (input.signal?.aborted) return fail(request, new ApiError({ status: 0, code: 'ABORTED', message: 'The call was aborted', cause }));
      const message = cause instanceof Error ? cause.message : String(cause);
      return fail(request, new ApiError({ status: 0, code: 'NETWORK_ERROR', message, cause }));
    }

    if (!res.ok) {
      const text = await res.text().catch(() => '');
      return fail(request, apiErrorFromResponse(res.status, res.statusText, text, res.headers.get('x-trace-id')));
    }
    if (res.status === 204 || def.status === 204) return undefined;
    if (def.responseType === 'binary') return new Uint8Array(await res.arrayBuffer());
    const text = await res.text();
    if (text === '') return undefined;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (cause) {
      return fail(
        request,
        new ApiError({
          status: res.status,
          code: httpStatusCode(res.status),
          message: 'The answer is not JSON',
          traceId: res.headers.get('x-trace-id') ?? '',
          cause,
        }),
      );
    }
    if (options.validateResponses && response) {
      const parsed = response.safeParse(data);
      if (!parsed.success) {
        return fail(
          request,
          new ApiError({
            status: res.status,
            code: 'INVALID_RESPONSE',
            message: `The answer does not match the contract: ${parsed.error.issues[0]?.message ?? ''}`,
            invalidParameters: parsed.error.issues.map((i) => ({ parameter: i.path.join('.'), message: i.message })),
            traceId: res.headers.get('x-trace-id') ?? '',
          }),
        );
      }
      return parsed.data;
    }
    return data;
  }

  return {
    definitions,
    /** A call of the contract by id, typed end to end. */
    call<K extends CallId>(id: K, ...args: NoInfer<CallArgsById[K]>): Promise<CallOutput<Contract[K]>> {
      const def: ClientRoute = routes[id];
      const input = ((args as unknown[])[0] ?? {}) as RawInput;
      return send(def, input, def.response) as Promise<CallOutput<Contract[K]>>;
    },
    /**
     * Any method and concrete path (for `corridor api`): the matching definition gives the root, body
     * type and answer type; a path outside the contract goes to baseUrl as JSON.
     */
    request(method: HttpMethod, path: string, input: Omit<RawInput, 'path'> = {}): Promise<unknown> {
      const match = matchDefinition(definitions, method, path);
      const [pathname, search] = path.split('?');
      const query: Record<string, unknown> = {};
      for (const [key, value] of new URLSearchParams(search ?? '')) {
        const seen = query[key];
        query[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
      }
      Object.assign(query, input.query);
      if (match) return send({ ...match.definition, path: pathname! }, { ...input, query });
      return send({ method, path: pathname! }, { ...input, query });
    },
  };
}

export type Client = ReturnType<typeof createRouteClient>;

export type PageItem<K extends CallId> = CallOutput<Contract[K]> extends { content: Array<infer T> } ? T : never;
