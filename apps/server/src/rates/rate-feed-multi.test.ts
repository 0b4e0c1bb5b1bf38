import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openPostgres } from '../db/open.ts';
import { currencyDealConfigs } from '../pricing-config/pricing-config-schema.ts';
import { tspRates } from '../quotes/rate-cache.ts';
import { cloneTemplate, type TemplateClone } from '../test/template-clone.ts';
import { RateBook } from './rate-book.ts';
import { startRateFeed } from './rate-feed.ts';
import { rateFollower } from './rate-follower.ts';
import { followPricing } from '../quotes/rate-cache.ts';
import { rateHistory } from './rate-schema.ts';

// PostgreSQL only: two server processes (each its own pool, its own rate book and its own feed timer)
// share one database, as two servers behind a load balancer do.
const TICK_MS = 250;
let clone: TemplateClone;
const databases: Database[] = [];

beforeAll(async () => {
  clone = await cloneTemplate();
  for (let i = 0; i < 2; i += 1) databases.push(openPostgres(clone.url));
});
afterAll(async () => {
  for (const d of databases) await d.close();
  await clone?.drop();
});

describe('the simulated rate feed on two servers', () => {
  it('ticks once per interval whichever server times it, and both servers price from the same rates', { timeout: 60_000 }, async () => {
    const db = databases[0]!.db;
    const books = [new RateBook(), new RateBook()];
    const apps: FastifyInstance[] = [];
    const startedAt = new Date();
    // Each process walks its own market (another seed): two ticking processes would publish two markets.
    for (const [i, d] of databases.entries()) {
      const app = Fastify();
      await startRateFeed(app, d.db, books[i]!, { tickMs: TICK_MS, now: () => new Date(), seed: 1_000 + i * 104_729, followPricing });
      apps.push(app);
    }
    await new Promise((r) => setTimeout(r, 3_000));
    for (const app of apps) await app.close();

    // One provider's snapshot per tick: its history rows of one tick share their receipt time.
    const ticks = [
      ...new Set(
        (
          await db
            .select({ at: rateHistory.receivedAt })
            .from(rateHistory)
            .where(and(eq(rateHistory.origin, 'FEED'), eq(rateHistory.rateProviderId, 'REFINITIV'), eq(rateHistory.rateType, 'MARKET')))
            .orderBy(asc(rateHistory.receivedAt))
        )
          .filter((r) => r.at >= startedAt)
          .map((r) => r.at.getTime()),
      ),
    ];
    expect(ticks.length).toBeGreaterThan(1);
    const gaps = ticks.slice(1).map((t, i) => t - (ticks[i] as number));
    // Two processes ticking the same interval would leave gaps of a few milliseconds. One tick late on a
    // busy machine leaves the next gap short by as much (219 ms was seen in CI for 250), so half the
    // interval is the line: far above a double tick, far below a late one.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(TICK_MS / 2);

    // Both books follow the database: the same IBR for every deal, the one the deal row holds.
    await new Promise((r) => setTimeout(r, 600));
    const deals = await db.select().from(currencyDealConfigs).where(isNotNull(currencyDealConfigs.ibrRate));
    expect(deals.length).toBeGreaterThan(0);
    const tsps = [...new Set(deals.map((d) => d.serviceProviderId))];
    for (const [i, d] of databases.entries()) {
      for (const tsp of tsps) {
        const priced = await tspRates(d.db, books[i]!, tsp, true);
        for (const deal of priced.deals) {
          const stored = deals.find((x) => x.id === deal.id);
          if (stored?.ibrRate) expect({ server: i, deal: deal.id, ibr: deal.ibrRate }).toEqual({ server: i, deal: deal.id, ibr: stored.ibrRate });
        }
      }
    }
    for (const deal of deals) expect(books[0]!.ibr(deal.id)?.mid).toBe(books[1]!.ibr(deal.id)?.mid);
    // And the same market: each book holds the latest mid the history has for every pair.
    for (const [i, d] of databases.entries()) await rateFollower(d.db, books[i]!, followPricing).refresh();
    const latest = await db
      .selectDistinctOn([rateHistory.rateProviderId, rateHistory.sourceCurrency, rateHistory.targetCurrency])
      .from(rateHistory)
      .where(eq(rateHistory.rateType, 'MARKET'))
      .orderBy(rateHistory.rateProviderId, rateHistory.sourceCurrency, rateHistory.targetCurrency, desc(rateHistory.asOf));
    expect(latest.length).toBeGreaterThan(0);
    for (const row of latest) {
      for (const book of books) expect(book.marketRate(row.rateProviderId, row.sourceCurrency, row.targetCurrency)?.mid).toBe(row.mid);
    }
  });
});
