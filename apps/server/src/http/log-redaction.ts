import { stdSerializers } from 'pino';

/**
 * Query parameters that must never reach a log line (the token grant takes passwords in the query; the
 * directory's callback brings an authorization code).
 */
const SECRET_PARAMS = ['password', 'client_secret', 'token', 'access_token', 'refresh_token', 'code', 'code_verifier'];

/** @internal */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of SECRET_PARAMS) if (params.has(name)) params.set(name, '[REDACTED]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** pino serializer of requests: method, redacted url, and who is asking from where. */
export function requestSerializer(request: { method: string; url: string; ip?: string; hostname?: string }) {
  return { method: request.method, url: redactUrl(request.url), hostname: request.hostname, remoteAddress: request.ip };
}

/** Keys whose values never reach a log line, at any depth of what a line carries. */
const SECRET_KEYS = new Set([
  'password',
  'oldPassword',
  'newPassword',
  'passwordHash',
  'token',
  'access_token',
  'refresh_token',
  'client_secret',
  'signature',
  'authorization',
  'cookie',
  'set-cookie',
  'secret',
  // SQL parameters of a failed statement: they hold whatever the row held.
  'params',
  'parameters',
]);

const CENSOR = '[REDACTED]';
/** Deeper than any line the server writes; a deeper value is left out rather than walked. */
const MAX_DEPTH = 6;

function walkable(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Array.isArray(value);
}

function scrubbed(value: Record<string, unknown>, depth: number): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(value)) {
    const inner = value[key];
    let next = inner;
    if (SECRET_KEYS.has(key)) next = CENSOR;
    else if (walkable(inner)) next = depth >= MAX_DEPTH ? '[DEPTH]' : scrubbed(inner, depth + 1);
    if (next !== inner) {
      copy ??= Array.isArray(value) ? ([...value] as unknown as Record<string, unknown>) : { ...value };
      copy[key] = next;
    }
  }
  return copy ?? value;
}

/**
 * pino's `formatters.log`: whatever a log line carries (a body logged while debugging, headers, a
 * token), secrets come out as [REDACTED]. One walk over the plain objects of the line, copying only
 * what it changes: pino's path-based `redact` walked 36 paths, most with wildcards, on every line,
 * and cost 8 % of a signed-in read's time. Objects of classes (a request, a reply) are left to their
 * serializers, which write no secret; errors go through `errorSerializer` below.
 */
export function redactSecrets(line: Record<string, unknown>): Record<string, unknown> {
  return scrubbed(line, 0);
}

/** pino's error serializer, then the same redaction (a failed statement's parameters, a token in a field). */
export function errorSerializer(error: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  const fields = stdSerializers.err(error);
  for (const key of Object.keys(fields)) {
    const inner = fields[key];
    if (SECRET_KEYS.has(key)) fields[key] = CENSOR;
    else if (walkable(inner)) fields[key] = scrubbed(inner, 1);
  }
  return fields;
}
