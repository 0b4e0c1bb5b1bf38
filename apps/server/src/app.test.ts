import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type CallDefinition } from '@corridor/api';
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

  it('answers 404 ROUTE_NOT_FOUND for a contract call that is not served yet', async () => {
    const served = new Set(servedCallIds());
    const definitions = contract as Record<string, CallDefinition>;
    const unserved = Object.entries(definitions).find(
      ([id, def]) =>
        !served.has(id) &&
        def.method === 'GET' &&
        !def.path.includes('{') &&
        // A path shared with a served call of another method would answer 404 as well, but test a clean one.
        !Object.entries(definitions).some(([other, d]) => served.has(other) && d.path === def.path),
    );
    // While slices of the catalogue are still to come, such a call exists; drop this test once all are served.
    expect(unserved).toBeDefined();
    if (!unserved) return;
    const res = await s.get(unserved[1].path, await s.token('900000001'));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ROUTE_NOT_FOUND');
  });
});
