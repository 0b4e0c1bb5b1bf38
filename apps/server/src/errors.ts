import type { InvalidParameter, ServerErrorCode } from '@corridor/api';

/**
 * The one registry of error codes this server answers with. `/v1/internal/errors` lists it, so the
 * catalogue the portal sees is exactly what the code can throw.
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 400, message: 'The request has invalid parameters' },
  PASSWORD_POLICY: {
    status: 400,
    message: 'Your Password must be minimum 8 characters, one uppercase letter and one number',
  },
  OLD_PASSWORD_MISMATCH: { status: 400, message: 'The current password is incorrect' },
  MALFORMED_REQUEST: { status: 400, message: 'The request body could not be read' },
  UNAUTHORIZED: { status: 401, message: 'Sign-in is required' },
  /** Unknown ID, wrong password, inactive, LOCKED or locked-out user: one answer, so none is told apart. */
  INVALID_CREDENTIALS: { status: 401, message: 'The ID or password is incorrect' },
  INVALID_GRANT: { status: 401, message: 'The refresh token is not valid; sign in again' },
  INVALID_CLIENT: { status: 401, message: 'The client credentials are not valid' },
  FORBIDDEN: { status: 403, message: "You don't have permission to access this page or resource" },
  INVALID_SIGNATURE: { status: 403, message: 'The link is not valid' },
  LINK_EXPIRED: { status: 403, message: 'The link has expired' },
  NOT_FOUND: { status: 404, message: 'The requested record does not exist' },
  ROUTE_NOT_FOUND: { status: 404, message: 'No such call' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'The method is not allowed on this path' },
  DUPLICATE_USER: { status: 409, message: 'A user with this ID already exists' },
  CANNOT_DELETE_SELF: { status: 409, message: 'You cannot delete your own user' },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    message: 'A request with this Idempotency-Key is still running; retry shortly',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The content type is not supported' },
  INSUFFICIENT_FUNDS: {
    status: 422,
    message: 'The wallet does not have enough balance and credit for this debit',
  },
  VOUCHER_UNBALANCED: { status: 422, message: 'The voucher does not balance in local currency' },
  AMOUNT_OUT_OF_RANGE: { status: 422, message: 'The amount would take a balance beyond what the ledger can hold' },
  DUPLICATE_CONFIG: { status: 409, message: 'A configuration with the same key already exists' },
  CONFIG_IN_USE: { status: 409, message: 'The configuration is still used by other configuration and cannot be removed' },
  /** The merchant already holds this account (same IBAN, or account number at the same bank). */
  DUPLICATE_BENEFICIARY: { status: 409, message: 'This account is already one of your beneficiaries' },
  /** The rate is older than the TSP's staleness limit: nothing is priced on it (409: retry once the feed moves). */
  RATE_STALE: { status: 409, message: 'The rate is older than the staleness limit; no price is given on it' },
  INVALID_STATE_TRANSITION: { status: 409, message: 'The record cannot move to that status from its current one' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was already used with a different request',
  },
  /** A firm quote is never priced on a rate older than the TSP's staleness limit. */
  /** An expired quote, or one replaced by negotiation, cannot be used. */
  QUOTE_EXPIRED: { status: 422, message: 'The quote has expired or was replaced; ask for a new one' },
  /** A payment action its status (or the actor) does not allow: the message names the current status. */
  INVALID_TRANSITION: { status: 409, message: 'The payment cannot take that action in its current status' },
  /** A draft id is unique for ever per merchant: the same id with another body is refused. */
  DRAFT_ID_REUSED: { status: 409, message: 'This draft id was already used with a different payment' },
  /** Four eyes: the user who made a payment may not approve it. */
  MAKER_CHECKER: { status: 403, message: 'The user who created the payment cannot process it' },
  /** A charge or transaction that a settlement or net-off already took is never settled twice. */
  ALREADY_SETTLED: { status: 409, message: 'The item is already settled' },
  RATE_LIMITED: { status: 429, message: 'Too many requests; retry later' },
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong' },
  /** A query ran past the statement timeout: the database was cancelled, nothing was half done. */
  QUERY_TIMEOUT: { status: 503, message: 'The request took too long and was stopped; nothing was changed. Retry shortly' },
} as const satisfies Record<ServerErrorCode, { status: number; message: string }>;

/** The codes are the contract's list (`SERVER_ERROR_CODES`); this registry gives each its status and message. */
export type ErrorCode = ServerErrorCode;
export type { InvalidParameter };

/** A failure the client is told about: its code decides the status and default message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly invalidParameters: InvalidParameter[];

  constructor(code: ErrorCode, message?: string, invalidParameters: InvalidParameter[] = []) {
    super(message ?? ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.invalidParameters = invalidParameters;
  }
}

export function errorCatalogue(): Array<{ code: ErrorCode; status: number; message: string }> {
  return (Object.keys(ERRORS) as ErrorCode[]).map((code) => ({
    code,
    status: ERRORS[code].status,
    message: ERRORS[code].message,
  }));
}
