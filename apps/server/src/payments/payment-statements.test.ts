import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { statementsSent } from '../test/statements-sent.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { orgIdsByCode, globexAtlasWallets } from '../test/pricing-fixtures.ts';

// PostgreSQL only (vitest.config.ts): counts the statements initiating a payment sends over the wire.
let s: TestServer;
let globex: string;
let walletId: string;

beforeAll(async () => {
  s = await startTestServer();
  globex = await s.token('100000001');
  walletId = (await globexAtlasWallets(s.services.db, await orgIdsByCode(s.services.db))).usd;
});
afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

async function statementsOf(key: string): Promise<string[]> {
  const { sent } = await statementsSent(async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/m/api/v1/transactions/payments',
      headers: { authorization: `Bearer ${globex}`, 'idempotency-key': key },
      payload: {
        walletId,
        sendAmount: '1.00',
        receiver: { name: 'Acme Supplies LLC', countryCode: 'AE', accountNumber: 'AE070331234567890123456' },
        message: 'Invoice 42',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
  return sent;
}

describe('initiating a payment', () => {
  it('sends 8 statements with its Idempotency-Key, transaction included (the minimal initiate of the bench sends 11): no fee, markup or currency read per payment, the merchant authorization read as it stands with the wallet, the payment and its first event in one', async () => {
    await statementsOf('warm-0001'); // the first payment loads the pricing state and opens the memo account
    // The pricing state's change stamp is read at most once per 500 ms for every request that prices
    // (not per payment); on a slow machine it can fall inside the counted call, so it is not counted.
    const keyed = (await statementsOf('count-me-0002')).filter((t) => !t.startsWith("SELECT concat_ws('|'"));
    const shown = keyed.map((t, i) => `${i + 1}: ${t.replace(/\s+/g, ' ').slice(0, 120)}`).join('\n');
    // The merchant's authorization at its TSP is read per payment, never from a cache: a merchant paused a moment
    // ago pays nothing out. It is read inside the statement that reads the wallet (one round trip fewer than apart).
    expect(keyed, shown).toHaveLength(8);
    expect(keyed.filter((t) => /from merchant_profiles/.test(t))).toHaveLength(1);
    expect(keyed[3]).toMatch(/^select [\s\S]* from "wallets"/);
    expect(keyed[3]).toContain('from merchant_profiles');
    // The claim is the transaction's first statement and the answer its last write: a retry replays, never pays twice.
    expect(keyed[1]).toBe('begin');
    expect(keyed[2]).toMatch(/^insert into "idempotency_keys"/);
    expect(keyed[6]).toMatch(/^update "idempotency_keys"/);
    expect(keyed.find((t) => t.includes('insert into "payments"'))).toContain('insert into payment_events');
    expect(keyed.filter((t) => /fee_rules|from "currencies"|lock_timeout/.test(t))).toEqual([]);
  });
});
