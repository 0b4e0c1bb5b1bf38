import { errorBody } from './schemas/common.ts';
import type { ErrorBody } from './schemas/common.ts';

/**
 * Every failed call surfaces as one ApiError. `code` is the server's code when the answer carries the
 * error body, `HTTP_<status>` when it does not, and NETWORK_ERROR / TIMEOUT / ABORTED when no answer came.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly invalidParameters: ErrorBody['invalidParameters'];
  readonly traceId: string;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    invalidParameters?: ErrorBody['invalidParameters'];
    traceId?: string;
    cause?: unknown;
  }) {
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

/** Builds the ApiError of a non-2xx answer from its body text, whatever that body is. */
export function apiErrorFromResponse(status: number, statusText: string, text: string, headerTraceId: string | null): ApiError {
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const body = errorBody.partial().safeParse(parsed);
  const data = body.success ? body.data : {};
  const fallbackMessage = text !== '' && parsed === undefined ? text.slice(0, 500) : statusText || `HTTP ${status}`;
  return new ApiError({
    status,
    code: data.code ?? `HTTP_${status}`,
    message: data.message ?? fallbackMessage,
    invalidParameters: data.invalidParameters ?? [],
    traceId: data.traceId ?? headerTraceId ?? '',
  });
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
