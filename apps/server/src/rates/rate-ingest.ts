import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database.ts';
import type { DealType } from '@corridor/domain';
import { activeDealsOfProvider, pricedDeals, setDealIbr } from '../pricing-config/deal-rate-service.ts';
import type { CurrencyDealRow } from '../pricing-config/pricing-config-types.ts';
import type { DealIbr, RateBook } from './rate-book.ts';
import { rateHistory, type RateOrigin } from './rate-schema.ts';
import { dealIbr, latestIbrHistory, storedIbr } from './stored-ibr.ts';
import { midRates, type MidRate, type RateSnapshot } from './rate-source.ts';

type DealRow = CurrencyDealRow;

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** CASH settles on the rate's day, TOM the next business day, SPOT (and forwards' spot leg) two; weekends skipped. @internal used by its tests */
export function valueDateOf(dealType: DealType, asOf: Date): string {
  const days = dealType === 'CASH' ? 0 : dealType === 'TOM' ? 1 : 2;
  const at = new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth(), asOf.getUTCDate()));
  const weekend = () => at.getUTCDay() === 0 || at.getUTCDay() === 6;
  while (weekend()) at.setUTCDate(at.getUTCDate() + 1);
  for (let left = days; left > 0;) {
    at.setUTCDate(at.getUTCDate() + 1);
    if (!weekend()) left -= 1;
  }
  return isoDay(at);
}

export interface IngestResult {
  rateProviderId: string;
  asOf: string;
  currencies: number;
  ratesStored: number;
  dealsUpdated: number;
}

/**
 * Stores one publication of a provider and moves the IBR of every active deal priced through it: the
 * market mids of the pairs those deals trade (and, for an imported file, every pair it quotes against
 * its base) go to the history, each deal's `ibr_rate` and value date are set in the same transaction
 * with an IBR history row, and the in-memory book follows once the transaction has committed.
 */
export async function ingestSnapshot(db: Db, book: RateBook, snapshot: RateSnapshot, origin: RateOrigin, receivedAt: Date): Promise<IngestResult> {
  const deals = await activeDealsOfProvider(db, snapshot.providerId);
  const pairs = new Map<string, [string, string]>();
  for (const deal of deals) pairs.set(`${deal.sourceCurrency}:${deal.targetCurrency}`, [deal.sourceCurrency, deal.targetCurrency]);
  if (origin === 'IMPORT') for (const code of snapshot.perBase.keys()) pairs.set(`${snapshot.base}:${code}`, [snapshot.base, code]);
  const mids = midRates(snapshot, [...pairs.values()]);
  const midOf = new Map(mids.map((m) => [`${m.source}:${m.target}`, m]));
  const priced = deals.flatMap((deal) => {
    const mid = midOf.get(`${deal.sourceCurrency}:${deal.targetCurrency}`);
    return mid ? [dealIbr(deal, mid.mid, snapshot.asOf, snapshot.providerId, valueDateOf(deal.dealType, snapshot.asOf))] : [];
  });

  await db.transaction(async (tx) => {
    const rows = [
      ...mids.map((m) => historyRow('MARKET', m, null, null, origin, receivedAt)),
      ...priced.map((d) => historyRow('IBR', { ...d, providerId: snapshot.providerId }, d.serviceProviderId, d.currencyDealConfigId, origin, receivedAt)),
    ];
    if (rows.length > 0) await tx.insert(rateHistory).values(rows);
    for (const d of priced) await setDealIbr(tx, d.currencyDealConfigId, d.mid, d.valueDate, receivedAt);
  });
  for (const m of mids) book.putMarket(m);
  for (const d of priced) book.putIbr(d);
  return {
    rateProviderId: snapshot.providerId,
    asOf: snapshot.asOf.toISOString(),
    currencies: snapshot.perBase.size,
    ratesStored: mids.length,
    dealsUpdated: priced.length,
  };
}

function historyRow(
  rateType: 'MARKET' | 'IBR',
  rate: Pick<MidRate, 'providerId' | 'source' | 'target' | 'mid' | 'asOf'>,
  serviceProviderId: string | null,
  currencyDealConfigId: string | null,
  origin: RateOrigin,
  receivedAt: Date,
) {
  return {
    id: uuidv7(),
    rateType,
    rateProviderId: rate.providerId,
    sourceCurrency: rate.source,
    targetCurrency: rate.target,
    mid: rate.mid,
    serviceProviderId,
    currencyDealConfigId,
    origin,
    asOf: rate.asOf,
    receivedAt,
  };
}

/** The provider of a TSP's own dealing desk: its rates are set by hand and are good for the UTC day they are set. */
export const DESK_PROVIDER = 'INTERNAL';

/** Whether a desk rate set at `asOf` is still good at `now`: set on the same (UTC) business day. */
export const deskRateCurrent = (asOf: Date, now: Date): boolean => asOf.toISOString().slice(0, 10) === now.toISOString().slice(0, 10);

/** Records a desk-keyed IBR of one deal (history, deal row, book). */
export async function recordManualIbr(db: Db, book: RateBook, deal: DealRow, mid: string, valueDate: string | null, now: Date): Promise<DealIbr> {
  const ibr = dealIbr(deal, mid, now, deal.rateProviderId, valueDate ?? valueDateOf(deal.dealType, now));
  await db.transaction(async (tx) => {
    await tx.insert(rateHistory).values(historyRow('IBR', { ...ibr, providerId: deal.rateProviderId }, deal.serviceProviderId, deal.id, 'MANUAL', now));
    await setDealIbr(tx, deal.id, mid, ibr.valueDate, now);
  });
  book.putIbr(ibr);
  return ibr;
}

/**
 * Fills the book at start: each deal's IBR with the time of its latest history row; an IBR set before
 * any history (configured by hand, or by the seed) counts from the deal's last change.
 */
export async function loadRateBook(db: Db, book: RateBook): Promise<void> {
  const deals = await pricedDeals(db);
  if (deals.length === 0) return;
  const history = await latestIbrHistory(
    db,
    deals.map((d) => d.id),
  );
  for (const deal of deals) book.putIbr(storedIbr(deal, deal.ibrRate ?? '0', history.get(deal.id)));
}
