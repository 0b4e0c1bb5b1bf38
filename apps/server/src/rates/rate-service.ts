import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ibrUpdate, rateQuery } from '@corridor/api';
import { applyMarkups, Dec, inverseRate, RATE_DP, toPlain, type Markup } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { organisations, wallets } from '../db/schema.ts';
import { LOCAL_CURRENCY } from './valuation-service.ts';
import { checkedRate, invalid } from '../lib/config-tenant.ts';
import { ownCurrencyDeal } from '../pricing-config/currency-config-service.ts';
import { markupsFor } from '../pricing-config/markup-service.ts';
import { dealById, dealsMatching } from '../pricing-config/deal-rate-service.ts';
import type { AgentMarkupRow, CurrencyDealRow, MarkupLayerRow, VolatileLayerRow } from '../pricing-config/pricing-config-types.ts';
import { tspMarkupProfileId, tspMarkupRows } from '../pricing-config/tsp-markup-service.ts';
import { rateStalenessSeconds } from '../pricing-config/settings-service.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { assertFresh, rateAge, type DealIbr, type RateBook } from './rate-book.ts';
import { recordManualIbr } from './rate-ingest.ts';
import { storedIbr } from './stored-ibr.ts';

/** The rate book every pricing call reads in memory, and the stored IBRs and desk rates the quotes price from. */
export { rateBookOf, type RateBook } from './rate-book.ts';
export { DESK_PROVIDER, deskRateCurrent } from './rate-ingest.ts';
export { latestIbrHistory, storedIbr } from './stored-ibr.ts';

type DealRow = CurrencyDealRow;
type RateQuery = z.output<typeof rateQuery> & { transactionCategory?: string | undefined };
type RateType = 'IBR' | 'CALIBRATED' | 'PLATFORM' | 'MERCHANT' | 'INDICATIVE';
type Side = { ask: Markup[]; bid: Markup[] };

/** A deal's IBR: the book's when it has one, else the deal row's (set before the server started). */
function heldIbr(book: RateBook, deal: DealRow): DealIbr | undefined {
  const held = book.ibr(deal.id);
  if (held) return held;
  if (deal.ibrRate === null) return undefined;
  return storedIbr(deal, deal.ibrRate, undefined);
}

interface RateLine {
  deal: DealRow;
  ibr: DealIbr;
  rateType: RateType;
  bid: string;
  ask: string;
  transactionCategory: string | null;
  markupProfileId: string | null;
}

function rateDto(line: RateLine, now: Date) {
  const mid = toPlain(new Dec(line.bid).plus(line.ask).div(2), RATE_DP);
  return {
    sourceCurrency: line.deal.sourceCurrency,
    targetCurrency: line.deal.targetCurrency,
    dealType: line.deal.dealType,
    valueDate: line.ibr.valueDate ?? now.toISOString().slice(0, 10),
    rateProviderId: line.ibr.providerId,
    currencyDealConfigId: line.deal.id,
    rateType: line.rateType,
    bid: line.bid,
    ask: line.ask,
    mid,
    inverseRate: inverseRate(mid),
    transactionCategory: line.transactionCategory,
    markupProfileId: line.markupProfileId,
    updatedAt: (line.deal.updatedAt ?? line.deal.createdAt).toISOString(),
    asOf: line.ibr.asOf.toISOString(),
    ageSeconds: rateAge(line.ibr, now),
  };
}
export type RateDto = ReturnType<typeof rateDto>;

/** Deals with an IBR, narrowed by value date when asked. */
function priced(book: RateBook, deals: DealRow[], query: RateQuery): Array<{ deal: DealRow; ibr: DealIbr }> {
  return deals.flatMap((deal) => {
    const ibr = heldIbr(book, deal);
    if (!ibr) return [];
    if (query.valueDate && ibr.valueDate !== query.valueDate) return [];
    return [{ deal, ibr }];
  });
}

