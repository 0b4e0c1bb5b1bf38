import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { organisations, wallets } from '../db/schema.ts';
import { currencyDealConfigs } from '../pricing-config/pricing-config-schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { trimRateHistory } from './rate-history-trim.ts';
import { rateHistory } from './rate-schema.ts';

let s: TestServer;
let dealId: string;
let quoteIbrAt: Date;

const row = (over: Partial<typeof rateHistory.$inferInsert> & { asOf: Date }) => ({
  id: uuidv7(),
  rateType: 'MARKET' as const,
  rateProviderId: 'TRIMTEST',
  sourceCurrency: 'USD',
  targetCurrency: 'AED',
  mid: '3.6725',
  origin: 'FEED' as const,
  receivedAt: over.asOf,
  ...over,
});
const hours = (n: number) => n * 3_600_000;

beforeAll(async () => {
  s = await startTestServer();
  const db = s.services.db;
  const [atlasToken, globex] = await Promise.all([s.token('200000001'), s.token('100000001')]);
  const [atlas] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, 'ATLAS'));
  const [globexOrg] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, 'GLOBEX'));
  const [deal] = await db
    .select({ id: currencyDealConfigs.id })
    .from(currencyDealConfigs)
    .where(
      and(
        eq(currencyDealConfigs.serviceProviderId, atlas?.id ?? ''),
        eq(currencyDealConfigs.sourceCurrency, 'USD'),
        eq(currencyDealConfigs.targetCurrency, 'AED'),
        eq(currencyDealConfigs.dealType, 'CASH'),
      ),
    );
  dealId = deal?.id ?? '';
  // A desk-set IBR (one history row) and a quote priced on it.
  const set = await s.app.inject({
    method: 'PUT',
    url: '/tsp/v1/exchange-rates/ibr',
    headers: { authorization: `Bearer ${atlasToken}` },
    payload: { sourceCurrency: 'USD', targetCurrency: 'AED', dealType: 'CASH', rateProviderId: 'INTERNAL', bid: '3.6725', ask: '3.6725' },
  });
  expect(set.statusCode, set.body).toBe(200);
  const [w] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.merchantServiceId, globexOrg?.id ?? ''), eq(wallets.currencyCode, 'USD')));
  const quote = await s.app.inject({
    method: 'POST',
    url: '/merchant/v1/quote',
    headers: { authorization: `Bearer ${globex}` },
    payload: { transactionCategory: 'PAYOUT', dealType: 'CASH', sourceWalletId: w?.id, sendAmount: { amount: '100', currency: 'USD' }, targetCurrency: 'AED' },
  });
  expect(quote.statusCode, quote.body).toBe(201);
  const [ibrRow] = await db.select().from(rateHistory).where(eq(rateHistory.currencyDealConfigId, dealId));
  quoteIbrAt = ibrRow?.asOf ?? new Date(0);
});
afterAll(async () => s?.close());

describe('rate history trim', () => {
  it('keeps the window, the IBR rows quotes priced on and the latest row of each rate; deletes the rest', async () => {
    const db = s.services.db;
    const t0 = quoteIbrAt.getTime();
    const rows = {
      oldMarket: row({ asOf: new Date(t0 - hours(3)) }),
      olderMarket: row({ asOf: new Date(t0 - hours(4)) }),
      latestMarket: row({ asOf: new Date(t0 - hours(2)) }),
      oldIbr: row({ rateType: 'IBR', rateProviderId: 'INTERNAL', currencyDealConfigId: dealId, origin: 'MANUAL', asOf: new Date(t0 - hours(1)) }),
      recentMarket: row({ rateProviderId: 'TRIMRECENT', asOf: new Date(t0 + hours(24 * 8)) }),
      recentMarket2: row({ rateProviderId: 'TRIMRECENT', asOf: new Date(t0 + hours(24 * 8) + 1000) }),
    };
    await db.insert(rateHistory).values(Object.values(rows));
    // Eight days after the quote: everything before the quote is outside the 7-day window.
    const deleted = await trimRateHistory(db, new Date(t0 + hours(24 * 8) + 2000));
    const left = new Set((await db.select({ id: rateHistory.id }).from(rateHistory)).map((r) => r.id));
    expect(left.has(rows.oldMarket.id)).toBe(false);
    expect(left.has(rows.olderMarket.id)).toBe(false);
    expect(left.has(rows.oldIbr.id)).toBe(false);
    expect(left.has(rows.latestMarket.id)).toBe(true);
    expect(left.has(rows.recentMarket.id)).toBe(true);
    expect(left.has(rows.recentMarket2.id)).toBe(true);
    // The desk row the quote priced on stays (it is also the deal's latest).
    const [quoted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(rateHistory)
      .where(and(eq(rateHistory.currencyDealConfigId, dealId), eq(rateHistory.asOf, quoteIbrAt)));
    expect(quoted?.n).toBe(1);
    expect(deleted).toBeGreaterThanOrEqual(3);
  });

  it('keeps a quoted IBR row that is no longer the latest', async () => {
    const db = s.services.db;
    const t0 = quoteIbrAt.getTime();
    await db
      .insert(rateHistory)
      .values(row({ rateType: 'IBR', rateProviderId: 'INTERNAL', currencyDealConfigId: dealId, origin: 'MANUAL', asOf: new Date(t0 + 1000) }));
    await trimRateHistory(db, new Date(t0 + hours(24 * 30)));
    const kept = await db.select({ asOf: rateHistory.asOf }).from(rateHistory).where(eq(rateHistory.currencyDealConfigId, dealId));
    expect(kept.map((k) => k.asOf.getTime()).sort()).toEqual([t0, t0 + 1000]);
  });

  it('leaves the trim to the process holding its lock (another connection on PostgreSQL; PGlite has one session)', async () => {
    const db = s.services.db;
    const later = new Date(quoteIbrAt.getTime() + hours(24 * 30));
    if (s.database.kind === 'postgres') {
      const answer = await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(7240317)`);
        return trimRateHistory(db, later);
      });
      expect(answer).toBeNull();
    } else {
      // One session: the lock is the session's own and re-entrant, so the trim runs.
      await expect(trimRateHistory(db, later)).resolves.toBe(0);
    }
  });
});
