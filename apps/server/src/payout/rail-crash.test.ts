import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openPostgres } from '../db/open.ts';
import { organisations } from '../db/schema.ts';
import { payments, payoutOutbox } from '../payments/payment-schema.ts';
import { ChildServer, freePort } from '../test/child-server.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { initiatedPayment } from '../test/payout-fixtures.ts';
import { cloneTemplate, type TemplateClone } from '../test/template-clone.ts';
import type { PayoutInstruction } from './bank-simulator.ts';

// PostgreSQL only (vitest.config.ts): a server is killed with SIGKILL while its TSP processes a burst of
// payments and its rail sends them; a new server on the same database must send every payment that was
// processed, and none that was not. The bank here records what it is sent and answers slowly, so the kill
// finds instructions in every stage: queued, claimed, in flight and taken.

const PAYMENTS = 60;
let clone: TemplateClone;
let database: Database;
let dataDir: string;
let server: ChildServer;
let bank: Server;
let bankUrl: string;
/** Every instruction the bank received, in order. */
const received: PayoutInstruction[] = [];
/** Called by the bank as it receives the instruction that makes a quarter of the burst (the kill's moment). */
let onQuarter: (() => void) | null = null;

beforeAll(async () => {
  clone = await cloneTemplate('rail_crash');
  const databaseUrl = clone.url;
  database = openPostgres(databaseUrl);
  dataDir = await mkdtemp(join(tmpdir(), 'corridor-rail-crash-'));
  bank = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      received.push(JSON.parse(raw) as PayoutInstruction);
      if (received.length === PAYMENTS / 4) onQuarter?.();
      // Taken, but slowly: sends are in flight when the server dies.
      setTimeout(() => res.writeHead(202, { 'content-type': 'application/json' }).end('{}'), 1_500);
    });
  });
  const bankPort = await freePort();
  await new Promise<void>((done) => bank.listen(bankPort, '127.0.0.1', done));
  bankUrl = `http://127.0.0.1:${bankPort}`;
  server = new ChildServer(await freePort(), {
    databaseUrl,
    dataDir,
    extra: { BANK_URL: bankUrl, BANK_SIMULATOR: '0', RAIL_ANSWER_TIMEOUT_MS: '2000' },
  });
});

afterAll(async () => {
  await server?.kill();
  await new Promise((done) => bank?.close(done));
  await database?.close();
  await clone?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function until(done: () => Promise<boolean> | boolean, limitMs: number, what: string): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the payout rail across a crash', () => {
  it('after kill -9 mid-burst, every processed payment reaches the bank, none that was not, each new send a new attempt', { timeout: 180_000 }, async () => {
    const made = [];
    for (let i = 0; i < PAYMENTS; i += 1) made.push(await initiatedPayment(database.db, { amount: `${i + 1}.50` }));
    // The TSP user of the payments' TSP processes them.
    const [payment] = await database.db.select().from(payments).where(eq(payments.id, made[0]!.id));
    const [tsp] = await database.db.select().from(organisations).where(eq(organisations.id, payment!.serviceProviderId));
    await server.start();
    let token = '';
    for (const digit9 of ['200000001', '200000002']) {
      const candidate = await server.signIn(digit9);
      if ((await server.call('GET', '/users/me', candidate)).body.parentId === tsp!.id) token = candidate;
    }
    expect(token).not.toBe('');

    // The burst: every payment processed at once; the server dies as the bank takes a quarter of them. The kill is
    // sent from the bank's own handler: a poll of what the bank has would leave the rail time to send the rest.
    const answered = new Set<string>();
    let killing: Promise<void> | null = null;
    const watcher = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for the first sends')), 60_000);
      onQuarter = () => {
        clearTimeout(timer);
        killing = server.kill();
        resolve();
      };
    });
    await Promise.allSettled(
      made.map(async (p) => {
        const res = await server.call('GET', `/s/api/v1/transactions/payments/process/${p.id}`, token);
        if (res.status === 200) answered.add(p.id);
      }),
    );
    await watcher;
    await killing;
    const atCrash = received.length;

    // What PostgreSQL committed decides: a payment is PROCESSING with its outbox row, or still INITIATED without one.
    const rows = await database.db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.id,
          made.map((p) => p.id),
        ),
      );
    const processed = rows.filter((r) => r.status === 'PROCESSING');
    const waiting = rows.filter((r) => r.status === 'INITIATED');
    expect(processed.length + waiting.length).toBe(PAYMENTS);
    for (const id of answered) expect(processed.some((r) => r.id === id)).toBe(true);
    const queued = await database.db
      .select()
      .from(payoutOutbox)
      .where(
        inArray(
          payoutOutbox.paymentId,
          made.map((p) => p.id),
        ),
      );
    expect(new Set(queued.map((q) => q.paymentId))).toEqual(new Set(processed.map((r) => r.id)));
    // The kill left processed payments the bank had not been sent yet.
    expect(new Set(received.map((i) => i.paymentId)).size).toBeLessThan(processed.length);

    // A new server on the same database: the queue goes on; a claim the dead server never sent is pushed again.
    await server.start();
    const sentIds = () => new Set(received.map((i) => i.paymentId));
    await until(() => processed.every((r) => sentIds().has(r.paymentId)), 90_000, 'every processed payment at the bank');
    expect(received.length).toBeGreaterThan(atCrash);
    // None that was not processed.
    for (const r of waiting) expect(sentIds().has(r.paymentId)).toBe(false);
    // A payment sent more than once is sent as a new attempt each time, which the bank keys by payment id and pays once.
    const attempts = new Map<string, number[]>();
    for (const i of received) attempts.set(i.paymentId, [...(attempts.get(i.paymentId) ?? []), i.attempt]);
    for (const [paymentId, list] of attempts) expect(new Set(list).size, `${paymentId} attempts ${list.join(',')}`).toBe(list.length);
    await expectLedgerConsistent(database.db);
  });
});
