import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { currencyDealConfigs } from '../pricing-config/pricing-config-schema.ts';
import type { DealIbr } from './rate-book.ts';
import { rateHistory } from './rate-schema.ts';

type DealRow = typeof currencyDealConfigs.$inferSelect;

/** The latest IBR history row of a deal: when, at what mid and from which provider its IBR was last set. */
export interface LatestIbr {
  mid: string;
  asOf: Date;
  providerId: string;
}

/** The latest IBR history row of each of the deals (one statement); a deal without history is absent. */
export async function latestIbrHistory(db: Db, dealIds: string[]): Promise<Map<string, LatestIbr>> {
  if (dealIds.length === 0) return new Map();
  const latest = await db
    .selectDistinctOn([rateHistory.currencyDealConfigId], {
      id: rateHistory.currencyDealConfigId,
      mid: rateHistory.mid,
      asOf: rateHistory.asOf,
      providerId: rateHistory.rateProviderId,
    })
    .from(rateHistory)
    .where(and(eq(rateHistory.rateType, 'IBR'), inArray(rateHistory.currencyDealConfigId, dealIds)))
    .orderBy(rateHistory.currencyDealConfigId, desc(rateHistory.asOf));
  return new Map(latest.map(({ id, ...last }) => [id as string, last]));
}

/** The book's entry for the deal's IBR `mid`, set at `asOf` from `providerId` and settling on `valueDate`. */
export function dealIbr(deal: DealRow, mid: string, asOf: Date, providerId: string, valueDate: string | null): DealIbr {
  return {
    currencyDealConfigId: deal.id,
    serviceProviderId: deal.serviceProviderId,
    source: deal.sourceCurrency,
    target: deal.targetCurrency,
    dealType: deal.dealType,
    providerId,
    mid,
    asOf,
    valueDate,
  };
}

/**
 * The deal's stored IBR (`mid`) as the book holds it: timed and attributed by `last` (its history row), or,
 * for an IBR set outside the history (configuration, seed), by the deal's last change and own provider.
 */
export function storedIbr(deal: DealRow, mid: string, last: LatestIbr | undefined): DealIbr {
  return dealIbr(deal, mid, last?.asOf ?? deal.updatedAt ?? deal.createdAt, last?.providerId ?? deal.rateProviderId, deal.ibrValueDate);
}
