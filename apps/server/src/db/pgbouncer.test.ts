import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf } from './database.ts';
import { withDatabase } from '../test/postgres-url.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { approveBothSides, creditByOperations, globexAtlasWallets, orgIdsByCode, transferUsers, usdAedTransfer } from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { statementsSent } from '../test/statements-sent.ts';

// Collected when TEST_PGBOUNCER_URL is set (vitest.config.ts; the test command starts PgBouncer with
// scripts/pgbouncer.sh): the server's database reached through PgBouncer in transaction pooling mode, where
// consecutive transactions of one client connection run on different server connections. Named statements
// and session settings would break there; the paths that pay are run through it, several at once.

let s: TestServer;
let globex: string;
let atlas1: string;
let atlas2: string;
let w: { usd: string; aed: string };

beforeAll(async () => {
  s = await startTestServer({}, { pooler: process.env.TEST_PGBOUNCER_URL ?? '' });
  const users = await transferUsers(s);
  ({ globex, atlas1, atlas2 } = users);
  w = await globexAtlasWallets(s.services.db, await orgIdsByCode(s.services.db));
  await creditByOperations(s, users.ops, w.usd, '10000');
});
afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

function pay(key: string, amount: string) {
  return s.app.inject({
    method: 'POST',
    url: '/m/api/v1/transactions/payments',
    headers: { authorization: `Bearer ${globex}`, 'idempotency-key': key },
    payload: {
      walletId: w.usd,
      sendAmount: amount,
      receiver: { name: 'Acme Supplies LLC', countryCode: 'AE', accountNumber: 'AE070331234567890123456' },
      message: 'Through the pooler',
    },
  });
}

describe('behind PgBouncer in transaction pooling mode', () => {
  it("reaches PostgreSQL through the pooler: PgBouncer's own console lists this server's connections", async () => {
    const [row] = rowsOf<{ db: string }>(await s.services.db.execute(sql`SELECT current_database() AS db`));
    const console = new pg.Client({ connectionString: withDatabase(process.env.TEST_PGBOUNCER_URL ?? '', 'pgbouncer') });
    await console.connect();
    try {
      const clients = await console.query<{ database: string }>('SHOW CLIENTS');
      expect(clients.rows.map((c) => c.database)).toContain(row?.db);
    } finally {
      await console.end();
    }
  });

  it('creates payments, twenty at once, each once however often its key is sent', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => `pooler-pay-${i}`);
    const first = await Promise.all(keys.map((k) => pay(k, '1.25')));
    for (const res of first) expect(res.statusCode, res.body).toBe(201);
    const again = await Promise.all(keys.map((k) => pay(k, '1.25')));
    for (const [i, res] of again.entries()) {
      expect(res.headers['idempotent-replayed']).toBe('true');
      expect(res.body).toBe(first[i]?.body);
    }
    const ids = new Set(first.map((r) => (r.json() as { id?: string; paymentId?: string }).id ?? r.json().paymentId));
    expect(ids.size).toBe(20);
  });

  it("sends a payment's begin and commit with its first and last statements through the pooler, and a refused one rolls back whole", async () => {
    const { sent, trips, result } = await statementsSent(() => pay('pooler-pay-trips', '2.50'));
    expect(result.statusCode, result.body).toBe(201);
    expect(sent.filter((t) => t === 'begin' || t === 'commit')).toEqual(['begin', 'commit']);
    expect(sent.at(-2)).toMatch(/^update "idempotency_keys"/);
    expect(trips).toBe(sent.length - 2);
    // More than the wallet holds: refused by its post, inside the transaction the claim opened; nothing of it stays.
    const refused = await pay('pooler-pay-refused', '99999999');
    expect(refused.statusCode, refused.body).toBe(422);
    const [kept] = rowsOf<{ n: number }>(await s.services.db.execute(sql`select count(*)::int as n from idempotency_keys where key = 'pooler-pay-refused'`));
    expect(kept?.n).toBe(0);
  });

  it('completes transfers (quote, create, both approvals), several at once', async () => {
    const created = await Promise.all(Array.from({ length: 5 }, () => usdAedTransfer(s, globex, w, '10')));
    await Promise.all(created.map((t) => approveBothSides(s, t.transactionId, atlas1, atlas2)));
  });
});
