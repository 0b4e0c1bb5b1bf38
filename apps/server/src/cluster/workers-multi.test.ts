import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChildServer, freePort } from '../test/child-server.ts';
import { DEMO_PASSWORD, PORTAL_BASIC } from '../test/test-server.ts';
import { cloneTemplate, type TemplateClone } from '../test/template-clone.ts';

// PostgreSQL only (vitest.config.ts): the server as two processes on one port (CORRIDOR_WORKERS=2), each
// with its own pool on one database. Every request here opens its own connection, so the cluster's
// round robin hands them to both workers; the `corridor-worker` header says which answered.

let clone: TemplateClone;
let dataDir: string;
let server: ChildServer;

interface Answer {
  status: number;
  worker: string;
  body: string;
}

/** One request on a connection of its own (no keep-alive: the next one may reach the other worker). */
function once(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method, agent: false, headers: { connection: 'close', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, worker: String(res.headers['corridor-worker'] ?? ''), body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  clone = await cloneTemplate('workers');
  dataDir = await mkdtemp(join(tmpdir(), 'corridor-workers-'));
  server = new ChildServer(await freePort(), { databaseUrl: clone.url, dataDir, extra: { CORRIDOR_WORKERS: '2' } });
  await server.start();
  await untilBothWorkersListen();
});

/**
 * The server answers as soon as its first worker listens; the second may still be starting, and until it
 * listens the primary hands every connection to the first. Wait (bounded) until both have answered, so the
 * tests below see two workers rather than a start-up race.
 */
async function untilBothWorkersListen(deadlineMs = 60_000): Promise<void> {
  const seen = new Set<string>();
  const deadline = Date.now() + deadlineMs;
  while (seen.size < 2) {
    if (Date.now() > deadline) throw new Error(`only worker(s) ${[...seen].join(', ')} answered within ${deadlineMs} ms`);
    seen.add((await once('GET', '/portal-config.json')).worker);
    if (seen.size < 2) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

afterAll(async () => {
  await server?.stop();
  await clone?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('two worker processes on one port and one database', () => {
  it('answers from both workers', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20; i += 1) seen.add((await once('GET', '/portal-config.json')).worker);
    expect([...seen].sort()).toEqual(['1', '2']);
  });

  it('a sign-out on one worker holds on every worker at once', async () => {
    const grant = await once(
      'POST',
      '/oauth/token',
      { authorization: PORTAL_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({ grant_type: 'password', username: '200000001', password: DEMO_PASSWORD }).toString(),
    );
    expect(grant.status, grant.body).toBe(200);
    const { access_token: access, refresh_token: refresh } = JSON.parse(grant.body) as { access_token: string; refresh_token: string };
    const bearer = { authorization: `Bearer ${access}` };
    const before = await Promise.all(Array.from({ length: 8 }, () => once('GET', '/users/me', bearer)));
    expect(before.map((a) => a.status)).toEqual(Array(8).fill(200));
    const revoked = await once(
      'POST',
      '/oauth/revoke',
      { 'content-type': 'application/json', authorization: PORTAL_BASIC },
      JSON.stringify({ token: refresh }),
    );
    expect(revoked.status).toBe(200);
    const after: Answer[] = [];
    for (let i = 0; i < 12; i += 1) after.push(await once('GET', '/users/me', bearer));
    expect(after.map((a) => a.status)).toEqual(Array(12).fill(401));
    expect(new Set(after.map((a) => a.worker)).size).toBe(2);
  });

  it('a keyed create retried across both workers creates once', async () => {
    const token = await server.signIn('200000001');
    const opened = await server.call('POST', '/v1/service-provider/wallets', token, {
      alias: 'Workers EUR',
      accountCategoryId: '999',
      currencyCode: 'EUR',
      countryCode: 'AE',
    });
    expect(opened.status).toBe(201);
    const body = JSON.stringify({
      fundingPartyId: 'FP-ATLAS-01',
      purpose: 'OFFICE_RENT',
      currency: 'EUR',
      direction: 'IN',
      spWalletId: opened.body.id,
      amount: '75.25',
    });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `workers-${uuidv7()}` };
    const answers: Answer[] = [];
    for (let i = 0; i < 10; i += 1) answers.push(await once('POST', '/tsp/v2/transactions/payment/misc', headers, body));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(new Set(answers.map((a) => a.worker)).size).toBe(2);
    const db = new pg.Client({ connectionString: clone.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM vouchers WHERE tsp_wallet_id = $1', [opened.body.id]);
      expect(rows[0]?.n).toBe('1');
    } finally {
      await db.end();
    }
  });
});
