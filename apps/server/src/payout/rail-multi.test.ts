import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildServer, type CorridorServer } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openPostgres } from '../db/open.ts';
import { payments, payoutOutbox } from '../payments/payment-schema.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { cloneTemplate, type TemplateClone } from '../test/template-clone.ts';
import { TEST_JWT_SECRET } from '../test/test-server.ts';
import { SIGNATURE_HEADER, signCallback } from './bank-signature.ts';
import { BankSimulator } from './bank-simulator.ts';
import { processingPayment } from '../test/payout-fixtures.ts';
import { RailWorker } from './rail.ts';

// PostgreSQL only: two Corridor instances, each with its own connection pool and its own rail worker,
// share one database, as two servers behind a load balancer do.
const PAYMENTS = 200;
let clone: TemplateClone;
const databases: Database[] = [];
const servers: CorridorServer[] = [];

beforeAll(async () => {
  clone = await cloneTemplate();
  const config = { ...loadConfig({ JWT_SECRET: TEST_JWT_SECRET }), filesDir: inject('filesDir'), pwaDist: '/nonexistent' };
  for (let i = 0; i < 2; i += 1) {
    const database = openPostgres(clone.url);
    databases.push(database);
    const server = await buildServer({ db: database.db, config, logger: false });
    await server.app.ready();
    servers.push(server);
  }
});
afterAll(async () => {
  for (const s of servers) await s.app.close();
  for (const d of databases) await d.close();
  await clone?.drop();
});

describe('two servers, one queue', () => {
  it(`sends each of ${PAYMENTS} PROCESSING payments to the bank exactly once`, { timeout: 240_000 }, async () => {
    const [a, b] = servers as [CorridorServer, CorridorServer];
    const db = databases[0]!.db;
    const secret = a.services.config.bank.callbackSecret;
    // The bank answers either server, alternately, as a load balancer would spread its callbacks.
    let turn = 0;
    const bank = new BankSimulator({
      delayMs: 5,
      failureRate: 0.1,
      seed: 7,
      notify: async (path, body) => {
        const raw = JSON.stringify(body);
        const target = turn++ % 2 === 0 ? a : b;
        const res = await target.app.inject({
          method: 'POST',
          url: path,
          payload: raw,
          headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signCallback(secret, raw, new Date()) },
        });
        if (res.statusCode !== 200) throw new Error(`callback ${res.statusCode}`);
      },
    });
    const created: string[] = [];
    const t0 = Date.now();
    for (let i = 0; i < PAYMENTS; i += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, () => processingPayment(db, { amount: '1.00' })));
      created.push(...batch.map((p) => p.id));
    }
    console.log(`rail: ${PAYMENTS} payments made PROCESSING in ${Date.now() - t0} ms`);
    const transport = { send: async (i: Parameters<BankSimulator['receive']>[0]) => bank.receive(i) };
    const rails = databases.map((d, i) => new RailWorker(d.db, transport, { workerId: `server-${i}`, now: () => new Date(), batch: 20, pollMs: 10 }));
    const started = Date.now();
    for (const rail of rails) rail.start();
    const deadline = Date.now() + 120_000;
    for (;;) {
      const left = (await db.select().from(payments).where(inArray(payments.id, created))).filter((p) => p.status === 'PROCESSING').length;
      if (left === 0) break;
      if (Date.now() > deadline) throw new Error(`${left} payments still PROCESSING`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const elapsed = Date.now() - started;
    for (const rail of rails) await rail.stop();
    bank.close();
    const rows = await db.select().from(payments).where(inArray(payments.id, created));
    const counts = [...bank.instructions.values()];
    expect(bank.instructions.size).toBe(PAYMENTS);
    expect(counts.every((n) => n === 1)).toBe(true);
    const outbox = await db.select().from(payoutOutbox).where(inArray(payoutOutbox.paymentId, created));
    expect(outbox).toHaveLength(PAYMENTS);
    const byWorker = new Map<string, number>();
    for (const o of outbox) byWorker.set(o.claimedBy ?? '', (byWorker.get(o.claimedBy ?? '') ?? 0) + 1);
    // Both servers took part.
    expect(byWorker.get('server-0')).toBeGreaterThan(0);
    expect(byWorker.get('server-1')).toBeGreaterThan(0);
    const completed = rows.filter((r) => r.status === 'COMPLETED').length;
    const failed = rows.filter((r) => r.status === 'FAILED').length;
    expect(completed + failed).toBe(PAYMENTS);
    expect(completed).toBe(bank.paidCount());
    console.log(
      `rail: ${PAYMENTS} payouts through two servers in ${elapsed} ms; by worker ${JSON.stringify(Object.fromEntries(byWorker))}; ${completed} completed, ${failed} refused`,
    );
    await expectLedgerConsistent(db);
    expect(await db.select().from(payoutOutbox).where(eq(payoutOutbox.status, 'PENDING'))).toHaveLength(0);
  });
});