const spread = (ibr: DealIbr, markups: Side) => ({
  ask: applyMarkups(ibr.mid, markups.ask, { source: ibr.source, target: ibr.target }),
  bid: applyMarkups(ibr.mid, markups.bid, { source: ibr.source, target: ibr.target }),
});

// IBR --------------------------------------------------------------------------------------------------

export async function listIbr(db: Db, book: RateBook, tsp: string | null, query: RateQuery, now: Date): Promise<RateDto[]> {
  const deals = await dealsMatching(db, tsp, query);
  return priced(book, deals, query).map(({ deal, ibr }) =>
    rateDto(
      {
        deal,
        ibr,
        rateType: 'IBR',
        bid: toPlain(new Dec(ibr.mid), RATE_DP),
        ask: toPlain(new Dec(ibr.mid), RATE_DP),
        transactionCategory: null,
        markupProfileId: null,
      },
      now,
    ),
  );
}

/**
 * The desk keys an IBR by hand (bid and ask; the deal prices on their mid). For a deal fed by a market
 * feed the next tick replaces it; deals on the INTERNAL provider keep it until the desk changes it.
 */
export async function updateIbr(db: Db, book: RateBook, tsp: string, body: z.output<typeof ibrUpdate>, now: Date): Promise<RateDto> {
  const bid = checkedRate(body.bid, 'bid');
  const ask = checkedRate(body.ask, 'ask');
  if (new Dec(bid).gt(ask)) throw invalid('ask', 'must not be below bid');
  const [deal] = await dealsMatching(db, tsp, {
    sourceCurrency: body.sourceCurrency,
    targetCurrency: body.targetCurrency,
    dealType: body.dealType,
    rateProviderId: body.rateProviderId,
  });
  if (!deal)
    throw foreignId('rateProviderId', `${body.dealType} deal config of ${body.sourceCurrency}/${body.targetCurrency} with rate provider`, body.rateProviderId);
  const mid = toPlain(new Dec(bid).plus(ask).div(2), RATE_DP);
  const ibr = await recordManualIbr(db, book, deal, mid, body.valueDate ?? null, now);
  const fresh = await dealById(db, deal.id);
  return rateDto(
    {
      deal: fresh ?? deal,
      ibr,
      rateType: 'IBR',
      bid: toPlain(new Dec(bid), RATE_DP),
      ask: toPlain(new Dec(ask), RATE_DP),
      transactionCategory: null,
      markupProfileId: null,
    },
    now,
  );
}

// Markups of a TSP, loaded once per call --------------------------------------------------------------

interface TspMarkups {
  layer1: MarkupLayerRow[];
  layer2: MarkupLayerRow[];
  volatile: Map<string, VolatileLayerRow>;
  agent: AgentMarkupRow[];
}

async function tspMarkups(db: Db, tsp: string, profileId: string | null): Promise<TspMarkups> {
  const { layers, volatile, agent } = await tspMarkupRows(db, tsp);
  return {
    layer1: layers.filter((l) => l.layer === 1),
    layer2: profileId === null ? [] : layers.filter((l) => l.layer === 2 && l.markupProfileId === profileId),
    volatile: new Map(volatile.map((v) => [v.currencyDealConfigId, v])),
    agent,
  };
}

const sides = (rows: ReadonlyArray<{ markupType: Markup['type']; askMarkup: string; bidMarkup: string }>): Side => ({
  ask: rows.map((r) => ({ type: r.markupType, value: r.askMarkup })),
  bid: rows.map((r) => ({ type: r.markupType, value: r.bidMarkup })),
});

/** Transaction categories priced for a deal: those with a layer 1 markup (none: one uncategorised line). */
function categoriesOf(m: TspMarkups, dealId: string, wanted: string | undefined): Array<string | null> {
  const found = [...new Set(m.layer1.filter((l) => l.currencyDealConfigId === dealId).map((l) => l.transactionCategory))];
  if (wanted) return found.includes(wanted) || found.length === 0 ? [wanted] : [];
  return found.length > 0 ? found : [null];
}

