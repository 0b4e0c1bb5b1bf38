import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a path. The spec tells audiences apart only by path prefix
 * (calls part A and B, section 1); `audienceOf` derives it, so a definition never states it by hand.
 * - merchant: MERCHANT_SERVICE users, scoped to their merchant.
 * - serviceProvider: SERVICE_PROVIDER users, scoped to their TSP.
 * - internal: ADMIN only.
 * - config: configuration admin (ADMIN, and SERVICE_PROVIDER scoped to its own configuration).
 * - public: the common side (/c/api, /v1/public): any signed-in user.
 * - common: reference data, the current user, files: any signed-in user.
 * - client: the portal's own client credentials (Basic) are enough (the token grant and revocation).
 * - signed: no caller identity; a signed link carries the right (public file links, bank callbacks).
 */
export type Audience = 'merchant' | 'serviceProvider' | 'internal' | 'config' | 'public' | 'common' | 'client' | 'signed';

/** Backend roots the portal is configured with (shell, section 7). */
export type BackendRoot =
  | 'auth'
  | 'merchant'
  | 'merchantTransactions'
  | 'referenceData'
  | 'documents'
  | 'markups'
  | 'rateQuotes'
  | 'merchantWallet'
  | 'spWallet'
  | 'merchantPayments'
  | 'reports';

export interface CallDefinition {
  method: HttpMethod;
  /** Exactly as the spec writes it, with `{param}` placeholders. */
  path: string;
  audience: Audience;
  root: BackendRoot;
  summary: string;
  /** Catalogue area (contract file name), used as the OpenAPI tag. */
  area: string;
  pathParams?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** How the body travels; json unless stated. */
  bodyType?: 'json' | 'multipart' | 'form';
  /** Schema of the 2xx answer. */
  response: z.ZodType;
  /** 200 unless stated (201 for creations, 204 for empty answers). */
  status?: 200 | 201 | 202 | 204;
  /** Raw bytes instead of JSON (some internal GETs and downloads). */
  responseType?: 'json' | 'binary';
  /** The call creates something: the client sends an Idempotency-Key and the server honours it. */
  creates?: boolean;
}

/** Path prefixes, most specific first. Order matters: `/v1/merchant-service` is a merchant path. */
const PREFIXES = [
  ['/v1/internal/', 'internal'],
  ['/v1/public/', 'public'],
  ['/c/api/', 'public'],
  ['/v1/config/', 'config'],
  ['/v1/pricing/', 'config'],
  ['/v1/currencies/revaluation', 'config'],
  ['/m/api/', 'merchant'],
  ['/v1/merchant', 'merchant'],
  ['/merchant/v1/', 'merchant'],
  ['/v2/merchant/', 'merchant'],
  ['/msp/', 'merchant'],
  ['/s/api/', 'serviceProvider'],
  ['/sp/', 'serviceProvider'],
  ['/v2/sp/', 'serviceProvider'],
  ['/v1/service-provider', 'serviceProvider'],
  ['/tsp/', 'serviceProvider'],
  ['/v1/tsp/', 'serviceProvider'],
  ['/v1/partners/', 'serviceProvider'],
  ['/v1/accounting/', 'serviceProvider'],
  ['/transactions/deal/', 'serviceProvider'],
  ['/oauth/token', 'client'],
  ['/oauth/revoke', 'client'],
  ['/oauth/password-reset', 'client'],
  ['/public/files/', 'signed'],
  ['/api/dbs/', 'signed'],
] as const satisfies ReadonlyArray<readonly [string, Audience]>;

/**
 * The audience of a catalogue path, from its prefix; anything else is common to signed-in users.
 * @internal
 */
export function audienceOf(path: string): Audience {
  for (const [prefix, audience] of PREFIXES) {
    if (path === prefix || path.startsWith(prefix)) return audience;
  }
  return 'common';
}

type PrefixMatch<P extends string, Prefixes> = Prefixes extends readonly [readonly [infer X extends string, infer A], ...infer Rest]
  ? P extends `${X}${string}`
    ? A
    : PrefixMatch<P, Rest>
  : 'common';

/**
 * `audienceOf` at the type level: a call's audience is a literal type, so the server can hand a
 * merchant call a merchant caller and a service-provider call a service-provider caller.
 */
export type AudienceOfPath<P extends string> = string extends P ? Audience : PrefixMatch<P, typeof PREFIXES>;

export type DefinitionInput = Omit<CallDefinition, 'audience' | 'area'> & { audience?: Audience };

/**
 * Declares the calls of one catalogue area. Keys become call ids `<area>.<key>`; the audience comes
 * from the path prefix unless stated. `satisfies`-style typing keeps every schema's type.
 */
export function defineArea<const A extends string, const D extends Record<string, DefinitionInput>>(
  area: A,
  defs: D,
): {
  [K in keyof D & string as `${A}.${K}`]: D[K] & {
    audience: D[K] extends { audience: infer X extends Audience } ? X : AudienceOfPath<D[K]['path']>;
    area: A;
  };
} {
  const out: Record<string, CallDefinition> = {};
  for (const [key, def] of Object.entries(defs)) {
    out[`${area}.${key}`] = { ...def, area, audience: def.audience ?? audienceOf(def.path) };
  }
  return out as never;
}

/** What a client needs to send a call: no schemas (see call-routes.ts). */
export type CallRoute = Pick<CallDefinition, 'method' | 'path' | 'root'> & Partial<Pick<CallDefinition, 'bodyType' | 'responseType' | 'creates' | 'status'>>;
