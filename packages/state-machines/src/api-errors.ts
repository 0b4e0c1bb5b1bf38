import type { ErrorBody, InvalidParameter, NoAnswerErrorCode } from '@corridor/api/light';
import { LOGIN_ERROR_KEY, NOT_CONFIRMED_KEY, errorReaction } from './error-reaction.ts';

/**
 * The error catalogue of the shell (spec 1, section 8) in one place: what the portal does with a
 * failed backend call. Kept structural (no import of the client) so any error carrying the
 * contract's error body fields can be described, including the client's `ApiError`.
 */

/** The fields of the contract's error body plus the HTTP status (0 when the network failed). */
export interface HttpErrorLike extends Pick<ErrorBody, 'code' | 'message'>, Partial<Pick<ErrorBody, 'invalidParameters'>> {
  status: number;
  traceId?: string | null;
}

type NotificationType = 'success' | 'warning' | 'error' | 'info';

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
  { kind: 'logout' } | { kind: 'forbidden'; traceId: string | null } | { kind: 'notify'; notification: NotificationRequest } | { kind: 'none' };

export function isHttpErrorLike(value: unknown): value is HttpErrorLike {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.status === 'number' && typeof v.code === 'string' && typeof v.message === 'string';
}

/** No answer from the server at all (offline, DNS, time-out): status 0 or the client's NETWORK_ERROR code. */
export function isNetworkError(error: unknown): boolean {
  if (!isHttpErrorLike(error)) return error instanceof TypeError;
  return error.status === 0 || error.code === ('NETWORK_ERROR' satisfies NoAnswerErrorCode) || error.code === ('TIMEOUT' satisfies NoAnswerErrorCode);
}

/**
 * A failure of the line or of a server in between, not a judgement on the request: no answer at all,
 * a time-out (408), throttling (429), or a 5xx (a proxy's 503, a gateway's 502). The same request may
 * be sent again; a session must never end for one of these (a bad line is not a refusal).
 */
export function isTransientError(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  if (!isHttpErrorLike(error)) return false;
  return error.status === 408 || error.status === 429 || error.status >= 500;
}

/**
 * What the portal does for an error. The decision is the domain's catalogue (`errorReaction`);
 * here the notification is expressed as i18n keys with parameters so it reads in every language.
 * The caller still rethrows the error afterwards ("All errors are rethrown after handling").
 */
export function describeApiError(error: HttpErrorLike, onLoginPage: boolean, method?: string): ErrorEffect {
  const reaction = errorReaction({ status: error.status, body: error, onLoginPage, ...(method === undefined ? {} : { method }) });
  const errorList = error.invalidParameters ?? [];
  switch (reaction.kind) {
    case 'logout':
      return { kind: 'logout' };
    case 'forbidden':
      return { kind: 'forbidden', traceId: reaction.traceId };
    case 'silent':
      return { kind: 'none' };
    case 'notify':
      break;
  }
  if (onLoginPage) {
    return { kind: 'notify', notification: { type: 'error', i18nMessage: LOGIN_ERROR_KEY, closable: true, errorList } };
  }
  // The catalogue names this one by its i18n key already.
  if (reaction.i18nMessage === NOT_CONFIRMED_KEY) {
    return { kind: 'notify', notification: { type: reaction.type, i18nMessage: NOT_CONFIRMED_KEY, closable: true } };
  }
  const notification: NotificationRequest =
    error.status === 500
      ? { type: 'error', i18nMessage: 'errors.server', messageParams: { code: error.code }, closable: true, errorList }
      : {
          type: 'error',
          i18nMessage: 'errors.request',
          messageParams: { code: error.code, message: error.message },
          closable: true,
          errorList,
        };
  return { kind: 'notify', notification };
}