/**
 * Rates after the TSP's own layers, in the pricing order of ARCHITECTURE 9: CALIBRATED is IBR with
 * layer 1 and the volatile layer; PLATFORM adds the agent markups (what the platform charges before a
 * merchant's profile); MERCHANT (below) puts the profile's layer 2 between layer 1 and volatile.
 */
async function layered(db: Db, book: RateBook, tsp: string, query: RateQuery, rateType: 'CALIBRATED' | 'PLATFORM', now: Date): Promise<RateDto[]> {
  const deals = priced(book, await dealsMatching(db, tsp, query), query);
  const m = await tspMarkups(db, tsp, null);
  const out: RateDto[] = [];
  for (const { deal, ibr } of deals) {
    const volatile = m.volatile.get(deal.id);
    for (const category of categoriesOf(m, deal.id, query.transactionCategory)) {
      const rows = [
        ...m.layer1.filter((l) => l.currencyDealConfigId === deal.id && l.transactionCategory === category),
        ...(volatile ? [volatile] : []),
        ...(rateType === 'PLATFORM' ? m.agent : []),
      ];
      out.push(rateDto({ deal, ibr, rateType, ...spread(ibr, sides(rows)), transactionCategory: category, markupProfileId: null }, now));
    }
  }
  return out;
}

export const listCalibrated = (db: Db, book: RateBook, tsp: string, query: RateQuery, now: Date) => layered(db, book, tsp, query, 'CALIBRATED', now);
export const listPlatform = (db: Db, book: RateBook, tsp: string, query: RateQuery, now: Date) => layered(db, book, tsp, query, 'PLATFORM', now);

/** Every TSP's platform rates, or one TSP's (operations; an unknown TSP is a 404 naming the field). */
export async function listInternal(db: Db, book: RateBook, query: RateQuery & { serviceProviderId?: string | undefined }, now: Date): Promise<RateDto[]> {
  let tsps: string[];
  if (query.serviceProviderId) {
    const [tsp] = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(and(eq(organisations.id, query.serviceProviderId), eq(organisations.type, 'SERVICE_PROVIDER')));
    if (!tsp) throw foreignId('serviceProviderId', 'service provider', query.serviceProviderId);
    tsps = [tsp.id];
  } else {
    const rows = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.type, 'SERVICE_PROVIDER')).orderBy(asc(organisations.id));
    tsps = rows.map((r) => r.id);
  }
  const out: RateDto[] = [];
  for (const tsp of tsps) out.push(...(await listPlatform(db, book, tsp, query, now)));
  return out;
}

// Merchant rates ---------------------------------------------------------------------------------------

async function merchantOf(db: Db, tsp: string, merchantId: string) {
  const [merchant] = await db
    .select({ id: organisations.id, parentId: organisations.parentId, markupProfileId: organisations.markupProfileId })
    .from(organisations)
    .where(and(eq(organisations.id, merchantId), eq(organisations.type, 'MERCHANT'), eq(organisations.parentId, tsp)));
  if (!merchant) throw foreignId('merchantId', 'merchant', merchantId);
  return merchant;
}

/**
 * What a merchant of the TSP gets: for a merchant, through `markupsFor` (its enabled profile's layer 2);
 * for a markup profile, the rates any merchant on that profile gets. One of the two is required.
 */
