import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { currencyDealConfigs } from '../pricing-config/pricing-config-schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { rateHistory } from './rate-schema.ts';
import { latestIbrHistory } from './stored-ibr.ts';

let s: TestServer;
let deals: string[];

// Later than any history the demo data has, so these rows are each deal's latest.
const t0 = Date.UTC(2090, 0, 1, 12);
const at = (minutes: number) => new Date(t0 + minutes * 60_000);
const row = (dealId: string, minutes: number, mid: string, over: Partial<typeof rateHistory.$inferInsert> = {}) => ({
  id: uuidv7(),
  rateType: 'IBR' as const,
  rateProviderId: `IBRTEST-${minutes}`,
  sourceCurrency: 'USD',
  targetCurrency: 'AED',
  mid,
  origin: 'MANUAL' as const,
  currencyDealConfigId: dealId,
  asOf: at(minutes),
  receivedAt: at(minutes),
  ...over,
});

beforeAll(async () => {
  s = await startTestServer();
  deals = (await s.services.db.select({ id: currencyDealConfigs.id }).from(currencyDealConfigs).limit(2)).map((d) => d.id);
});
afterAll(async () => {
  await s?.close();
});

describe('the latest IBR history row of each deal', () => {
  it('is the newest IBR row of each deal, with its mid, time and provider; a market row does not count; a deal without history is absent', async () => {
    const [a, b] = deals as [string, string];
    await s.services.db
      .insert(rateHistory)
      .values([
        row(a, 1, '3.6701'),
        row(a, 30, '3.6730'),
        row(a, 10, '3.6710'),
        row(a, 60, '3.9999', { rateType: 'MARKET' }),
        row(b, 5, '0.2722'),
        row(b, 2, '0.2720'),
      ]);
    const latest = await latestIbrHistory(s.services.db, [a, b, 'no-such-deal']);
    expect(latest.get(a)?.mid).toMatch(/^3\.673/);
    expect(latest.get(a)?.asOf.toISOString()).toBe(at(30).toISOString());
    expect(latest.get(a)?.providerId).toBe('IBRTEST-30');
    expect(latest.get(b)?.mid).toMatch(/^0\.2722/);
    expect(latest.get(b)?.asOf.toISOString()).toBe(at(5).toISOString());
    expect(latest.has('no-such-deal')).toBe(false);
    expect(await latestIbrHistory(s.services.db, [])).toEqual(new Map());
  });
});
