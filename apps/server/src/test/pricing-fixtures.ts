import { expect } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { transaction as transactionSchema } from '@corridor/api';
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

/**
 * Signs in the users the transfer tests act as: Globex (a merchant of Atlas), two Atlas users (one approves a
 * transfer's source side, the other its target side: maker-checker), Meridian and operations. @internal used by its tests
 */
export async function transferUsers(s: TestServer): Promise<{ globex: string; atlas1: string; atlas2: string; meridian: string; ops: string }> {
  const [globex, atlas1, atlas2, meridian, ops] = await Promise.all([
    s.token('100000001'),
    s.token('200000001'),
    s.token('200000011'),
    s.token('200000002'),
    s.token('900000001'),
  ]);
  return { globex, atlas1, atlas2, meridian, ops };
}

/** The TSP's own first ACTIVE wallet in the currency ('' when the seed has none). @internal used by its tests */
export async function tspOwnWallet(db: Db, tspId: string, currency: string): Promise<string> {
  const [w] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.serviceProviderId, tspId), isNull(wallets.merchantServiceId), eq(wallets.currencyCode, currency), eq(wallets.status, 'ACTIVE')))
    .orderBy(asc(wallets.id))
    .limit(1);
  return w?.id ?? '';
}

/** Globex's active USD and AED wallets at Atlas ('' when the seed has none): the transfers' source and target. @internal used by its tests */
export async function globexAtlasWallets(db: Db, orgs: Map<string, string>): Promise<{ usd: string; aed: string }> {
  const own = await merchantWalletsByCurrency(db, orgs.get('GLOBEX') ?? '', orgs.get('ATLAS') ?? '');
  return { usd: own.get('USD') ?? '', aed: own.get('AED') ?? '' };
}

/**
 * A USD and an AED wallet of Globex at Atlas of the test's own, copies of the seeded ones with new ids and no
 * money or deals on them: figures a test works out by hand are not mixed with the demo transfers the seed
 * made on the seeded wallets. @internal used by its tests
 */
export async function newGlobexAtlasWallets(db: Db, orgs: Map<string, string>, tag: string): Promise<{ usd: string; aed: string }> {
  const seeded = await globexAtlasWallets(db, orgs);
  const copy = async (templateId: string, currency: string) => {
    const [template] = await db.select().from(wallets).where(eq(wallets.id, templateId));
    if (!template) throw new Error(`no seeded Globex ${currency} wallet at Atlas`);
    const id = `${templateId}-${tag}`;
    await db
      .insert(wallets)
      .values({ ...template, id, alias: `${template.alias} (${tag})`, ledgerCode: `${template.ledgerCode}-${tag}`, walletAccountNumber: null });
    await db.insert(walletPositions).values({ walletId: id });
    return id;
  };
  return { usd: await copy(seeded.usd, 'USD'), aed: await copy(seeded.aed, 'AED') };
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

/**
 * Known pricing a test can work out by hand: the TSP's only fee a flat 5 USD merchant fee (OUR, no tax, rule
 * `feeRuleId`), its USD/AED SPOT deal at the IBR 3.6725 with no markups. The deal's id. @internal used by its tests
 */
export async function knownUsdAedPricing(s: TestServer, tspId: string, feeRuleId: string): Promise<string> {
  const db = s.services.db;
  await onlyFlatUsdFee(db, tspId, feeRuleId);
  const dealId = await usdAedSpotDeal(db, tspId);
  await priceDealAt(s, dealId, '3.6725');
  return dealId;
}

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
  await db.insert(feeRules).values(flatUsdFeeRule({ id: ruleId, tspId, kind: 'MERCHANT', chargeMode: 'OUR', fee: flat }));
}

/** A fee rule of the TSP from 2026-01-01: one flat `fee` USD slab from 0 with no upper bound. @internal used by its tests */
export function flatUsdFeeRule(r: {
  id: string;
  tspId: string;
  kind: 'MERCHANT' | 'CORRESPONDENT';
  chargeMode: 'OUR' | 'BEN' | 'REBATE';
  fee: string;
  taxes?: Array<{ name: string; percentage: string }>;
}): typeof feeRules.$inferInsert {
  return {
    id: r.id,
    kind: r.kind,
    serviceProviderId: r.tspId,
    chargeMode: r.chargeMode,
    effectiveFrom: '2026-01-01',
    slabCurrency: 'USD',
    slabValueFrom: '0',
    slabs: [{ slabValueFrom: '0', slabValueTo: null, slabCurrency: 'USD', flatFee: r.fee, percentageFee: '0', minFee: null, maxFee: null }],
    taxes: r.taxes ?? [],
  };
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

/**
 * Credits the wallet by an operations credit top-up, which completes at once (201, COMPLETED expected).
 * `kind` is whose wallet it is: a merchant's or a TSP's own. @internal used by its tests
 */
export async function creditByOperations(
  s: TestServer,
  ops: string,
  walletId: string,
  amount: string,
  currency = 'USD',
  kind: 'merchant' | 'tsp' = 'merchant',
) {
  const res = await callAs(s, 'POST', `/v1/internal/transactions/${kind}/credit-topup`, ops, { walletId, amount, currency });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().status).toBe('COMPLETED');
}

/** A merchant's FX_DEAL transfer from its USD wallet to its AED wallet on the quote (201 expected), awaiting its approvals. @internal used by its tests */
export async function transferOnQuote(s: TestServer, token: string, w: { usd: string; aed: string }, quoteId: string | undefined) {
  const res = await callAs(s, 'POST', '/v2/merchant/transactions', token, {
    category: 'TRANSFER',
    type: 'FX_DEAL',
    quoteId,
    sourceWalletId: w.usd,
    targetWalletId: w.aed,
  });
  expect(res.statusCode, res.body).toBe(201);
  return transactionSchema.parse(res.json());
}

/** The same transfer of `amount` USD, priced by a fresh quote. @internal used by its tests */
export async function usdAedTransfer(s: TestServer, token: string, w: { usd: string; aed: string }, amount: string) {
  const q = await usdAedQuote(s, token, w.usd, amount);
  return transferOnQuote(s, token, w, q.quoteId ?? q.id);
}

/** Approves the transfer's source side as one TSP user, then its target side as another: COMPLETED expected. @internal used by its tests */
export async function approveBothSides(s: TestServer, transactionId: string, sourceApprover: string, targetApprover: string) {
  const S = '/v2/sp/transactions';
  const source = await callAs(s, 'PUT', `${S}/${transactionId}/source-approval`, sourceApprover, { status: 'APPROVED' });
  expect(source.statusCode, source.body).toBe(200);
  const target = await callAs(s, 'PUT', `${S}/${transactionId}/target-approval`, targetApprover, { status: 'APPROVED' });
  expect(target.json().status, target.body).toBe('COMPLETED');
}