export async function listMerchantRates(
  db: Db,
  book: RateBook,
  tsp: string,
  query: RateQuery & { merchantId?: string | undefined; markupProfileId?: string | undefined },
  now: Date,
): Promise<RateDto[]> {
  if (query.merchantId) {
    const merchant = await merchantOf(db, tsp, query.merchantId);
    return merchantLines(db, book, tsp, merchant.id, query, now);
  }
  if (!query.markupProfileId) throw invalid('merchantId', 'merchantId or markupProfileId is required');
  const profileId = await tspMarkupProfileId(db, tsp, query.markupProfileId);
  if (profileId === undefined) throw foreignId('markupProfileId', 'markup profile', query.markupProfileId);
  const deals = priced(book, await dealsMatching(db, tsp, query), query);
  const m = await tspMarkups(db, tsp, profileId);
  const out: RateDto[] = [];
  for (const { deal, ibr } of deals) {
    const volatile = m.volatile.get(deal.id);
    for (const category of categoriesOf(m, deal.id, query.transactionCategory)) {
      const inCategory = (l: MarkupLayerRow) => l.currencyDealConfigId === deal.id && (category === null || l.transactionCategory === category);
      const rows = [...m.layer1.filter(inCategory), ...m.layer2.filter(inCategory), ...(volatile ? [volatile] : []), ...m.agent];
      out.push(rateDto({ deal, ibr, rateType: 'MERCHANT', ...spread(ibr, sides(rows)), transactionCategory: category, markupProfileId: profileId }, now));
    }
  }
  return out;
}

async function merchantLines(db: Db, book: RateBook, tsp: string, merchantId: string, query: RateQuery, now: Date): Promise<RateDto[]> {
  const deals = priced(book, await dealsMatching(db, tsp, query), query);
  const m = await tspMarkups(db, tsp, null);
  const [merchant] = await db.select({ markupProfileId: organisations.markupProfileId }).from(organisations).where(eq(organisations.id, merchantId));
  const out: RateDto[] = [];
  for (const { deal, ibr } of deals) {
    for (const category of categoriesOf(m, deal.id, query.transactionCategory)) {
      const input = { tspId: tsp, merchantId, currencyDealConfigId: deal.id, ...(category === null ? {} : { transactionCategory: category }) };
      const [ask, bid] = await Promise.all([markupsFor(db, { ...input, side: 'ask' }), markupsFor(db, { ...input, side: 'bid' })]);
      const order = (x: typeof ask) => [...x.layer1, ...x.layer2, ...x.volatile, ...x.agent];
      const rates = spread(ibr, { ask: order(ask), bid: order(bid) });
      out.push(rateDto({ deal, ibr, rateType: 'MERCHANT', ...rates, transactionCategory: category, markupProfileId: merchant?.markupProfileId ?? null }, now));
    }
  }
  return out;
}

/**
 * A merchant's own view (`/m/api/v1/exchange-rates`, `/msp/v1/exchange-rates`): its TSP's merchant rates
 * for it. A wallet narrows to pairs paid from the wallet's currency; wallet and TSP ids must be its own.
 */
export async function listOwnMerchantRates(
  db: Db,
  book: RateBook,
  merchantId: string,
  query: RateQuery & { walletId?: string | undefined; serviceProviderId?: string | undefined },
  now: Date,
): Promise<RateDto[]> {
  const [merchant] = await db.select({ parentId: organisations.parentId }).from(organisations).where(eq(organisations.id, merchantId));
  const tsp = merchant?.parentId;
  if (!tsp) return [];
  if (query.serviceProviderId && query.serviceProviderId !== tsp) throw foreignId('serviceProviderId', 'service provider', query.serviceProviderId);
  let narrowed = query;
  if (query.walletId) {
    const [wallet] = await db
      .select({ currencyCode: wallets.currencyCode })
      .from(wallets)
      .where(and(eq(wallets.id, query.walletId), eq(wallets.merchantServiceId, merchantId)));
    if (!wallet) throw foreignId('walletId', 'wallet', query.walletId);
    if (query.sourceCurrency && query.sourceCurrency.toUpperCase() !== wallet.currencyCode) return [];
    narrowed = { ...query, sourceCurrency: wallet.currencyCode };
  }
  return merchantLines(db, book, tsp, merchantId, narrowed, now);
}

/**
 * `/v1/merchant/rates`: the value of each of the merchant's wallet currencies in the ledger's local
 * currency (USD) at the latest market mid the book holds (any provider); wallets in a currency no
 * provider quotes are left out rather than shown at a made-up rate.
 */
