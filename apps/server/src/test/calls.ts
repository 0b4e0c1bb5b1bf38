import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TestServer } from './test-server.ts';

/** One call as a signed-in user: a JSON body when given, extra headers (an idempotency key) when given. */
export function callAs(
  s: TestServer,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return s.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...headers }, ...(payload ? { payload } : {}) });
}

/** The answer is `status` and its error body names `parameter` among the invalid parameters. */
export function expectField(res: { statusCode: number; body: string }, status: number, parameter: string): void {
  expect(res.statusCode, res.body).toBe(status);
  expect((JSON.parse(res.body) as { invalidParameters: Array<{ parameter: string }> }).invalidParameters.map((p) => p.parameter)).toContain(parameter);
}
