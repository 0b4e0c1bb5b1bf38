import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@corridor/api';
import { SQLSTATE, sqlStateOf } from '../db/pg-errors.ts';
import { AppError, ERRORS, type ErrorCode } from '../errors.ts';

export function errorBody(error: AppError, traceId: string): ErrorBody {
  return { code: error.code, message: error.message, invalidParameters: error.invalidParameters, traceId };
}

/** Why Fastify could not read a body, said of the parameter `body`: a caller learns what to fix. */
const UNREADABLE_BODY: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'is empty: send a JSON object',
  FST_ERR_CTP_INVALID_JSON_BODY: 'is not valid JSON',
};

/** A body that could not be read, naming the body as the invalid parameter. */
const malformedBody = (message: string, reason = 'could not be read') => new AppError('MALFORMED_REQUEST', message, [{ parameter: 'body', message: reason }]);

/** Fastify's own failures (body parsing, limits, media types) mapped onto our registry. */
function fromFastify(error: FastifyError): AppError | null {
  const byCode: Record<string, ErrorCode> = {
    FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
    FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
    FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
    FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
    FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
    FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
    FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
    // A static path that resolves outside the portal's folder (encoded `..`, a backslash): no such file.
    FST_STATIC_FORBIDDEN_PATH: 'ROUTE_NOT_FOUND',
  };
  const unreadable = error.code ? UNREADABLE_BODY[error.code] : undefined;
  if (unreadable) return malformedBody(ERRORS.MALFORMED_REQUEST.message, unreadable);
  const code = error.code ? byCode[error.code] : undefined;
  if (code) return new AppError(code);
  // The multipart parser (busboy) throws plain errors for a body it cannot read.
  if (/^(Multipart: |Unexpected end of (form|multipart data)|Malformed part header)/.test(error.message)) {
    return malformedBody('The multipart body could not be read', 'the multipart body ended early or is malformed');
  }
  // JSON.parse's SyntaxError (a body parser of our own), or another 400 of a parser.
  if (error instanceof SyntaxError) return malformedBody(ERRORS.MALFORMED_REQUEST.message, 'is not valid JSON');
  if (error.statusCode === 400) return malformedBody(ERRORS.MALFORMED_REQUEST.message);
  if (error.statusCode === 404) return new AppError('ROUTE_NOT_FOUND');
  if (error.statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE');
  if (error.statusCode === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE');
  return null;
}

/**
 * PostgreSQL `query_canceled` (the statement timeout stopped a query) and `lock_not_available` (a lock
 * wait ran past the connection's lock timeout): either way the transaction rolled back and a retry may pass.
 */
const STOPPED_BY_TIMEOUT = new Set<string>([SQLSTATE.queryCanceled, SQLSTATE.lockNotAvailable]);

/** Every failure answers the error body; a stack trace never leaves the server (it goes to the log). */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  let appError = error instanceof AppError ? error : fromFastify(error as FastifyError);
  if (!appError && STOPPED_BY_TIMEOUT.has(sqlStateOf(error) ?? '')) {
    request.log.warn({ err: error }, 'query stopped by the statement or lock timeout');
    reply.header('retry-after', 1);
    appError = new AppError('QUERY_TIMEOUT');
  }
  if (!appError) {
    request.log.error({ err: error }, 'unhandled error');
    appError = new AppError('INTERNAL_ERROR', `${ERRORS.INTERNAL_ERROR.message}. Trace id ${request.id}`);
  }
  if (appError.status === 413) closeUnreadConnection(request, reply);
  return reply.status(appError.status).type('application/json').send(errorBody(appError, request.id));
}

/**
 * A body refused before it was read to its end (over its limit) leaves the rest of it on the connection:
 * reading it all would let a caller keep the server busy, and leaving it unread would stall the connection
 * (the next request on it is never parsed) and keep the socket half-open once the client gives up. The
 * answer says `Connection: close`, so Node ends the socket once the answer is written.
 */
function closeUnreadConnection(request: FastifyRequest, reply: FastifyReply): void {
  if (request.raw.complete) return;
  reply.header('connection', 'close');
}

/**
 * Fastify's router refuses some URLs before any route runs (a broken percent escape, a path parameter
 * over its maximum length); they answer the error body too, naming the path.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'a path parameter is too long' : 'is not a valid URL';
  const appError = new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'path', message }]);
  void reply.status(appError.status).type('application/json').send(errorBody(appError, request.id));
}
