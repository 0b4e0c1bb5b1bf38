import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { quote as quoteSchema } from '@corridor/api';
import { organisations, wallets } from '../db/schema.ts';
import { feeRules } from '../fees/fee-tables.ts';
import { agentMarkups, currencyDealConfigs, markupLayers, volatileLayers } from '../pricing-config/pricing-config-schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { forgetRates } from './rate-cache.ts';
import { usableQuote } from './quote-service.ts';
import { merchantTenant } from '../tenant/tenant.ts';

let s: TestServer;
let globex: string; // merchant of Atlas
let stark: string; // merchant of Meridian
let atlas: string;
let meridian: string;
let globexId: string;
let atlasId: string;
let usdWallet: string;
let dealId: string;

function post(url: string, token: string, payload: object) {
  return s.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
}

/** Sets the USD/AED SPOT deal of Atlas to a known IBR, set now, with only the given layer 1 markup. */
async function priceWith(ibr: string, layer1?: { type: 'PIP' | 'PERCENTAGE' | 'FLAT' | 'BIP'; value: string }) {
  const db = s.services.db;
  await db.update(currencyDealConfigs).set({ ibrRate: ibr, updatedAt: s.config.now() }).where(eq(currencyDealConfigs.id, dealId));
  await db.delete(markupLayers).where(eq(markupLayers.currencyDealConfigId, dealId));
  await db.delete(volatileLayers).where(eq(volatileLayers.currencyDealConfigId, dealId));
  if (layer1) {
    await db.insert(markupLayers).values({
      id: `ml-${Math.random()}`,
      layer: 1,
      serviceProviderId: atlasId,
      markupProfileId: '',
      transactionCategory: 'PAYOUT',
      currencyDealConfigId: dealId,
      markupType: layer1.type,
      askMarkup: layer1.value,
      bidMarkup: '0',
    });
  }
  forgetRates(db);
}

const body = (over: Record<string, unknown> = {}) => ({
  transactionCategory: 'PAYOUT',
  dealType: 'SPOT',
  sourceWalletId: usdWallet,
  sendAmount: { amount: '1000', currency: 'USD' },
  targetCurrency: 'AED',
  ...over,
});

beforeAll(async () => {
  s = await startTestServer();
  [globex, stark, atlas, meridian] = await Promise.all([s.token('100000001'), s.token('100000004'), s.token('200000001'), s.token('200000002')]);
  const db = s.services.db;
  const orgs = new Map((await db.select({ id: organisations.id, code: organisations.code }).from(organisations)).map((o) => [o.code, o.id]));
  atlasId = orgs.get('ATLAS') ?? '';
  const [w] = await db
    .select({ id: wallets.id, m: wallets.merchantServiceId })
    .from(wallets)
    .where(and(eq(wallets.serviceProviderId, atlasId), eq(wallets.currencyCode, 'USD'), sql`${wallets.merchantServiceId} is not null`));
  usdWallet = w?.id ?? '';
  globexId = w?.m ?? '';
  const [d] = await db
    .select({ id: currencyDealConfigs.id })
    .from(currencyDealConfigs)
    .where(
      and(
        eq(currencyDealConfigs.serviceProviderId, atlasId),
        eq(currencyDealConfigs.sourceCurrency, 'USD'),
        eq(currencyDealConfigs.targetCurrency, 'AED'),
        eq(currencyDealConfigs.dealType, 'SPOT'),
      ),
    );
  dealId = d?.id ?? '';
  // Hand-worked figures need no fees or agent markups unless a test adds them.
  await db.delete(feeRules).where(eq(feeRules.serviceProviderId, atlasId));
  await db.delete(agentMarkups).where(eq(agentMarkups.serviceProviderId, atlasId));
  await db.update(organisations).set({ markupProfileId: null }).where(eq(organisations.parentId, atlasId));
});
afterAll(async () => {
  await s?.close();
});

