import { expect } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { Dec } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { organisations, walletPositions, wallets } from '../db/schema.ts';
import { feeRules } from '../fees/fee-tables.ts';
import { availableOf } from '../ledger/ledger-service.ts';
import { agentMarkups, currencyDealConfigs, markupLayers, volatileLayers } from '../pricing-config/pricing-config-schema.ts';
import { forgetRates } from '../quotes/rate-cache.ts';
import { rateBookOf } from '../rates/rate-book.ts';
import type { TestServer } from './test-server.ts';

/**
 * The seeded world the quote, payment and transaction tests price in, set to figures a test can work
 * out by hand: the USD/AED SPOT deal of a TSP at a known IBR with no markups, one flat merchant fee.
 */

/** One call to the app as the token's user. @internal used by its tests */
export function callAs(s: TestServer, method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) {
  return s.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** Signs in the seeded users the pricing tests act as: a merchant of each TSP (Globex of Atlas, Stark of Meridian) and each TSP. @internal used by its tests */
export async function seededUsers(s: TestServer): Promise<{ globex: string; stark: string; atlas: string; meridian: string }> {
  const [globex, stark, atlas, meridian] = await Promise.all([s.token('100000001'), s.token('100000004'), s.token('200000001'), s.token('200000002')]);
  return { globex, stark, atlas, meridian };
}

/** The seeded organisations' ids by code (ATLAS, GLOBEX, ...). @internal used by its tests */
export async function orgIdsByCode(db: Db): Promise<Map<string, string>> {
  return new Map((await db.select({ id: organisations.id, code: organisations.code }).from(organisations)).map((o) => [o.code, o.id]));
}

/** A merchant's first ACTIVE wallet at a TSP in each currency (by wallet id), keyed by currency. @internal used by its tests */
export async function merchantWalletsByCurrency(db: Db, merchantId: string, tspId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: wallets.id, ccy: wallets.currencyCode })
    .from(wallets)
    .where(and(eq(wallets.merchantServiceId, merchantId), eq(wallets.serviceProviderId, tspId), eq(wallets.status, 'ACTIVE')))
    .orderBy(asc(wallets.id));
  const out = new Map<string, string>();
  for (const row of rows) if (!out.has(row.ccy)) out.set(row.ccy, row.id);
  return out;
}

/** Globex's active USD and AED wallets at Atlas ('' when the seed has none): the transfers' source and target. @internal used by its tests */
export async function globexAtlasWallets(db: Db, orgs: Map<string, string>): Promise<{ usd: string; aed: string }> {
  const own = await merchantWalletsByCurrency(db, orgs.get('GLOBEX') ?? '', orgs.get('ATLAS') ?? '');
  return { usd: own.get('USD') ?? '', aed: own.get('AED') ?? '' };
}

/** The id of the TSP's SPOT deal config of a pair ('' when the seed has none). @internal used by its tests */
export async function spotDeal(db: Db, tspId: string, source: string, target: string): Promise<string> {
  const [d] = await db
    .select({ id: currencyDealConfigs.id })
    .from(currencyDealConfigs)
    .where(
      and(
        eq(currencyDealConfigs.serviceProviderId, tspId),
        eq(currencyDealConfigs.sourceCurrency, source),
        eq(currencyDealConfigs.targetCurrency, target),
        eq(currencyDealConfigs.dealType, 'SPOT'),
      ),
    );
  return d?.id ?? '';
}

/** The id of the TSP's USD/AED SPOT deal config ('' when the seed has none). @internal used by its tests */
export const usdAedSpotDeal = (db: Db, tspId: string): Promise<string> => spotDeal(db, tspId, 'USD', 'AED');

/** Sets the deal's IBR, as of now, with no markup or volatile layer; the quote cache reads it again. @internal used by its tests */
export async function priceDealAt(s: TestServer, dealId: string, ibr: string): Promise<void> {
  const db = s.services.db;
  await db.update(currencyDealConfigs).set({ ibrRate: ibr, updatedAt: s.config.now() }).where(eq(currencyDealConfigs.id, dealId));
  await db.delete(markupLayers).where(eq(markupLayers.currencyDealConfigId, dealId));
  await db.delete(volatileLayers).where(eq(volatileLayers.currencyDealConfigId, dealId));
  forgetRates(rateBookOf(s.services));
}

/** Replaces the TSP's fee rules and agent markups by one flat merchant fee of `flat` USD (OUR), no tax. @internal used by its tests */
export async function onlyFlatUsdFee(db: Db, tspId: string, ruleId: string, flat = '5'): Promise<void> {
  await db.delete(feeRules).where(eq(feeRules.serviceProviderId, tspId));
  await db.delete(agentMarkups).where(eq(agentMarkups.serviceProviderId, tspId));
  await db.insert(feeRules).values({
    id: ruleId,
    kind: 'MERCHANT',
    serviceProviderId: tspId,
    chargeMode: 'OUR',
    effectiveFrom: '2026-01-01',
    slabCurrency: 'USD',
    slabValueFrom: '0',
    slabs: [{ slabValueFrom: '0', slabValueTo: null, slabCurrency: 'USD', flatFee: flat, percentageFee: '0', minFee: null, maxFee: null }],
    taxes: [],
  });
}

/** The wallet's balance, held amount and available amount. @internal used by its tests */
export async function walletPosition(db: Db, walletId: string) {
  const [row] = await db.select().from(walletPositions).where(eq(walletPositions.walletId, walletId));
  if (!row) throw new Error('no position');
  return { balance: new Dec(row.balance), held: new Dec(row.pendingAuthorization), available: availableOf(row) };
}

/** A merchant's PAYOUT SPOT quote of `amount` USD from the wallet into AED (201 expected): the quote's body. @internal used by its tests */
export async function usdAedQuote(s: TestServer, token: string, walletId: string, amount = '1000'): Promise<{ quoteId?: string; id?: string }> {
  const res = await callAs(s, 'POST', '/merchant/v1/quote', token, {
    transactionCategory: 'PAYOUT',
    dealType: 'SPOT',
    sourceWalletId: walletId,
    sendAmount: { amount, currency: 'USD' },
    targetCurrency: 'AED',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { quoteId?: string; id?: string };
}
