import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { quote as quoteSchema } from '@corridor/api';
import { organisations, wallets } from '../db/schema.ts';
import { feeRules } from '../fees/fee-tables.ts';
import { agentMarkups, currencyDealConfigs, markupLayers, markupProfiles, volatileLayers } from '../pricing-config/pricing-config-schema.ts';
import { orgIdsByCode, priceDealAt, seededUsers, usdAedSpotDeal } from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { rateBookOf } from '../rates/rate-book.ts';
import { forgetRates } from './rate-cache.ts';
import { ibrUsable, usableQuote } from './quote-service.ts';
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

/**
 * Sets the USD/AED SPOT deal of Atlas to a known IBR, set now, with only the given layer 1 markup on the bid: a
 * quote's customer pays USD for AED, so it sells USD at the bid (a negative markup lowers the rate: the TSP's margin).
 */
async function priceWith(ibr: string, layer1?: { type: 'PIP' | 'PERCENTAGE' | 'FLAT' | 'BIP'; value: string }) {
  const db = s.services.db;
  await priceDealAt(s, dealId, ibr);
  if (layer1) {
    await db.insert(markupLayers).values({
      id: `ml-${Math.random()}`,
      layer: 1,
      serviceProviderId: atlasId,
      markupProfileId: '',
      transactionCategory: 'PAYOUT',
      currencyDealConfigId: dealId,
      markupType: layer1.type,
      askMarkup: '0',
      bidMarkup: layer1.value,
    });
  }
  await db.delete(feeRules).where(eq(feeRules.serviceProviderId, atlasId));
  await db.delete(agentMarkups).where(eq(agentMarkups.serviceProviderId, atlasId));
  await db.update(organisations).set({ markupProfileId: null }).where(eq(organisations.parentId, atlasId));
  forgetRates(rateBookOf(s.services));
}

type Slab = { flat?: string; percentage?: string; min?: string; max?: string };
/** A fee rule of Atlas on USD send amounts, one slab from 0 up. */
async function addFee(
  kind: 'MERCHANT' | 'CORRESPONDENT',
  chargeMode: 'OUR' | 'SHA' | 'BEN' | 'REBATE' | 'FX_PREMIUM',
  slab: Slab,
  taxes: Array<{ name: string; percentage: string }> = [],
) {
  await s.services.db.insert(feeRules).values({
    id: `fee-${Math.random()}`,
    kind,
    serviceProviderId: atlasId,
    chargeMode,
    effectiveFrom: '2026-01-01',
    slabCurrency: 'USD',
    slabValueFrom: '0',
    slabs: [
      {
        slabValueFrom: '0',
        slabValueTo: null,
        slabCurrency: 'USD',
        flatFee: slab.flat ?? '0',
        percentageFee: slab.percentage ?? '0',
        minFee: slab.min ?? null,
        maxFee: slab.max ?? null,
      },
    ],
    taxes,
  });
}

async function quoteOf(payload: object = body(), token = globex) {
  const res = await post('/merchant/v1/quote', token, payload);
  expect(res.statusCode, res.body).toBe(201);
  return quoteSchema.parse(res.json());
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
  ({ globex, stark, atlas, meridian } = await seededUsers(s));
  const db = s.services.db;
  const orgs = await orgIdsByCode(db);
  atlasId = orgs.get('ATLAS') ?? '';
  const [w] = await db
    .select({ id: wallets.id, m: wallets.merchantServiceId })
    .from(wallets)
    .where(and(eq(wallets.serviceProviderId, atlasId), eq(wallets.currencyCode, 'USD'), sql`${wallets.merchantServiceId} is not null`));
  usdWallet = w?.id ?? '';
  globexId = w?.m ?? '';
  dealId = await usdAedSpotDeal(db, atlasId);
  // Hand-worked figures need no fees or agent markups unless a test adds them.
});
afterAll(async () => {
  await s?.close();
});

