import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@corridor/api';
import { servedCallIds } from './app.ts';
import { startTestServer, type TestServer } from './test/test-server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

describe('served calls', () => {
  it('lists served calls that all exist in the contract, once each', () => {
    const ids = servedCallIds();
    expect(ids.length).toBeGreaterThan(80);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(Object.keys(contract), id).toContain(id);
    expect(s.servedCount()).toBe(ids.length);
  });

  it('serves every call of the contract, and answers 404 ROUTE_NOT_FOUND for a path outside it', async () => {
    const served = new Set(servedCallIds());
    const missing = Object.keys(contract).filter((id) => !served.has(id));
    expect(missing).toEqual([]);
    const res = await s.get('/v1/no-such-call', await s.token('900000001'));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ROUTE_NOT_FOUND');
  });
});
