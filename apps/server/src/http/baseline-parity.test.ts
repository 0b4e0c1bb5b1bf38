import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startBaseline, type Baseline } from '../../bench/http/baseline-server.ts';
import { rowsOf } from '../db/database.ts';
import { withDatabase } from '../test/postgres-url.ts';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from '../test/test-server.ts';

// The read bench compares Corridor with a minimal server (bench/http/baseline-server.ts): the
// comparison only means something if both send the same bytes for the same call.
let s: TestServer;
let baseline: Baseline;
let token: string;

beforeAll(async () => {
  s = await startTestServer();
  token = await s.token('100000001');
  const [current] = rowsOf<{ name: string }>(await s.services.db.execute('select current_database() as name'));
  baseline = await startBaseline({ databaseUrl: withDatabase(inject('postgresUrl'), current?.name ?? ''), jwtSecret: TEST_JWT_SECRET });
});
afterAll(async () => {
  await baseline?.close();
  await s?.close();
});

async function both(url: string): Promise<[string, string]> {
  const headers = { authorization: `Bearer ${token}` };
  const ours = await s.app.inject({ method: 'GET', url, headers });
  const theirs = await baseline.app.inject({ method: 'GET', url, headers });
  expect(ours.statusCode).toBe(200);
  expect(theirs.statusCode).toBe(200);
  return [ours.body, theirs.body];
}

describe('the minimal server of the read bench', () => {
  it('answers the wallet page, one wallet, one position and /users/me with Corridor’s bytes', async () => {
    const [page, basePage] = await both('/v1/merchant/wallets?page=0&size=20');
    expect(basePage).toBe(page);
    const id = (JSON.parse(page) as { content: Array<{ id: string }> }).content[0]?.id;
    expect(id).toBeDefined();
    for (const url of [`/v1/merchant/wallets/${id}`, `/v1/merchant/wallets/position/${id}`, '/users/me']) {
      const [ours, theirs] = await both(url);
      expect(theirs).toBe(ours);
    }
  });
});
