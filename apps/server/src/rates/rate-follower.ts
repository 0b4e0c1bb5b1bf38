import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { RateBook } from './rate-book.ts';
import { rateHistory } from './rate-schema.ts';

/** How a book follows the deals' IBRs another process wrote (the quotes area's `followPricing`, through its pricing stamp). */
export type FollowPricing = (db: Db, book: RateBook) => Promise<void>;

/**
 * Keeps a process's book in step with rates another process wrote: the deals' IBRs through the pricing
 * stamp the quotes already use (`followPricing`, handed in: the rates area sits below quotes), and the
 * market mids from the history rows newer than the last seen.
 */
export function rateFollower(db: Db, book: RateBook, followPricing: FollowPricing): { refresh: () => Promise<void> } {
  let seenUpTo: Date | null = null;
  return {
    refresh: async () => {
      await followPricing(db, book);
      const rows = await db
        .selectDistinctOn([rateHistory.rateProviderId, rateHistory.sourceCurrency, rateHistory.targetCurrency], {
          providerId: rateHistory.rateProviderId,
          source: rateHistory.sourceCurrency,
          target: rateHistory.targetCurrency,
          mid: rateHistory.mid,
          asOf: rateHistory.asOf,
        })
        .from(rateHistory)
        .where(and(eq(rateHistory.rateType, 'MARKET'), seenUpTo ? gt(rateHistory.asOf, seenUpTo) : undefined))
        .orderBy(rateHistory.rateProviderId, rateHistory.sourceCurrency, rateHistory.targetCurrency, desc(rateHistory.asOf));
      for (const r of rows) {
        book.putMarket(r);
        if (seenUpTo === null || r.asOf > seenUpTo) seenUpTo = r.asOf;
      }
    },
  };
}