describe('quotes', () => {
  it('prices by send amount with a PIP markup: 3.6725 - 25 x 0.0001 = 3.6700; 1000 USD x 3.67 = 3670.00 AED', async () => {
    await priceWith('3.6725', { type: 'PIP', value: '-25' });
    const res = await post('/merchant/v1/quote', globex, body());
    expect(res.statusCode, res.body).toBe(201);
    const q = quoteSchema.parse(res.json());
    expect(q.rates).toEqual({ ibr: '3.67250000', layer1: '3.67000000', layer2: '3.67000000', volatile: '3.67000000' });
    expect(q.exchangeRate).toBe('3.67000000');
    // 1 / 3.67 = 0.272479564... -> 0.27248
    expect(q.inverseExchangeRate).toBe('0.27248');
    expect(q.receiveAmount).toEqual({ amount: '3670.00', currency: 'AED' });
    expect(q.merchantId).toBe(globexId);
  });

  it('prices by receive amount, keeping it exactly: PERCENTAGE -1 % of 3.6725 = 3.635775; 3635.78 AED / 3.635775 = 1000.00 USD', async () => {
    await priceWith('3.6725', { type: 'PERCENTAGE', value: '-1' });
    const res = await post('/merchant/v1/quote', globex, body({ sendAmount: undefined, receiveAmount: { amount: '3635.78', currency: 'AED' } }));
    expect(res.statusCode, res.body).toBe(201);
    const q = quoteSchema.parse(res.json());
    expect(q.exchangeRate).toBe('3.63577500');
    expect(q.receiveAmount.amount).toBe('3635.78');
    // 3635.78 / 3.635775 = 1000.0013... -> 1000.00
    expect(q.sendAmount.amount).toBe('1000.00');
  });

  it('refuses a rate older than the staleness limit with RATE_STALE', async () => {
    await priceWith('3.6725');
    const old = new Date(s.config.now().getTime() - 61_000);
    await s.services.db.update(currencyDealConfigs).set({ updatedAt: old }).where(eq(currencyDealConfigs.id, dealId));
    forgetRates(rateBookOf(s.services));
    const res = await post('/merchant/v1/quote', globex, body());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'RATE_STALE', invalidParameters: [{ parameter: 'targetCurrency' }] });
  });

  it('holds a feed IBR to the staleness limit and a desk-set IBR to the business day it was set', () => {
    const now = new Date('2026-11-23T16:00:00.000Z');
    const at = (iso: string) => new Date(iso);
    // A feed's rate: 60 s old is usable under a 60 s limit, 61 s is not.
    expect(ibrUsable({ rateProviderId: 'REFINITIV', ibrAt: at('2026-11-23T15:59:00.000Z') }, 60, 60, now)).toBe(true);
    expect(ibrUsable({ rateProviderId: 'REFINITIV', ibrAt: at('2026-11-23T15:58:59.000Z') }, 61, 60, now)).toBe(false);
    // The desk's rate sheet: set at 08:00 it still prices at 16:00 the same day, not the next day.
    expect(ibrUsable({ rateProviderId: 'INTERNAL', ibrAt: at('2026-11-23T08:00:00.000Z') }, 28_800, 60, now)).toBe(true);
    expect(ibrUsable({ rateProviderId: 'INTERNAL', ibrAt: at('2026-11-22T23:59:00.000Z') }, 57_660, 60, now)).toBe(false);
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

describe('hand-worked quotes (IBR 3.6725 USD/AED, 1000 USD sent)', () => {
  it('FLAT -0.01: 3.6725 - 0.01 = 3.6625; 1000 x 3.6625 = 3662.50 AED', async () => {
    await priceWith('3.6725', { type: 'FLAT', value: '-0.01' });
    const q = await quoteOf();
    expect(q.exchangeRate).toBe('3.66250000');
    expect(q.receiveAmount.amount).toBe('3662.50');
  });

  it('BIP -10: 3.6725 x 10 x 0.0001 = 0.0036725, rate 3.6688275; 1000 x it = 3668.8275 -> 3668.83 AED', async () => {
    await priceWith('3.6725', { type: 'BIP', value: '-10' });
    const q = await quoteOf();
    expect(q.exchangeRate).toBe('3.66882750');
    expect(q.receiveAmount.amount).toBe('3668.83');
  });

  it("layer 2 of the merchant's profile on layer 1: PIP -25 -> 3.67, then -0.5 % -> 3.67 x 0.995 = 3.65165; 3651.65 AED", async () => {
    await priceWith('3.6725', { type: 'PIP', value: '-25' });
    const db = s.services.db;
    const profile = `mp-${Math.random()}`;
    await db.insert(markupProfiles).values({ id: profile, serviceProviderId: atlasId, name: `Test ${profile}` });
    await db.update(organisations).set({ markupProfileId: profile }).where(eq(organisations.id, globexId));
    await db.insert(markupLayers).values({
      id: `ml2-${Math.random()}`,
      layer: 2,
      serviceProviderId: atlasId,
      markupProfileId: profile,
      transactionCategory: 'PAYOUT',
      currencyDealConfigId: dealId,
      markupType: 'PERCENTAGE',
      askMarkup: '0',
      bidMarkup: '-0.5',
    });
    const q = await quoteOf();
    expect(q.rates).toEqual({ ibr: '3.67250000', layer1: '3.67000000', layer2: '3.65165000', volatile: '3.65165000' });
    expect(q.receiveAmount.amount).toBe('3651.65');
  });

  it('volatile BIP -20 then an agent FLAT -0.0005: 3.6725 - 0.007345 = 3.665155, - 0.0005 = 3.664655; 3664.655 -> 3664.66 AED', async () => {
    await priceWith('3.6725');
    const db = s.services.db;
    await db.insert(volatileLayers).values({ currencyDealConfigId: dealId, serviceProviderId: atlasId, markupType: 'BIP', askMarkup: '0', bidMarkup: '-20' });
    await db.insert(agentMarkups).values({
      id: `ag-${Math.random()}`,
      serviceProviderId: atlasId,
      productType: 'FX',
      activityType: 'BUY',
      instrumentType: 'SPOT',
      markupType: 'FLAT',
      askMarkup: '0',
      bidMarkup: '-0.0005',
    });
    const q = await quoteOf();
    expect(q.rates.volatile).toBe('3.66515500');
    expect(q.exchangeRate).toBe('3.66465500');
    expect(q.receiveAmount.amount).toBe('3664.66');
  });

  it('OUR merchant fee 5 + 0.1 % = 6.00 USD with VAT 5 % = 0.30: debit 1000 + 6.00 + 0.30 = 1006.30 USD', async () => {
    await priceWith('3.6725');
    await addFee('MERCHANT', 'OUR', { flat: '5', percentage: '0.1' }, [{ name: 'VAT', percentage: '5' }]);
    const q = await quoteOf();
    expect(q.merchantCharges).toEqual([
      { feeType: 'OUR', chargeMode: 'OUR', amount: '6.00', currency: 'USD', tax: { total: '0.30', details: [{ name: 'VAT', amount: '0.30' }] } },
    ]);
    expect(q.totalDebit).toEqual({ amount: '1006.30', currency: 'USD' });
    expect(q.netCredit).toEqual({ amount: '3672.50', currency: 'AED' });
  });

  it('BEN correspondent fee 10 USD = 10 x 3.6725 = 36.725 -> 36.73 AED, VAT 5 % = 1.8365 -> 1.84: credit 3672.50 - 36.73 - 1.84 = 3633.93 AED', async () => {
    await priceWith('3.6725');
    await addFee('CORRESPONDENT', 'BEN', { flat: '10' }, [{ name: 'VAT', percentage: '5' }]);
    const q = await quoteOf(body({ chargeMode: 'BEN' }));
    expect(q.correspondentCharges).toMatchObject([{ feeType: 'BEN', chargeMode: 'BEN', amount: '36.73', currency: 'AED', tax: { total: '1.84' } }]);
    expect(q.netCredit).toEqual({ amount: '3633.93', currency: 'AED' });
    expect(q.totalDebit).toEqual({ amount: '1000.00', currency: 'USD' });
  });

  it('SHA: merchant fee 1 % = 10 raised to its minimum 15.00 USD on the sender; correspondent 2 USD = 7.345 -> 7.35 AED on the beneficiary', async () => {
    await priceWith('3.6725');
    await addFee('MERCHANT', 'SHA', { percentage: '1', min: '15' });
    await addFee('CORRESPONDENT', 'SHA', { flat: '2' });
    const q = await quoteOf(body({ chargeMode: 'SHA' }));
    expect(q.merchantCharges).toMatchObject([{ feeType: 'OUR', amount: '15.00', currency: 'USD' }]);
    expect(q.correspondentCharges).toMatchObject([{ feeType: 'BEN', amount: '7.35', currency: 'AED' }]);
    expect(q.totalDebit?.amount).toBe('1015.00');
    // 3672.50 - 7.35 = 3665.15
    expect(q.netCredit?.amount).toBe('3665.15');
  });

  it('REBATE flat 3 and FX_PREMIUM 0.05 % = 0.50 USD are incentives: listed, borne by nobody, totals unchanged', async () => {
    await priceWith('3.6725');
    await addFee('MERCHANT', 'REBATE', { flat: '3' });
    await addFee('MERCHANT', 'FX_PREMIUM', { percentage: '0.05', max: '100' });
    const q = await quoteOf();
    expect(q.merchantCharges).toMatchObject([
      { feeType: 'REBATE', chargeMode: null, amount: '3.00', currency: 'USD' },
      { feeType: 'FX_PREMIUM', chargeMode: null, amount: '0.50', currency: 'USD' },
    ]);
    expect(q.totalDebit?.amount).toBe('1000.00');
  });

  it("a TSP's fee edit replaces the quote with one on its values; the merchant's quote is then invalid", async () => {
    await priceWith('3.6725');
    await addFee('CORRESPONDENT', 'OUR', { flat: '10' });
    const q = await quoteOf();
    expect(q.correspondentCharges).toMatchObject([{ feeType: 'OUR', amount: '10.00' }]);
    const edit = await post('/tsp/v1/quote', atlas, { quoteId: q.id, fees: { OUR: '4', REBATE: '2' } });
    expect(edit.statusCode, edit.body).toBe(201);
    const edited = quoteSchema.parse(edit.json());
    expect(edited.correspondentCharges).toMatchObject([{ feeType: 'OUR', amount: '4.00' }]);
    expect(edited.merchantCharges).toMatchObject([{ feeType: 'REBATE', amount: '2.00' }]);
    // 1000 + 4.00
    expect(edited.totalDebit?.amount).toBe('1004.00');
    await expect(usableQuote(s.services.db, q.id, merchantTenant(globexId), s.config.now())).rejects.toMatchObject({ code: 'QUOTE_EXPIRED' });
    expect((await post('/tsp/v1/quote', meridian, { quoteId: edited.id, fees: { OUR: '1' } })).statusCode).toBe(404);
    const badFee = await post('/tsp/v1/quote', atlas, { quoteId: edited.id, fees: { OUR: '1.005' } });
    expect(badFee.statusCode).toBe(400);
    expect(badFee.json()).toMatchObject({ invalidParameters: [{ parameter: 'fees.OUR' }] });
  });
});
