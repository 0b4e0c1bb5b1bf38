import { httpStatusCode, type ErrorBody } from './wire/error-body.ts';

/**
 * Every failed call surfaces as one ApiError. `code` is the server's code when the answer carries the
 * error body, `HTTP_<status>` when it does not, and NETWORK_ERROR / TIMEOUT / ABORTED when no answer came.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly invalidParameters: ErrorBody['invalidParameters'];
  readonly traceId: string;

  constructor(init: { status: number; code: string; message: string; invalidParameters?: ErrorBody['invalidParameters']; traceId?: string; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.invalidParameters = init.invalidParameters ?? [];
    this.traceId = init.traceId ?? '';
  }

  /** The wire form of this error (the server's error body). */
  toBody(): ErrorBody {
    return { code: this.code, message: this.message, invalidParameters: this.invalidParameters, traceId: this.traceId };
  }
}

const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * The fields of the error body that are present, or none when one present field has the wrong type
 * (the same rule as `errorBody.partial()`). Checked by hand so the portal's first screen, which reads
 * errors, does not need zod.
 */
function errorBodyParts(parsed: unknown): Partial<ErrorBody> {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const { code, message, invalidParameters, traceId } = parsed as Record<string, unknown>;
  const optionalString = (value: unknown) => value === undefined || isString(value);
  const params =
    invalidParameters === undefined ||
    (Array.isArray(invalidParameters) &&
      invalidParameters.every(
        (p: unknown) =>
          typeof p === 'object' && p !== null && isString((p as Record<string, unknown>).parameter) && isString((p as Record<string, unknown>).message),
      ));
  if (!optionalString(code) || !optionalString(message) || !optionalString(traceId) || !params) return {};
  const out: Partial<ErrorBody> = {};
  if (isString(code)) out.code = code;
  if (isString(message)) out.message = message;
  if (isString(traceId)) out.traceId = traceId;
  if (Array.isArray(invalidParameters)) {
    out.invalidParameters = invalidParameters.map((p: { parameter: string; message: string }) => ({ parameter: p.parameter, message: p.message }));
  }
  return out;
}

/** Builds the ApiError of a non-2xx answer from its body text, whatever that body is. */
export function apiErrorFromResponse(status: number, statusText: string, text: string, headerTraceId: string | null): ApiError {
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const data = errorBodyParts(parsed);
  const fallbackMessage = text !== '' && parsed === undefined ? text.slice(0, 500) : statusText || `HTTP ${status}`;
  return new ApiError({
    status,
    code: data.code ?? httpStatusCode(status),
    message: data.message ?? fallbackMessage,
    invalidParameters: data.invalidParameters ?? [],
    traceId: data.traceId ?? headerTraceId ?? '',
  });
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
