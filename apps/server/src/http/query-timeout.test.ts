import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorBody } from '@corridor/api';
import { handleError } from './error-body.ts';

describe('a query stopped by the statement or lock timeout', () => {
  it('answers 503 QUERY_TIMEOUT with Retry-After and the error body, not a 500', async () => {
    const app = Fastify({ logger: false });
    app.setErrorHandler(handleError);
    // What Drizzle throws: its own error with the driver's error (SQLSTATE 57014) as the cause.
    const canceled = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    app.get('/slow', async () => {
      throw new Error('Failed query: select pg_sleep(5)', { cause: canceled });
    });
    app.get('/locked', async () => {
      throw new Error('Failed query: select … for update', {
        cause: Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' }),
      });
    });
    app.get('/broken', async () => {
      throw Object.assign(new Error('relation does not exist'), { code: '42P01' });
    });
    const slow = await app.inject({ method: 'GET', url: '/slow' });
    expect(slow.statusCode).toBe(503);
    expect(slow.headers['retry-after']).toBe('1');
    expect(errorBody.parse(slow.json()).code).toBe('QUERY_TIMEOUT');
    // A lock wait past the connection's lock timeout rolled back the same way: the retry may pass.
    const locked = await app.inject({ method: 'GET', url: '/locked' });
    expect(locked.statusCode).toBe(503);
    expect(locked.headers['retry-after']).toBe('1');
    expect(errorBody.parse(locked.json()).code).toBe('QUERY_TIMEOUT');
    // Any other database failure stays an internal error.
    expect((await app.inject({ method: 'GET', url: '/broken' })).statusCode).toBe(500);
    await app.close();
  });
});
