/*
 * The error body every non-2xx answer carries (spec 3: "Error body: code, message, invalidParameters,
 * traceId") and the codes it may name: the one definition the server, the portal and the CLI import.
 * No zod here, so the portal's first screen can read errors through `@corridor/api/light`.
 */

/** One bad field of a request: `parameter` names it (`amount`, `body.iban`, `sort`). */
export interface InvalidParameter {
  parameter: string;
  message: string;
}

/** The body of every non-2xx answer. */
export interface ErrorBody {
  code: string;
  message: string;
  invalidParameters: InvalidParameter[];
  traceId: string;
}

/**
 * Every code the server answers with. The server's registry (apps/server errors.ts) gives each its
 * status and default message and must cover exactly this list, so a client can switch over it.
 * @internal
 */
export const SERVER_ERROR_CODES = [
  'VALIDATION_FAILED',
  'PASSWORD_POLICY',
  'OLD_PASSWORD_MISMATCH',
  'MALFORMED_REQUEST',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'INVALID_GRANT',
  'INVALID_CLIENT',
  'FORBIDDEN',
  'INVALID_SIGNATURE',
  'LINK_EXPIRED',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'DUPLICATE_USER',
  'CANNOT_DELETE_SELF',
  'IDEMPOTENCY_KEY_IN_USE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INSUFFICIENT_FUNDS',
  'VOUCHER_UNBALANCED',
  'AMOUNT_OUT_OF_RANGE',
  'INVALID_STATE_TRANSITION',
  'IDEMPOTENCY_KEY_REUSED',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'QUERY_TIMEOUT',
  'RATE_STALE',
  'QUOTE_EXPIRED',
  'DUPLICATE_CONFIG',
  'CONFIG_IN_USE',
  'DUPLICATE_BENEFICIARY',
  'INVALID_TRANSITION',
  'DRAFT_ID_REUSED',
  'MAKER_CHECKER',
  'ALREADY_SETTLED',
] as const;

export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];

/**
 * Codes the client gives a call that got no HTTP answer (status 0). A non-2xx answer without the
 * error body gets `HTTP_<status>` instead.
 */
export type NoAnswerErrorCode = 'NETWORK_ERROR' | 'TIMEOUT' | 'ABORTED';

/** The code of a non-2xx answer that did not carry the error body. */
export function httpStatusCode(status: number): `HTTP_${number}` {
  return `HTTP_${status}`;
}
