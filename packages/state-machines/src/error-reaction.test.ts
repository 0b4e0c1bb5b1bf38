import { describe, expect, it } from 'vitest';
import { NOT_CONFIRMED_KEY, clientErrorMessage, errorReaction, serverErrorMessage } from './error-reaction.ts';

const body = { code: 'E1', message: 'Bad thing', invalidParameters: [{ parameter: 'amount', message: 'required' }], traceId: 't-1' };

describe('error catalogue — spec 8', () => {
  it('no answer to a change warns that it was not confirmed; no answer to a read, or an abort, stays silent', () => {
    const lost = { code: 'NETWORK_ERROR', message: 'Failed to fetch' };
    expect(errorReaction({ status: 0, body: lost, method: 'PUT' })).toEqual({ kind: 'notify', type: 'warning', i18nMessage: NOT_CONFIRMED_KEY, errorList: [] });
    expect(errorReaction({ status: 0, body: { code: 'TIMEOUT' }, method: 'POST' }).kind).toBe('notify');
    expect(errorReaction({ status: 0, body: lost, method: 'GET' })).toEqual({ kind: 'silent' });
    expect(errorReaction({ status: 0, body: lost })).toEqual({ kind: 'silent' });
    expect(errorReaction({ status: 0, body: { code: 'ABORTED' }, method: 'POST' })).toEqual({ kind: 'silent' });
    // The login page keeps its own notification.
    expect(errorReaction({ status: 0, body: lost, method: 'POST', onLoginPage: true })).toMatchObject({ kind: 'notify', i18nMessage: 'errors.login' });
  });

  it('"HTTP 401 | Navigate to /logout (except on the login page)"', () => {
    expect(errorReaction({ status: 401, body })).toEqual({ kind: 'logout', path: '/logout' });
  });
  it('"HTTP 403 | Navigate to error/forbidden with traceId in the query string"', () => {
    expect(errorReaction({ status: 403, body })).toEqual({ kind: 'forbidden', path: '/error/forbidden', traceId: 't-1' });
    expect(errorReaction({ status: 403 })).toEqual({ kind: 'forbidden', path: '/error/forbidden', traceId: null });
  });
  it('a 403 refusing a decision (maker-checker) is notified and keeps the page', () => {
    const refusal = { code: 'MAKER_CHECKER', message: 'another user must approve it', invalidParameters: [{ parameter: 'transactionId', message: 'yours' }] };
    expect(errorReaction({ status: 403, body: refusal })).toEqual({
      kind: 'notify',
      type: 'error',
      i18nMessage: 'MAKER_CHECKER - another user must approve it',
      errorList: refusal.invalidParameters,
    });
  });
  it('"HTTP 500 | Error notification \'Something went wrong. Please contact support. Error code : {code}\' with the invalidParameters"', () => {
    expect(errorReaction({ status: 500, body })).toEqual({
      kind: 'notify',
      type: 'error',
      i18nMessage: 'Something went wrong. Please contact support. Error code : E1',
      errorList: body.invalidParameters,
    });
    expect(serverErrorMessage(null)).toBe('Something went wrong. Please contact support. Error code : ');
  });
  it('"HTTP 400, 404, 405, 415, 417 | Error notification \'{code} - {message}\' with the invalidParameters"', () => {
    for (const status of [400, 404, 405, 415, 417]) {
      expect(errorReaction({ status, body })).toMatchObject({ kind: 'notify', i18nMessage: 'E1 - Bad thing' });
    }
    expect(clientErrorMessage(undefined, undefined)).toBe(' - ');
    expect(errorReaction({ status: 409, body })).toEqual({ kind: 'silent' });
    expect(errorReaction({ status: 404, body: null })).toMatchObject({ errorList: [] });
  });
  it('"Wallet-config endpoints on 500 and the listed codes | Rethrown without a notification"', () => {
    expect(errorReaction({ status: 500, body, walletConfigCall: true })).toEqual({ kind: 'silent' });
    expect(errorReaction({ status: 404, body, walletConfigCall: true })).toEqual({ kind: 'silent' });
    expect(errorReaction({ status: 401, body, walletConfigCall: true })).toEqual({ kind: 'logout', path: '/logout' });
  });
  it('"Any error on the login page | Notification \'errors.login\' with the invalidParameters"', () => {
    expect(errorReaction({ status: 401, body, onLoginPage: true })).toEqual({
      kind: 'notify',
      type: 'error',
      i18nMessage: 'errors.login',
      errorList: body.invalidParameters,
    });
  });
});