describe('quotes', () => {
  it('prices by send amount with a PIP markup: 3.6725 + 25 x 0.0001 = 3.6750; 1000 USD x 3.675 = 3675.00 AED', async () => {
    await priceWith('3.6725', { type: 'PIP', value: '25' });
    const res = await post('/merchant/v1/quote', globex, body());
    expect(res.statusCode, res.body).toBe(201);
    const q = quoteSchema.parse(res.json());
    expect(q.rates).toEqual({ ibr: '3.67250000', layer1: '3.67500000', layer2: '3.67500000', volatile: '3.67500000' });
    expect(q.exchangeRate).toBe('3.67500000');
    // 1 / 3.675 = 0.272108843... -> 0.27211
    expect(q.inverseExchangeRate).toBe('0.27211');
    expect(q.receiveAmount).toEqual({ amount: '3675.00', currency: 'AED' });
    expect(q.merchantId).toBe(globexId);
  });

  it('prices by receive amount, keeping it exactly: PERCENTAGE 1 % of 3.6725 = 3.709225; 3709.23 AED / 3.709225 = 1000.00 USD', async () => {
    await priceWith('3.6725', { type: 'PERCENTAGE', value: '1' });
    const res = await post('/merchant/v1/quote', globex, body({ sendAmount: undefined, receiveAmount: { amount: '3709.23', currency: 'AED' } }));
    expect(res.statusCode, res.body).toBe(201);
    const q = quoteSchema.parse(res.json());
    expect(q.exchangeRate).toBe('3.70922500');
    expect(q.receiveAmount.amount).toBe('3709.23');
    // 3709.23 / 3.709225 = 1000.0013... -> 1000.00
    expect(q.sendAmount.amount).toBe('1000.00');
  });

  it('refuses a rate older than the staleness limit with RATE_STALE', async () => {
    await priceWith('3.6725');
    const old = new Date(s.config.now().getTime() - 61_000);
    await s.services.db.update(currencyDealConfigs).set({ updatedAt: old }).where(eq(currencyDealConfigs.id, dealId));
    forgetRates(s.services.db);
    const res = await post('/merchant/v1/quote', globex, body());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'RATE_STALE', invalidParameters: [{ parameter: 'targetCurrency' }] });
  });

  it('expires, is refused for use, and is replaced through negotiation; the old quote stays unusable', async () => {
    await priceWith('3.6725');
    const first = (await post('/merchant/v1/quote', globex, body())).json() as { id: string; expireAt: string };
    const tenant = merchantTenant(globexId);
    await expect(usableQuote(s.services.db, first.id, tenant, s.config.now())).resolves.toMatchObject({ id: first.id });
    const early = await post('/merchant/v1/quote/negotiate', globex, { quoteId: first.id });
    expect(early.statusCode).toBe(409);
    const fees = await post('/merchant/v1/quote/negotiate', globex, { quoteId: first.id, fees: { OUR: '5' } });
    expect(fees.statusCode).toBe(403);
    expect(fees.json()).toMatchObject({ invalidParameters: [{ parameter: 'fees' }] });
    // SPOT validity is 300 s in the demo deals.
    s.advance(301_000);
    await expect(usableQuote(s.services.db, first.id, tenant, s.config.now())).rejects.toMatchObject({ code: 'QUOTE_EXPIRED' });
    await priceWith('3.6800');
    const renewed = await post('/merchant/v1/quote/negotiate', globex, { quoteId: first.id });
    expect(renewed.statusCode, renewed.body).toBe(201);
    const fresh = renewed.json() as { id: string; exchangeRate: string; receiveAmount: { amount: string } };
    expect(fresh.exchangeRate).toBe('3.68000000');
    expect(fresh.receiveAmount.amount).toBe('3680.00');
    const old = (await s.get(`/merchant/v1/quote/${first.id}`, globex)).json() as { status: string; replacedBy: string; quote: { expired: boolean } };
    expect(old).toMatchObject({ status: 'INVALID', replacedBy: fresh.id, quote: { expired: true } });
    const again = await post('/merchant/v1/quote/negotiate', globex, { quoteId: first.id });
    expect(again.statusCode).toBe(409);
    await expect(usableQuote(s.services.db, fresh.id, tenant, s.config.now())).resolves.toMatchObject({ id: fresh.id });
  });

  it('shows a quote to its merchant and its TSP only (404 naming the field otherwise)', async () => {
    await priceWith('3.6725');
    const q = (await post('/merchant/v1/quote', globex, body())).json() as { id: string };
    expect((await s.get(`/merchant/v1/quote/${q.id}`, globex)).statusCode).toBe(200);
    expect((await s.get(`/tsp/v1/quote/${q.id}`, atlas)).statusCode).toBe(200);
    expect((await s.get(`/tsp/v1/merchant/quote/${q.id}`, atlas)).statusCode).toBe(200);
    const foreign = await s.get(`/merchant/v1/quote/${q.id}`, stark);
    expect(foreign.statusCode).toBe(404);
    expect((await s.get(`/tsp/v1/quote/${q.id}`, meridian)).statusCode).toBe(404);
    const otherWallet = await post('/merchant/v1/quote', stark, body());
    expect(otherWallet.statusCode).toBe(404);
    expect(otherWallet.json()).toMatchObject({ invalidParameters: [{ parameter: 'sourceWalletId' }] });
    const tsp = await post('/tsp/v1/quote', atlas, body());
    expect(tsp.statusCode, tsp.body).toBe(201);
  });

  it('answers bad input with 400 naming the field', async () => {
    await priceWith('3.6725');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ targetCurrency: 'XYZ' }, 'targetCurrency'],
      [{ targetCurrency: 'JPY' }, 'targetCurrency'],
      [{ dealType: 'TOM' }, 'dealType'],
      [{ sendAmount: { amount: '10.123', currency: 'USD' } }, 'sendAmount.amount'],
      [{ sendAmount: { amount: '0', currency: 'USD' } }, 'sendAmount.amount'],
      [{ sendAmount: { amount: '-5', currency: 'USD' } }, 'sendAmount.amount'],
      [{ sendAmount: { amount: '10', currency: 'EUR' } }, 'sendAmount.currency'],
    ];
    for (const [over, field] of cases) {
      const res = await post('/merchant/v1/quote', globex, body(over));
      expect([400, 422], `${JSON.stringify(over)} ${res.body}`).toContain(res.statusCode);
      expect((res.json() as { invalidParameters: Array<{ parameter: string }> }).invalidParameters.map((p) => p.parameter)).toContain(field);
    }
  });
});
