/**
 * The error catalogue of the portal (spec 8) as a pure decision: given a failed call, what the
 * portal does. Every error is rethrown after handling; this only says what happens first.
 */
import type { ErrorBody, InvalidParameter } from '@corridor/api/light';

/**
 * The fields of the contract's error body a decision reads; any may be missing or null, because a
 * failed call that got no answer has no body.
 */
type ErrorFields = { [K in keyof ErrorBody]?: ErrorBody[K] | null };

/** What the portal does about a failed call. */
export type ErrorReaction =
  | { kind: 'logout'; path: '/logout' }
  | { kind: 'forbidden'; path: '/error/forbidden'; traceId: string | null }
  | { kind: 'notify'; type: 'error' | 'warning'; i18nMessage: string; errorList: InvalidParameter[] }
  | { kind: 'silent' };

/** Spec 8: statuses answered with '{code} - {message}'. */
const NOTIFIED_CLIENT_ERROR_STATUSES = [400, 404, 405, 415, 417] as const;
/**
 * 403 codes that refuse one decision rather than a page: whoever created or last changed a transaction
 * approving it (MAKER_CHECKER). Notified like a 400, never the forbidden page, so the screen stays and
 * shows the refusal on its row (our addition to spec 8).
 */
const DECISION_REFUSALS: readonly string[] = ['MAKER_CHECKER'];
/** Spec 8: the login page's notification. */
export const LOGIN_ERROR_KEY = 'errors.login';
/** A change that got no answer at all: it was not confirmed (i18n key; our addition to spec 8). */
export const NOT_CONFIRMED_KEY = 'errors.notConfirmed';

/**
 * Spec 8 "HTTP 500": 'Something went wrong. Please contact support. Error code : {code}'.
 *
 * @example serverErrorMessage('E42') // 'Something went wrong. Please contact support. Error code : E42'
 * @internal
 */
export function serverErrorMessage(code: string | null | undefined): string {
  return `Something went wrong. Please contact support. Error code : ${code ?? ''}`;
}

/**
 * Spec 8 "HTTP 400, 404, 405, 415, 417": '{code} - {message}'.
 *
 * @example clientErrorMessage('NOT_FOUND', 'No such wallet') // 'NOT_FOUND - No such wallet'
 * @internal
 */
export function clientErrorMessage(code: string | null | undefined, message: string | null | undefined): string {
  return `${code ?? ''} - ${message ?? ''}`;
}

/**
 * Decides the reaction to a failed call (spec 8):
 * - any error on the login page: notification 'errors.login' with the invalidParameters;
 * - 401: navigate to /logout; 403: the forbidden page with the traceId, except a refused decision
 *   (MAKER_CHECKER), notified as '{code} - {message}';
 * - wallet-config endpoints on 500 and the listed codes: rethrown without a notification;
 * - 500: 'Something went wrong. Please contact support. Error code : {code}';
 * - 400, 404, 405, 415, 417: '{code} - {message}';
 * - no answer at all (status 0) to a change (`method` other than GET): a warning that it was not
 *   confirmed. Spec 8 is silent on network failures, which suits reads (screens say they are
 *   offline); a click that changes something must not vanish without a word. An abort is the
 *   portal's own doing and stays silent;
 * - anything else: no notification.
 *
 * @example errorReaction({ status: 404, body: { code: 'NOT_FOUND', message: 'gone' } })
 *   // { kind: 'notify', type: 'error', i18nMessage: 'NOT_FOUND - gone', errorList: [] }
 */
export function errorReaction(input: {
  status: number;
  body?: ErrorFields | null;
  onLoginPage?: boolean;
  walletConfigCall?: boolean;
  /** The failed call's HTTP method, when known. */
  method?: string;
}): ErrorReaction {
  const body = input.body ?? {};
  const errorList = body.invalidParameters ?? [];
  const notified = (NOTIFIED_CLIENT_ERROR_STATUSES as readonly number[]).includes(input.status);
  if (input.onLoginPage) return { kind: 'notify', type: 'error', i18nMessage: LOGIN_ERROR_KEY, errorList };
  if (input.status === 0 && input.method !== undefined && input.method !== 'GET' && body.code !== 'ABORTED') {
    return { kind: 'notify', type: 'warning', i18nMessage: NOT_CONFIRMED_KEY, errorList: [] };
  }
  if (input.status === 401) return { kind: 'logout', path: '/logout' };
  // A refused decision (maker-checker) is not a page the user may not see: the screen shows it on the item.
  if (input.status === 403 && body.code !== null && body.code !== undefined && DECISION_REFUSALS.includes(body.code)) {
    return { kind: 'notify', type: 'error', i18nMessage: clientErrorMessage(body.code, body.message), errorList };
  }
  if (input.status === 403) return { kind: 'forbidden', path: '/error/forbidden', traceId: body.traceId ?? null };
  if (input.walletConfigCall && (input.status === 500 || notified)) return { kind: 'silent' };
  if (input.status === 500) {
    return { kind: 'notify', type: 'error', i18nMessage: serverErrorMessage(body.code), errorList };
  }
  if (notified) {
    return { kind: 'notify', type: 'error', i18nMessage: clientErrorMessage(body.code, body.message), errorList };
  }
  return { kind: 'silent' };
}
