import { describe, expect, it } from 'vitest';
import { describeApiError, isNetworkError, isTransientError } from './api-errors.ts';

const base = { message: 'Bad thing', invalidParameters: [{ parameter: 'amount', message: 'required' }], traceId: 't-9' };

describe('error catalogue (spec 1, section 8)', () => {
  it('"HTTP 401: Navigate to /logout (except on the login page)"', () => {
    expect(describeApiError({ ...base, status: 0, code: 'NETWORK_ERROR' }, false, 'POST')).toEqual({
      kind: 'notify',
      notification: { type: 'warning', i18nMessage: 'errors.notConfirmed', closable: true },
    });
    expect(describeApiError({ ...base, status: 0, code: 'NETWORK_ERROR' }, false, 'GET')).toEqual({ kind: 'none' });
    expect(describeApiError({ ...base, status: 401, code: 'UNAUTHORIZED' }, false)).toEqual({ kind: 'logout' });
  });
  it('"HTTP 403: Navigate to error/forbidden with traceId"', () => {
    expect(describeApiError({ ...base, status: 403, code: 'FORBIDDEN' }, false)).toEqual({
      kind: 'forbidden',
      traceId: 't-9',
    });
  });
  it('"HTTP 500: Something went wrong ... Error code : {code}" with the invalidParameters', () => {
    expect(describeApiError({ ...base, status: 500, code: 'BOOM' }, false)).toEqual({
      kind: 'notify',
      notification: {
        type: 'error',
        i18nMessage: 'errors.server',
        messageParams: { code: 'BOOM' },
        closable: true,
        errorList: base.invalidParameters,
      },
    });
  });
  it.each([400, 404, 405, 415, 417])('"HTTP %i: {code} - {message}"', (status) => {
    const effect = describeApiError({ ...base, status, code: 'X' }, false);
    expect(effect).toMatchObject({
      kind: 'notify',
      notification: { i18nMessage: 'errors.request', messageParams: { code: 'X', message: 'Bad thing' } },
    });
  });
  it('other statuses are left to the caller', () => {
    expect(describeApiError({ ...base, status: 409, code: 'CONFLICT' }, false)).toEqual({ kind: 'none' });
  });
  it('"Any error on the login page: Notification errors.login with the invalidParameters"', () => {
    for (const status of [400, 401, 403, 500, 0]) {
      expect(describeApiError({ ...base, status, code: 'C' }, true)).toMatchObject({
        kind: 'notify',
        notification: { i18nMessage: 'errors.login', errorList: base.invalidParameters },
      });
    }
  });
  it('network failures are told apart from server answers', () => {
    expect(isNetworkError({ status: 0, code: 'NETWORK_ERROR', message: 'offline' })).toBe(true);
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkError({ status: 401, code: 'UNAUTHORIZED', message: 'no' })).toBe(false);
  });

  it('a transient failure is the line or a server in between, never a refusal of the request', () => {
    const failure = (status: number, code: string) => ({ status, code, message: code });
    for (const transient of [
      failure(0, 'NETWORK_ERROR'),
      failure(0, 'TIMEOUT'),
      failure(408, 'TIMEOUT'),
      failure(429, 'TOO_MANY'),
      failure(500, 'X'),
      failure(503, 'X'),
    ]) {
      expect(isTransientError(transient)).toBe(true);
    }
    expect(isTransientError(new TypeError('Failed to fetch'))).toBe(true);
    for (const refusal of [
      failure(400, 'BAD'),
      failure(401, 'INVALID_GRANT'),
      failure(403, 'FORBIDDEN'),
      failure(404, 'NOT_FOUND'),
      failure(409, 'CONFLICT'),
    ]) {
      expect(isTransientError(refusal)).toBe(false);
    }
    expect(isTransientError(new Error('a bug'))).toBe(false);
  });
});
