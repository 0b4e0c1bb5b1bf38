import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallet } from '@corridor/api';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { statementsSent } from '../test/statements-sent.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { v7 as uuidv7 } from 'uuid';
import { rateHistory } from '../rates/rate-schema.ts';

// PostgreSQL only (vitest.config.ts): counts the statements a post sends over the wire.
let s: TestServer;
let atlas: string;
let walletId: string;

beforeAll(async () => {
  s = await startTestServer();
  atlas = await s.token('200000001');
  const res = await s.app.inject({
    method: 'POST',
    url: '/v1/service-provider/wallets',
    headers: { authorization: `Bearer ${atlas}` },
    payload: { alias: 'Atlas counted EUR', accountCategoryId: '999', currencyCode: 'EUR', countryCode: 'AE' },
  });
  walletId = wallet.parse(res.json()).id;
});
afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

async function statementsOf(direction: 'IN' | 'OUT', key?: string): Promise<string[]> {
  const { sent } = await statementsSent(async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/tsp/v2/transactions/payment/misc',
      headers: { authorization: `Bearer ${atlas}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { spWalletId: walletId, fundingPartyId: 'FP-ATLAS-01', purpose: 'OFFICE_RENT', currency: 'EUR', amount: '10', direction },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
  return sent;
}

describe('posting a miscellaneous payment', () => {
  it("sends 3 statements: the session, the inputs in one read, and the post, whole by itself with no transaction of its own, valued at the served mid the process holds and checking in itself that it still is the newest (7 with an idempotency key: the request's transaction, the key's claim and its answer), against the minimal post's 7", async () => {
    await statementsOf('IN'); // first post of the wallet and its counter account opens them
    const plain = await statementsOf('IN');
    const keyed = await statementsOf('OUT', 'count-me-0001');
    expect(plain, plain.join('\n')).toHaveLength(3);
    expect(keyed, keyed.join('\n')).toHaveLength(7);
    // No read of the rate history: the post's own statement compares the history's count of changes with the held one.
    expect([...plain, ...keyed].filter((t) => t.includes('rate_history '))).toEqual([]);
    expect(plain.at(-1)).toContain('from rate_history_changes');
    expect(keyed.filter((t) => t.includes('lock_timeout'))).toEqual([]);
  });

  it('values at the history once after another process served a mid (the post refused by its own check, the newest mids read again, the post again), then at the held mids', async () => {
    await statementsOf('IN');
    // Another server process's feed tick: written to the history straight, this process told nothing.
    const asOf = new Date(Date.now() - 1_000);
    await s.services.db.insert(rateHistory).values({
      id: uuidv7(),
      rateType: 'MARKET',
      rateProviderId: 'BLOOMBERG',
      sourceCurrency: 'EUR',
      targetCurrency: 'USD',
      mid: '1.0875',
      origin: 'FEED',
      asOf,
      receivedAt: asOf,
    });
    const after = await statementsOf('IN');
    expect(after, after.join('\n')).toHaveLength(5);
    expect(after[2]).toContain('from rate_history_changes');
    expect(after[3]).toMatch(/^select \(select changes::text from rate_history_changes/);
    expect(after[4]).toBe(after[2]);
    const next = await statementsOf('IN');
    expect(next, next.join('\n')).toHaveLength(3);
  });
});
