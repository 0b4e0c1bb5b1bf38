/**
 * The error catalogue of the shell (spec 1, section 8) in one place: what the portal does with a
 * failed backend call. Kept structural (no import of the client) so any error carrying the
 * contract's error body fields can be described, including the client's `ApiError`.
 */

export interface InvalidParameter {
  parameter: string;
  message: string;
}

/** The fields of the contract's error body plus the HTTP status (0 when the network failed). */
export interface HttpErrorLike {
  status: number;
  code: string;
  message: string;
  invalidParameters?: InvalidParameter[];
  traceId?: string | null;
}

export type NotificationType = 'success' | 'warning' | 'error' | 'info';

/** A notification (spec 1, section 3): texts are i18n keys, rendered by the portal. */
export interface NotificationRequest {
  type: NotificationType;
  i18nTitle?: string;
  i18nMessage: string;
  /** Interpolation values for the message key. */
  messageParams?: Record<string, string>;
  closable?: boolean;
  errorList?: InvalidParameter[];
}

export type ErrorEffect =
  | { kind: 'logout' }
  | { kind: 'forbidden'; traceId: string | null }
  | { kind: 'notify'; notification: NotificationRequest }
  | { kind: 'none' };

/** Statuses answered with '{code} - {message}' (spec 1, section 8). */
export const CLIENT_ERROR_STATUSES: ReadonlySet<number> = new Set([400, 404, 405, 415, 417]);

export function isHttpErrorLike(value: unknown): value is HttpErrorLike {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.status === 'number' && typeof v.code === 'string' && typeof v.message === 'string';
}

/** No answer from the server at all (offline, DNS, time-out): status 0 or the client's NETWORK_ERROR code. */
export function isNetworkError(error: unknown): boolean {
  if (!isHttpErrorLike(error)) return error instanceof TypeError;
  return error.status === 0 || error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT';
}

/**
 * What the portal does for an error, per the catalogue. The caller still rethrows the error
 * afterwards ("All errors are rethrown after handling").
 */
export function describeApiError(error: HttpErrorLike, onLoginPage: boolean): ErrorEffect {
  const errorList = error.invalidParameters ?? [];
  if (onLoginPage) {
    return {
      kind: 'notify',
      notification: { type: 'error', i18nMessage: 'errors.login', closable: true, errorList },
    };
  }
  if (error.status === 401) return { kind: 'logout' };
  if (error.status === 403) return { kind: 'forbidden', traceId: error.traceId ?? null };
  if (error.status === 500) {
    return {
      kind: 'notify',
      notification: {
        type: 'error',
        i18nMessage: 'errors.server',
        messageParams: { code: error.code },
        closable: true,
        errorList,
      },
    };
  }
  if (CLIENT_ERROR_STATUSES.has(error.status)) {
    return {
      kind: 'notify',
      notification: {
        type: 'error',
        i18nMessage: 'errors.request',
        messageParams: { code: error.code, message: error.message },
        closable: true,
        errorList,
      },
    };
  }
  return { kind: 'none' };
}
