import { describe, expect, it } from 'vitest';
import { errorBody } from '../schemas/common.ts';
import { SERVER_ERROR_CODES, httpStatusCode, type ErrorBody } from './error-body.ts';

describe('error body', () => {
  it('is the shape the contract schema accepts, and nothing looser', () => {
    const body: ErrorBody = { code: 'NOT_FOUND', message: 'gone', invalidParameters: [{ parameter: 'id', message: 'unknown' }], traceId: 't1' };
    expect(errorBody.parse(body)).toEqual(body);
    expect(errorBody.safeParse({ code: 'NOT_FOUND', message: 'gone', traceId: 't1' }).success).toBe(false);
  });

  it('lists each server code once, apart from the client-side codes', () => {
    expect(new Set(SERVER_ERROR_CODES).size).toBe(SERVER_ERROR_CODES.length);
  });

  it('names an answer without the body by its status', () => {
    expect(httpStatusCode(502)).toBe('HTTP_502');
  });
});
