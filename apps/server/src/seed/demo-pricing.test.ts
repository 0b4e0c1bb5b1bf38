import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { Dec } from '@corridor/domain';
import { organisations } from '../db/schema.ts';
import { checkedSpread } from '../pricing-config/config-checks.ts';
import { markupsFor } from '../pricing-config/markup-service.ts';
import { currencyDealConfigs, markupLayers, markupProfiles } from '../pricing-config/pricing-config-schema.ts';
import { rateStalenessSeconds } from '../pricing-config/settings-service.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { seedDemoPricing } from './demo-pricing.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

describe('demo pricing configuration', () => {
  it("prices every demo merchant's corridors with valid markups, and seeding again changes nothing", async () => {
    const db = s.services.db;
    const orgs = await db.select().from(organisations);
    const deals = await db.select().from(currencyDealConfigs);
    for (const tsp of orgs.filter((o) => o.type === 'SERVICE_PROVIDER')) {
      const own = deals.filter((d) => d.serviceProviderId === tsp.id);
      expect(own.length, tsp.code).toBeGreaterThanOrEqual(10);
      expect(new Set(own.map((d) => d.dealType))).toEqual(new Set(['SPOT', 'CASH']));
      for (const d of own) expect(new Dec(d.ibrRate ?? '0').greaterThan(0), d.instrumentId).toBe(true);
      expect(await rateStalenessSeconds(db, tsp.id)).toBe(60);
    }
    for (const layer of await db.select().from(markupLayers)) expect(() => checkedSpread(layer)).not.toThrow();

    const globex = orgs.find((o) => o.code === 'GLOBEX');
    const [profile] = await db
      .select()
      .from(markupProfiles)
      .where(eq(markupProfiles.id, globex?.markupProfileId ?? ''));
    expect(profile?.serviceProviderId).toBe(globex?.parentId);
    const usdPkr = deals.find((d) => d.serviceProviderId === globex?.parentId && d.instrumentId === 'USDPKR-SPOT');
    // The side a quote prices with: the customer sells the source currency at the bid, below the IBR.
    const markups = await markupsFor(db, {
      side: 'bid',
      tspId: globex?.parentId ?? '',
      merchantId: globex?.id ?? '',
      currencyDealConfigId: usdPkr?.id ?? '',
      transactionCategory: 'PAYOUT',
    });
    expect(markups).toMatchObject({
      layer1: [{ type: 'PIP', value: '-25' }],
      layer2: [{ type: 'PERCENTAGE', value: '-0.25' }],
      volatile: [{ type: 'BIP', value: '-15' }],
    });

    const before = (await db.select({ n: count() }).from(markupLayers))[0]?.n;
    await seedDemoPricing(db, new Map(orgs.map((o) => [o.code, o.id])));
    expect((await db.select({ n: count() }).from(markupLayers))[0]?.n).toBe(before);
  });
});
