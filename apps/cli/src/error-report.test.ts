import { ApiError } from '@corridor/api';
import { describe, expect, it } from 'vitest';
import { NetworkError, NotSignedInError, UsageError } from './errors.ts';
import { exitCodeOfStatus, reportError } from './error-report.ts';
import { apiError } from './testing/fake-api.ts';

describe('exitCodeOfStatus', () => {
  it.each([
    [401, 3],
    [403, 4],
    [404, 5],
    [400, 6],
    [422, 6],
    [500, 7],
    [503, 7],
    [409, 9],
    [423, 1],
  ])('HTTP %i exits %i', (status, code) => {
    expect(exitCodeOfStatus(status)).toBe(code);
  });
});

describe('reportError', () => {
  it('prints code, message, each invalid parameter and the trace id of an API error', () => {
    const error = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid input',
      invalidParameters: [{ parameter: 'size', message: 'must be at most 10000' }],
      traceId: 'abc123',
    });
    expect(reportError(error)).toMatchObject({
      exitCode: 6,
      text: 'error: HTTP 400 VALIDATION_FAILED - Invalid input\n  size: must be at most 10000\n  trace id: abc123\n',
    });
  });

  it('gives --json the server error body with the status and the exit code', () => {
    const error = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid input',
      invalidParameters: [{ parameter: 'size', message: 'must be at most 10000' }],
      traceId: 'abc123',
    });
    expect(reportError(error).body).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Invalid input',
      invalidParameters: [{ parameter: 'size', message: 'must be at most 10000' }],
      traceId: 'abc123',
      status: 400,
      exitCode: 6,
    });
    expect(reportError(new NotSignedInError('no token')).body).toEqual({
      code: 'NOT_SIGNED_IN',
      message: 'no token',
      invalidParameters: [],
      traceId: null,
      status: 0,
      exitCode: 3,
    });
    expect(reportError(new ApiError({ status: 0, code: 'TIMEOUT', message: 'late' })).body).toMatchObject({ code: 'TIMEOUT', exitCode: 8 });
  });

  it('keeps the exit code of typed CLI errors', () => {
    expect(reportError(new UsageError('bad')).exitCode).toBe(2);
    expect(reportError(new NotSignedInError('no')).exitCode).toBe(3);
    expect(reportError(new NetworkError('down')).exitCode).toBe(8);
    expect(reportError(apiError(403, 'FORBIDDEN')).exitCode).toBe(4);
  });

  it("maps the client's no-answer errors to 8 and an abort to 1", () => {
    const cause = new TypeError('fetch failed');
    expect(reportError(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'fetch failed', cause }))).toMatchObject({
      exitCode: 8,
      text: 'error: the backend is unreachable (NETWORK_ERROR - fetch failed)\n',
    });
    expect(reportError(new ApiError({ status: 0, code: 'TIMEOUT', message: 'No answer within 30000 ms' })).exitCode).toBe(8);
    expect(reportError(new ApiError({ status: 0, code: 'ABORTED', message: 'The call was aborted' })).exitCode).toBe(1);
  });

  it("maps Node fetch's connection failures to 8", () => {
    const refused = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }) });
    expect(reportError(refused)).toMatchObject({
      exitCode: 8,
      text: 'error: the backend is unreachable (fetch failed: connect ECONNREFUSED 127.0.0.1:9)\n',
    });
    expect(reportError(new DOMException('The operation was aborted due to timeout', 'TimeoutError')).exitCode).toBe(8);
  });

  it('treats anything else as unexpected (1)', () => {
    expect(reportError(new RangeError('boom')).exitCode).toBe(1);
    expect(reportError('a string').exitCode).toBe(1);
  });
});
