import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { count, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/open.ts';
import type { Database } from '../db/database.ts';
import { vouchers } from '../db/schema.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { cloneTemplate, type TemplateClone } from '../test/template-clone.ts';
import { contract } from '@corridor/api';
import { requestHash } from './idempotency.ts';
import { ChildServer, freePort } from '../test/child-server.ts';

// PostgreSQL only (vitest.config.ts collects this file when TEST_DATABASE_URL is set): it kills a
// real server process with SIGKILL mid-burst and checks what a retrying client then finds, and holds a
// key's claim open from a second connection to show how a concurrent retry waits (PGlite has one
// connection, so nothing there can hold a claim while another request runs).

const KEYS = 100;

let clone: TemplateClone;
let database: Database;
let databaseUrl: string;
let dataDir: string;
let server: ChildServer;

beforeAll(async () => {
  clone = await cloneTemplate('crash');
  databaseUrl = clone.url;
  database = openPostgres(databaseUrl);
  dataDir = await mkdtemp(join(tmpdir(), 'corridor-crash-'));
  server = new ChildServer(await freePort(), { databaseUrl, dataDir });
});

afterAll(async () => {
  await killServer();
  await database?.close();
  await clone?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const signIn = () => server.signIn('200000001');
const call = (method: string, path: string, token: string, body: unknown, key?: string) => server.call(method, path, token, body, key);
const startServer = () => server.start();
const killServer = () => server.kill();

async function openWallet(token: string, alias: string): Promise<string> {
  const opened = await call('POST', '/v1/service-provider/wallets', token, {
    alias,
    accountCategoryId: '999',
    currencyCode: 'EUR',
    countryCode: 'AE',
  });
  expect(opened.status).toBe(201);
  return opened.body.id as string;
}

describe('idempotent writes across a crash', () => {
  it('after kill -9 mid-burst, every retried key answers its one committed result', async () => {
    await startServer();
    const token = await signIn();
    const walletId = await openWallet(token, 'Atlas crash EUR');
    const bodyOf = (i: number) => ({
      fundingPartyId: 'FP-ATLAS-01',
      purpose: 'OFFICE_RENT',
      currency: 'EUR',
      direction: 'IN',
      spWalletId: walletId,
      amount: `${i + 1}.25`,
    });
    const keys = Array.from({ length: KEYS }, (_, i) => `crash-${i}`);

    // The burst: every request in flight at once; the server dies after a quarter has answered.
    const before = new Map<string, string>();
    let answered = 0;
    let killing: Promise<void> | null = null;
    await Promise.allSettled(
      keys.map(async (key, i) => {
        const res = await call('POST', '/tsp/v2/transactions/payment/misc', token, bodyOf(i), key);
        if (res.status === 201) before.set(key, res.body.settlementTransactionId as string);
        answered += 1;
        if (answered === KEYS / 4) killing = killServer();
      }),
    );
    await (killing ?? killServer());
    expect(before.size).toBeGreaterThan(0);
    expect(before.size).toBeLessThan(KEYS);

    await startServer();
    const after = await Promise.all(keys.map((key, i) => call('POST', '/tsp/v2/transactions/payment/misc', token, bodyOf(i), key)));
    expect(after.filter((a) => a.body.code === 'IDEMPOTENCY_KEY_IN_USE')).toEqual([]);
    for (const a of after) expect(a.status, JSON.stringify(a.body)).toBe(201);
    // A key answered before the crash answers the same result after it.
    keys.forEach((key, i) => {
      const first = before.get(key);
      if (first) expect(after[i]?.body.settlementTransactionId).toBe(first);
    });
    expect(new Set(after.map((a) => a.body.settlementTransactionId)).size).toBe(KEYS);
    const [row] = await database.db.select({ n: count() }).from(vouchers).where(eq(vouchers.tspWalletId, walletId));
    expect(row?.n).toBe(KEYS);
    await expectLedgerConsistent(database.db);
  });
});

describe('a retry while the first request with its key is uncommitted', () => {
  const MISC = '/tsp/v2/transactions/payment/misc';
  let token: string;
  let userId: string;
  let walletId: string;
  let holder: pg.Client;

  beforeAll(async () => {
    if (!server.running) await startServer();
    token = await signIn();
    const me = await fetch(`${server.url}/users/me`, { headers: { authorization: `Bearer ${token}` } });
    userId = ((await me.json()) as { id: string }).id;
    walletId = await openWallet(token, 'Atlas held-key EUR');
    holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
  });
  afterAll(async () => holder?.end());

  const bodyOf = (amount: string) => ({
    fundingPartyId: 'FP-ATLAS-01',
    purpose: 'OFFICE_RENT',
    currency: 'EUR',
    direction: 'IN',
    spWalletId: walletId,
    amount,
  });

  /** Plays the first request: its claim inserted in a transaction that has not committed yet. */
  async function holdClaim(key: string, amount: string, answer: { status: number; response: unknown }) {
    const hash = await requestHash('settlements.miscPayment', {
      params: undefined,
      query: undefined,
      body: contract['settlements.miscPayment'].body.parse(bodyOf(amount)),
    });
    await holder.query('BEGIN');
    await holder.query('INSERT INTO idempotency_keys (id, key, caller, call_id, request_hash, status, response) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      uuidv7(),
      key,
      userId,
      'settlements.miscPayment',
      hash,
      answer.status,
      JSON.stringify(answer.response),
    ]);
  }

  async function stillWaiting(pending: Promise<unknown>, ms: number): Promise<boolean> {
    return Promise.race([pending.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), ms))]);
  }

  it('waits for the first to commit, then replays its answer', async () => {
    await holdClaim('held-commit', '5', { status: 201, response: { settlementTransactionId: 'MISC-FIRST' } });
    const retry = call('POST', MISC, token, bodyOf('5'), 'held-commit');
    expect(await stillWaiting(retry, 1000)).toBe(true);
    await holder.query('COMMIT');
    const res = await retry;
    expect(res.status).toBe(201);
    expect(res.body.settlementTransactionId).toBe('MISC-FIRST');
  });

  it('waits for the first to roll back, then runs itself', async () => {
    await holdClaim('held-rollback', '6', { status: 0, response: null });
    const retry = call('POST', MISC, token, bodyOf('6'), 'held-rollback');
    expect(await stillWaiting(retry, 1000)).toBe(true);
    await holder.query('ROLLBACK');
    const res = await retry;
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(String(res.body.settlementTransactionId)).toMatch(/^MISC-/);
    const [row] = await database.db.select({ n: count() }).from(vouchers).where(eq(vouchers.tspWalletId, walletId));
    expect(row?.n).toBe(1);
  });

  it('answers 409 IDEMPOTENCY_KEY_IN_USE with Retry-After when the first holds its key too long', async () => {
    await holdClaim('held-long', '7', { status: 0, response: null });
    const res = await fetch(`${server.url}${MISC}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'held-long' },
      body: JSON.stringify(bodyOf('7')),
    });
    await holder.query('ROLLBACK');
    expect(res.status).toBe(409);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(((await res.json()) as { code: string }).code).toBe('IDEMPOTENCY_KEY_IN_USE');
  });
});
