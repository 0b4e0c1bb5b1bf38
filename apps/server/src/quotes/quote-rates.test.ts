import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { quote as quoteSchema } from '@corridor/api';
import { Dec } from '@corridor/domain';
import { buildServer } from '../app.ts';
import { observedDb } from '../db/open.ts';
import { organisations, wallets } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

/**
 * Quotes price from the server's rate book, not from the database per quote, and a second server
 * process on the same database (its own memory, its own book) still sees the first one's desk-set IBR.
 */
let s: TestServer;
let other: Awaited<ReturnType<typeof buildServer>>;
const statements: string[] = [];
let globex: string;
let atlas: string;
let usdWallet: string;

const quoteBody = () => ({
  transactionCategory: 'PAYOUT',
  dealType: 'CASH',
  sourceWalletId: usdWallet,
  sendAmount: { amount: '1000', currency: 'USD' },
  targetCurrency: 'AED',
});
const deskIbr = (mid: string) => ({ sourceCurrency: 'USD', targetCurrency: 'AED', dealType: 'CASH', rateProviderId: 'INTERNAL', bid: mid, ask: mid });

async function quoteOn(app: TestServer['app']) {
  const res = await app.inject({ method: 'POST', url: '/merchant/v1/quote', headers: { authorization: `Bearer ${globex}` }, payload: quoteBody() });
  expect(res.statusCode, res.body).toBe(201);
  return quoteSchema.parse(res.json());
}

beforeAll(async () => {
  s = await startTestServer();
  [globex, atlas] = await Promise.all([s.token('100000001'), s.token('200000001')]);
  // The second process: same database, its own config object (so its own rate book), every statement recorded.
  other = await buildServer({ db: observedDb(s.database, (sql) => statements.push(sql)), config: { ...s.config }, logger: false });
  await other.app.ready();
  const [globexOrg] = await s.services.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, 'GLOBEX'));
  const [w] = await s.services.db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.merchantServiceId, globexOrg?.id ?? ''), eq(wallets.currencyCode, 'USD'), isNotNull(wallets.merchantServiceId)));
  usdWallet = w?.id ?? '';
});
afterAll(async () => {
  await other?.app.close();
  await s?.close();
});

describe('quotes priced from the rate book', () => {
  it('reads no deal, markup, fee or setting per quote once the book is current', async () => {
    const set = await s.app.inject({
      method: 'PUT',
      url: '/tsp/v1/exchange-rates/ibr',
      headers: { authorization: `Bearer ${atlas}` },
      payload: deskIbr('3.6725'),
    });
    expect(set.statusCode, set.body).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(new Dec((await quoteOn(other.app)).rates.ibr).eq('3.6725')).toBe(true);
    statements.length = 0;
    await quoteOn(other.app);
    // The pricing tables' change stamp runs at most once per check interval (a slow machine may cross one).
    const perQuote = statements.filter((sql) => !sql.startsWith("SELECT concat_ws('|'"));
    expect(statements.length - perQuote.length).toBeLessThanOrEqual(1);
    const read = perQuote.join('\n');
    for (const table of [
      'currency_deal_configs',
      'markup_layers',
      'volatile_layers',
      'agent_markups',
      'fee_rules',
      'global_configs',
      'rate_history',
      'currencies"',
    ]) {
      expect(read).not.toContain(table);
    }
    // What is left per quote: the sign-in check, the source wallet with its TSP wallet, the insert.
    expect(perQuote.length).toBeLessThanOrEqual(3);
  });

  it("sees another process's desk-set IBR within the check interval", async () => {
    expect(new Dec((await quoteOn(other.app)).rates.ibr).eq('3.6725')).toBe(true);
    const set = await s.app.inject({
      method: 'PUT',
      url: '/tsp/v1/exchange-rates/ibr',
      headers: { authorization: `Bearer ${atlas}` },
      payload: deskIbr('3.7010'),
    });
    expect(set.statusCode, set.body).toBe(200);
    // The process that set it prices on it at once (its book moved with the write).
    expect(new Dec((await quoteOn(s.app)).rates.ibr).eq('3.701')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(new Dec((await quoteOn(other.app)).rates.ibr).eq('3.701')).toBe(true);
  });
});