export async function listWalletCurrencyRates(
  db: Db,
  book: RateBook,
  merchantId: string,
  query: { currencyCode?: string | undefined; walletId?: string | undefined; serviceProviderId?: string | undefined; countryCode?: string | undefined },
) {
  const where: SQL[] = [eq(wallets.merchantServiceId, merchantId)];
  if (query.walletId) {
    const [own] = await db
      .select({ id: wallets.id })
      .from(wallets)
      .where(and(eq(wallets.id, query.walletId), eq(wallets.merchantServiceId, merchantId)));
    if (!own) throw foreignId('walletId', 'wallet', query.walletId);
    where.push(eq(wallets.id, query.walletId));
  }
  if (query.currencyCode) where.push(eq(wallets.currencyCode, query.currencyCode.toUpperCase()));
  if (query.countryCode) where.push(eq(wallets.countryCode, query.countryCode.toUpperCase()));
  if (query.serviceProviderId) where.push(eq(wallets.serviceProviderId, query.serviceProviderId));
  const rows = await db
    .select()
    .from(wallets)
    .where(and(...where))
    .orderBy(asc(wallets.currencyCode), asc(wallets.id));
  return rows.flatMap((w) => {
    const priced = valueInLocal(book, w.currencyCode, w.createdAt);
    if (!priced) return [];
    return [{ currencyCode: w.currencyCode, countryCode: w.countryCode, walletId: w.id, serviceProviderId: w.serviceProviderId, ...priced }];
  });
}

/** 1 unit of the currency in USD and back; a pair quoted the other way round keeps its own mid exact as the inverse. */
function valueInLocal(book: RateBook, currency: string, since: Date) {
  if (currency === LOCAL_CURRENCY) return { rate: toPlain(new Dec(1), RATE_DP), inverseRate: toPlain(new Dec(1), RATE_DP), updatedAt: since.toISOString() };
  const direct = book.latestMarket(currency, LOCAL_CURRENCY);
  if (direct) return { rate: toPlain(new Dec(direct.mid), RATE_DP), inverseRate: inverseRate(direct.mid), updatedAt: direct.asOf.toISOString() };
  const reverse = book.latestMarket(LOCAL_CURRENCY, currency);
  if (reverse) return { rate: inverseRate(reverse.mid), inverseRate: toPlain(new Dec(reverse.mid), RATE_DP), updatedAt: reverse.asOf.toISOString() };
  return null;
}

// Indicative -----------------------------------------------------------------------------------------

/**
 * Indicative interbank rates: the deals' IBRs as they stand. Rates past the TSP's staleness limit are
 * left out of the list (nothing may be priced on them); asked for by deal, such a rate is a 409 RATE_STALE.
 */
export async function listIndicative(db: Db, book: RateBook, tsp: string, query: RateQuery, now: Date): Promise<RateDto[]> {
  const limit = await rateStalenessSeconds(db, tsp);
  const lines = priced(book, await dealsMatching(db, tsp, query), query).filter(({ ibr }) => rateAge(ibr, now) <= limit);
  return lines.map(({ deal, ibr }) =>
    rateDto(
      {
        deal,
        ibr,
        rateType: 'INDICATIVE',
        bid: toPlain(new Dec(ibr.mid), RATE_DP),
        ask: toPlain(new Dec(ibr.mid), RATE_DP),
        transactionCategory: null,
        markupProfileId: null,
      },
      now,
    ),
  );
}

export async function indicativeByDeal(db: Db, book: RateBook, tsp: string, dealId: string, now: Date): Promise<RateDto> {
  const deal = await ownCurrencyDeal(db, tsp, dealId, 'currencyDealConfigId');
  const ibr = assertFresh(heldIbr(book, deal), await rateStalenessSeconds(db, tsp), now, 'currencyDealConfigId');
  const mid = toPlain(new Dec(ibr.mid), RATE_DP);
  return rateDto({ deal, ibr, rateType: 'INDICATIVE', bid: mid, ask: mid, transactionCategory: null, markupProfileId: null }, now);
}
