import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, preParsingAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The bytes of a bank callback exactly as signed (the parsed body cannot be re-serialised byte for byte). */
    bankRawBody?: string;
  }
}

export const SIGNATURE_HEADER = 'x-corridor-signature';
/** A signed callback older than this is refused: a captured request cannot be replayed later. */
const SIGNATURE_MAX_AGE_S = 5 * 60;
const CALLBACK_PREFIX = '/api/dbs/';
/** Callbacks are small; nothing larger is buffered to be checked. */
const MAX_CALLBACK_BYTES = 64 * 1024;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">`, the header the bank sends. */
export function signCallback(secret: string, rawBody: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

function refuse(message: string): AppError {
  return new AppError('UNAUTHORIZED', message, [{ parameter: SIGNATURE_HEADER, message }]);
}

/** Throws UNAUTHORIZED unless `header` signs `rawBody` with `secret` within five minutes of `now`. */
function verifyCallback(secret: string, header: string | undefined, rawBody: string, now: Date): void {
  if (!header) throw refuse('the bank callback is not signed');
  const parts = new Map(header.split(',').map((p) => [p.slice(0, p.indexOf('=')).trim(), p.slice(p.indexOf('=') + 1).trim()]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) throw refuse('the signature header is malformed');
  if (Math.abs(now.getTime() / 1000 - t) > SIGNATURE_MAX_AGE_S) throw refuse('the signature is older than five minutes');
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) throw refuse('the signature does not match the body');
}

/**
 * Bank callbacks are checked before their body is parsed or validated: an unsigned caller learns nothing
 * about the body schema. The raw bytes are kept for the check and handed on to the JSON parser unchanged.
 * The checks are hooks of the callback routes alone (added as each is registered, so call this before
 * the routes): hooks of the whole server ran, and awaited, on every other call too.
 */
export function guardBankCallbacks(app: FastifyInstance, secret: string, now: () => Date): void {
  const preParsing: preParsingAsyncHookHandler = async (request, _reply, payload) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += buffer.length;
      if (size > MAX_CALLBACK_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', undefined, [{ parameter: 'body', message: 'a bank callback is at most 64 KB' }]);
      chunks.push(buffer);
    }
    const raw = Buffer.concat(chunks).toString('utf8');
    verifyCallback(secret, headerOf(request.headers[SIGNATURE_HEADER]), raw, now());
    request.bankRawBody = raw;
    return Readable.from([Buffer.from(raw, 'utf8')]);
  };
  // A signed callback with no body at all never reaches preParsing: it is refused here.
  const preValidation: preValidationAsyncHookHandler = async (request) => {
    if (request.bankRawBody === undefined) {
      verifyCallback(secret, headerOf(request.headers[SIGNATURE_HEADER]), '', now());
      request.bankRawBody = '';
    }
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(CALLBACK_PREFIX)) return;
    route.preParsing = [...hooksOf(route.preParsing), preParsing];
    route.preValidation = [...hooksOf(route.preValidation), preValidation];
  });
}

const hooksOf = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

function headerOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
