import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeForTransaction, feeRule, pageOf, pricingModel } from '@corridor/api';
import { priceQuote } from '@corridor/domain';
import { organisations } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { feesFor } from './fee-for-transaction.ts';

let s: TestServer;
let globex: string; // merchant of Atlas, Premium fee profile
let stark: string; // merchant of Meridian
let atlas: string;
let meridian: string;
let admin: string;
const org = new Map<string, string>();

const rulePage = pageOf(feeRule);
const profilePage = pageOf(pricingModel);

beforeAll(async () => {
  s = await startTestServer();
  [globex, stark, atlas, meridian, admin] = await Promise.all([
    s.token('100000001'),
    s.token('100000004'),
    s.token('200000001'),
    s.token('200000002'),
    s.token('900000001'),
  ]);
  for (const row of await s.services.db.select({ id: organisations.id, code: organisations.code }).from(organisations)) org.set(row.code, row.id);
});
afterAll(async () => {
  await s?.close();
});

function send(method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object, key?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (key) headers['idempotency-key'] = key;
  return s.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

const usdRule = (over: Record<string, unknown> = {}) => ({
  chargeMode: 'OUR',
  effectiveFrom: '2026-01-01',
  walletCurrencyCode: 'USD',
  transactionType: 'B2B-TEST',
  slabs: [
    { slabValueFrom: '0', slabValueTo: '1000', slabCurrency: 'USD', flatFee: '5', percentageFee: '0' },
    { slabValueFrom: '1000.01', slabValueTo: null, slabCurrency: 'USD', flatFee: '0', percentageFee: '1', minFee: '12', maxFee: '90' },
  ],
  taxes: [{ name: 'VAT', percentage: '5' }],
  ...over,
});

const fieldsOf = (body: { invalidParameters?: Array<{ parameter: string }> }) => (body.invalidParameters ?? []).map((p) => p.parameter);

describe('merchant fee rules (/tsp/v1/pricing/fees)', () => {
  it('lists the demo price list of the TSP only, filtered and sorted', async () => {
    const mine = rulePage.parse((await s.get('/tsp/v1/pricing/fees?size=100', atlas)).json());
    expect(mine.totalElements).toBeGreaterThan(5);
    expect(new Set(mine.content.map((r) => r.serviceProviderId))).toEqual(new Set([org.get('ATLAS')]));
    const theirs = rulePage.parse((await s.get('/tsp/v1/pricing/fees?size=100', meridian)).json());
    expect(theirs.content.some((r) => mine.content.some((m) => m.id === r.id))).toBe(false);
    const ours = rulePage.parse((await s.get('/tsp/v1/pricing/fees?chargeModes=OUR&slabCurrencies=AED&sort=effectiveFrom,desc', atlas)).json());
    expect(ours.content.length).toBeGreaterThan(0);
    expect(ours.content.every((r) => r.chargeMode === 'OUR' && r.slabs[0]?.slabCurrency === 'AED')).toBe(true);
  });

  it('filters by slab range, effective window and promotion', async () => {
    const list = async (q: string) => rulePage.parse((await s.get(`/tsp/v1/pricing/fees?size=100&slabCurrencies=USD&${q}`, atlas)).json()).content;
    // Rules whose schedule reaches 9,000 USD exclude the rebate that starts at 10,000.
    const upTo9000 = await list('slabValueTo=9000');
    expect(upTo9000.some((r) => r.chargeMode === 'REBATE')).toBe(false);
    expect(upTo9000.some((r) => r.chargeMode === 'OUR')).toBe(true);
    // Every demo schedule ends in an open slab, so every rule reaches 20,000 USD.
    expect((await list('slabValueFrom=20000')).length).toBe((await list('')).length);
    expect((await list('isPromotional=true')).map((r) => r.chargeMode)).toEqual(['SHA']);
    expect(await list('effectiveTo=2000-01-01')).toEqual([]);
  });

  it('creates (once per idempotency key), reads, replaces and deletes a rule', async () => {
    const first = await send('POST', '/tsp/v1/pricing/fees', atlas, usdRule(), 'fee-create-1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await send('POST', '/tsp/v1/pricing/fees', atlas, usdRule(), 'fee-create-1');
    const created = feeRule.parse(first.json());
    expect(feeRule.parse(again.json()).id).toBe(created.id);
    expect(created.slabs[1]).toMatchObject({ minFee: '12', maxFee: '90' });
    expect(created.taxes).toEqual([{ name: 'VAT', percentage: '5' }]);
    expect((await s.get(`/tsp/v1/pricing/fees/${created.id}`, atlas)).statusCode).toBe(200);

    const put = await send('PUT', `/tsp/v1/pricing/fees/${created.id}`, atlas, usdRule({ status: 'INACTIVE' }));
    expect(put.statusCode, put.body).toBe(200);
    expect(feeRule.parse(put.json()).status).toBe('INACTIVE');
    expect((await send('DELETE', `/tsp/v1/pricing/fees/${created.id}`, atlas)).statusCode).toBe(204);
    expect((await s.get(`/tsp/v1/pricing/fees/${created.id}`, atlas)).statusCode).toBe(404);
  });

  it("answers 404 for another TSP's rule, read or written", async () => {
    const created = feeRule.parse((await send('POST', '/tsp/v1/pricing/fees', atlas, usdRule())).json());
    expect((await s.get(`/tsp/v1/pricing/fees/${created.id}`, meridian)).statusCode).toBe(404);
    expect((await send('PUT', `/tsp/v1/pricing/fees/${created.id}`, meridian, usdRule())).statusCode).toBe(404);
    expect((await send('DELETE', `/tsp/v1/pricing/fees/${created.id}`, meridian)).statusCode).toBe(404);
    // A merchant cannot reach the TSP's price list at all.
    expect((await s.get('/tsp/v1/pricing/fees', globex)).statusCode).toBe(403);
  });

  it("refuses another TSP's fee profile, naming merchantFeeProfileId", async () => {
    const meridianProfile = profilePage.parse((await s.get('/v1/pricing/fee/profile', meridian)).json()).content[0];
    const res = await send('POST', '/tsp/v1/pricing/fees', atlas, usdRule({ merchantFeeProfileId: meridianProfile?.id }));
    expect(res.statusCode).toBe(404);
    expect(fieldsOf(res.json())).toEqual(['merchantFeeProfileId']);
  });

  const slab = (from: string, to: string | null, over: Record<string, unknown> = {}) => ({
    slabValueFrom: from,
    slabValueTo: to,
    slabCurrency: 'USD',
    flatFee: '1',
    percentageFee: '0',
    ...over,
  });
  it.each([
    ['overlapping slabs', [slab('0', '1000'), slab('999', null)], 'slabs.1.slabValueFrom'],
    ['a gap between slabs', [slab('0', '1000'), slab('1000.05', null)], 'slabs.1.slabValueFrom'],
    ['an open slab before the last', [slab('0', null), slab('1000.01', null)], 'slabs.0.slabValueTo'],
    ['a negative flat fee', [slab('0', null, { flatFee: '-1' })], 'slabs.0.flatFee'],
    ['a cap below the floor', [slab('0', null, { minFee: '10', maxFee: '5' })], 'slabs.0.maxFee'],
    ['a percentage over 100', [slab('0', null, { percentageFee: '101' })], 'slabs.0.percentageFee'],
    ['more decimals than USD has', [slab('0', null, { flatFee: '1.005' })], 'slabs.0.flatFee'],
    ['a JPY fraction', [slab('0', null, { slabCurrency: 'JPY', flatFee: '100.5' })], 'slabs.0.flatFee'],
    ['an unknown currency', [slab('0', null, { slabCurrency: 'XQQ' })], 'slabs.0.slabCurrency'],
    ['mixed currencies', [slab('0', '1000'), slab('1000.01', null, { slabCurrency: 'EUR' })], 'slabs.1.slabCurrency'],
    ['a slab ending before it starts', [slab('500', '100')], 'slabs.0.slabValueTo'],
  ])('refuses %s with 400 naming the field', async (_name, slabs, field) => {
    const res = await send('POST', '/tsp/v1/pricing/fees', atlas, usdRule({ slabs }));
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldsOf(res.json())).toContain(field);
  });

  it('refuses an unknown wallet currency, a bad tax and an end before the start', async () => {
    const res = await send(
      'POST',
      '/tsp/v1/pricing/fees',
      atlas,
      usdRule({
        walletCurrencyCode: 'QQQ',
        effectiveTo: '2025-01-01',
        taxes: [{ name: 'VAT', percentage: '-5' }],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json()).sort()).toEqual(['effectiveTo', 'taxes.0.percentage', 'walletCurrencyCode']);
  });
});

describe('fee profiles (/v1/pricing/fee/profile)', () => {
  it('creates, finds, reads with its fees, renames and deletes a profile of the TSP', async () => {
    const res = await send('POST', '/v1/pricing/fee/profile', atlas, { name: 'Exporters 2026', description: 'Export corridor pricing' }, 'profile-1');
    expect(res.statusCode, res.body).toBe(201);
    const profile = pricingModel.parse(res.json());
    const found = profilePage.parse((await s.get('/v1/pricing/fee/profile?query=exporters&enabled=true', atlas)).json());
    expect(found.content.map((p) => p.id)).toEqual([profile.id]);
    expect(profilePage.parse((await s.get('/v1/pricing/fee/profile?query=exporters', meridian)).json()).totalElements).toBe(0);

    const rule = feeRule.parse((await send('POST', '/tsp/v1/pricing/fees', atlas, usdRule({ merchantFeeProfileId: profile.id }))).json());
    const one = (await s.get(`/v1/pricing/fee/profile/${profile.id}`, atlas)).json() as { fees: Array<{ id: string }> };
    expect(one.fees.map((f) => f.id)).toEqual([rule.id]);
    // A profile that still prices something is not deleted.
    expect((await send('DELETE', `/v1/pricing/fee/profile/${profile.id}`, atlas)).statusCode).toBe(409);
    await send('DELETE', `/tsp/v1/pricing/fees/${rule.id}`, atlas);

    const renamed = await send('PUT', `/v1/pricing/fee/profile/${profile.id}`, atlas, { name: 'Exporters', enabled: false });
    expect(pricingModel.parse(renamed.json())).toMatchObject({ name: 'Exporters', enabled: false });
    expect((await s.get(`/v1/pricing/fee/profile/${profile.id}`, meridian)).statusCode).toBe(404);
    expect((await send('DELETE', `/v1/pricing/fee/profile/${profile.id}`, meridian)).statusCode).toBe(404);
    expect((await send('DELETE', `/v1/pricing/fee/profile/${profile.id}`, atlas)).statusCode).toBe(204);
  });

  it('refuses a second profile of the same name, a profile assigned to merchants, and creation by operations', async () => {
    const dup = await send('POST', '/v1/pricing/fee/profile', atlas, { name: 'standard' });
    expect(dup.statusCode).toBe(400);
    expect(fieldsOf(dup.json())).toEqual(['name']);
    const standard = profilePage.parse((await s.get('/v1/pricing/fee/profile?query=Standard', meridian)).json()).content[0];
    expect((await send('DELETE', `/v1/pricing/fee/profile/${standard?.id ?? ''}`, meridian)).statusCode).toBe(409);
    expect((await send('POST', '/v1/pricing/fee/profile', admin, { name: 'Ops' })).statusCode).toBe(403);
    const all = profilePage.parse((await s.get('/v1/pricing/fee/profile?size=100', admin)).json());
    expect(new Set(all.content.map((p) => p.serviceProviderId))).toEqual(new Set([org.get('ATLAS'), org.get('MERIDIAN')]));
    expect((await s.get('/v1/pricing/fee/profile', globex)).statusCode).toBe(403);
  });
});

describe('concurrent writes', () => {
  it('creates one profile of a name when several ask at once; the others get 400 naming name, never a 500', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => send('POST', '/v1/pricing/fee/profile', atlas, { name: 'Race profile' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.statusCode === 400)) expect(fieldsOf(refused.json())).toEqual(['name']);
  });
});

describe('correspondent fees (/v1/pricing/correspondent/fees)', () => {
  it('serves the CRUD calls scoped to the TSP and prices a transaction', async () => {
    const res = await send('POST', '/v1/pricing/correspondent/fees', meridian, usdRule({ chargeMode: 'BEN', correspondentId: 'COR-001', taxes: [] }), 'corr-1');
    expect(res.statusCode, res.body).toBe(201);
    const rule = feeRule.parse(res.json());
    expect((await s.get(`/v1/pricing/correspondent/fees/${rule.id}`, atlas)).statusCode).toBe(404);
    // A merchant fee id is not a correspondent fee.
    const merchantRule = rulePage.parse((await s.get('/tsp/v1/pricing/fees?size=1', meridian)).json()).content[0];
    expect((await s.get(`/v1/pricing/correspondent/fees/${merchantRule?.id ?? ''}`, meridian)).statusCode).toBe(404);
    const listed = rulePage.parse((await s.get('/v1/pricing/correspondent/fees?correspondentIds=COR-001', meridian)).json());
    expect(listed.content.map((r) => r.id)).toEqual([rule.id]);

    // 2,500 USD through COR-001, beneficiary pays: the specific rule (1 % = 25, within 12..90) beats the generic 15 flat.
    const amount = encodeURIComponent(JSON.stringify({ amount: '2500', currency: 'USD' }));
    const url = `/v1/pricing/correspondent/fees/for-transaction?chargeMode=BEN&correspondentId=COR-001&transactionType=B2B-TEST&sourceAmount=${amount}`;
    const priced = feeForTransaction.parse((await s.get(url, meridian)).json());
    expect(priced.fees.filter((f) => f.feeType === 'BEN')).toEqual([
      { feeRuleId: rule.id, feeType: 'BEN', amount: '25.00', currency: 'USD', tax: { total: '0.00', details: [] } },
    ]);
    const generic = feeForTransaction.parse(
      (await s.get(`/v1/pricing/correspondent/fees/for-transaction?chargeMode=BEN&sourceAmount=${amount}`, meridian)).json(),
    );
    expect(generic.fees.map((f) => [f.feeType, f.amount])).toEqual([['BEN', '15.00']]);

    const put = await send('PUT', `/v1/pricing/correspondent/fees/${rule.id}`, meridian, usdRule({ chargeMode: 'BEN', merchantFeeProfileId: 'x' }));
    expect(fieldsOf(put.json())).toEqual(['merchantFeeProfileId']);
    expect((await send('DELETE', `/v1/pricing/correspondent/fees/${rule.id}`, meridian)).statusCode).toBe(204);
  });
});

describe('fees for a transaction', () => {
  const usd = (amount: string, currency = 'USD') => encodeURIComponent(JSON.stringify({ amount, currency }));

  it("prices a merchant's transaction under its fee profile, with VAT, listing incentives apart", async () => {
    const res = await s.get(
      `/merchant/v1/pricing/fees/for-transaction?serviceProviderId=${org.get('ATLAS') ?? ''}&chargeMode=OUR&sourceAmount=${usd('20000')}`,
      globex,
    );
    expect(res.statusCode, res.body).toBe(200);
    const priced = feeForTransaction.parse(res.json());
    // Premium OUR: 20,000 x 0.15 % = 30.00 (between 8 and 75); VAT 5 % of 30.00 = 1.50.
    // Incentives, untaxed: rebate 20,000 x 0.05 % = 10.00 (cap 100); FX premium 20,000 x 0.1 % = 20.00 (floor 1).
    expect(priced.fees.map((f) => [f.feeType, f.amount, f.tax.total])).toEqual([
      ['OUR', '30.00', '1.50'],
      ['REBATE', '10.00', '0.00'],
      ['FX_PREMIUM', '20.00', '0.00'],
    ]);
    // The payer pays the charge and its tax; incentives are not added: 30.00 + 1.50.
    expect(priced).toMatchObject({ total: '31.50', currency: 'USD' });
  });

  it('answers the same lines to the TSP naming the merchant, and generic lines without one', async () => {
    const base = `/tsp/v1/pricing/fees/for-transaction?chargeMode=OUR&sourceAmount=${usd('20000')}`;
    const forGlobex = feeForTransaction.parse((await s.get(`${base}&merchantId=${org.get('GLOBEX') ?? ''}`, atlas)).json());
    expect(forGlobex.total).toBe('31.50');
    const generic = feeForTransaction.parse((await s.get(base, atlas)).json());
    expect(generic.fees.map((f) => f.feeType)).toEqual(['FX_PREMIUM']);
    const foreign = await s.get(`${base}&merchantId=${org.get('STARK') ?? ''}`, atlas);
    expect(foreign.statusCode).toBe(404);
    expect(fieldsOf(foreign.json())).toEqual(['merchantId']);
  });

  it('prices on the receive amount when no send amount is given, in its currency', async () => {
    // Meridian's Standard BEN fee for STARK: 3 GBP flat; no VAT in the UK price list; FX premium 0.1 % of 8,000 = 8.00.
    const url = `/merchant/v1/pricing/fees/for-transaction?serviceProviderId=${org.get('MERIDIAN') ?? ''}&chargeMode=BEN&targetAmount=${usd('8000', 'GBP')}`;
    const priced = feeForTransaction.parse((await s.get(url, stark)).json());
    expect(priced.fees.map((f) => [f.feeType, f.amount, f.currency])).toEqual([
      ['BEN', '3.00', 'GBP'],
      ['FX_PREMIUM', '8.00', 'GBP'],
    ]);
    expect(priced).toMatchObject({ total: '3.00', currency: 'GBP' });
  });

  it('refuses another TSP for a merchant, and bad amounts, naming the field; never a 500', async () => {
    const other = await s.get(`/merchant/v1/pricing/fees/for-transaction?serviceProviderId=${org.get('MERIDIAN') ?? ''}&sourceAmount=${usd('10')}`, globex);
    expect(other.statusCode).toBe(404);
    expect(fieldsOf(other.json())).toEqual(['serviceProviderId']);
    const tsp = org.get('MERIDIAN') ?? '';
    const cases: Array<[string, string]> = [
      [`sourceAmount=${usd('10.001')}`, 'sourceAmount.amount'],
      [`sourceAmount=${usd('-10')}`, 'sourceAmount.amount'],
      [`sourceAmount=${usd('0')}`, 'sourceAmount.amount'],
      [`sourceAmount=${usd('10', 'QQQ')}`, 'sourceAmount.currency'],
      ['sourceAmount=not-json', 'sourceAmount'],
      ['', 'sourceAmount'],
      ['chargeMode=ALL', 'chargeMode'],
    ];
    for (const [query, field] of cases) {
      const res = await s.get(`/merchant/v1/pricing/fees/for-transaction?serviceProviderId=${tsp}&${query}`, stark);
      expect(res.statusCode, query).toBe(400);
      expect(fieldsOf(res.json()), query).toContain(field);
    }
  });

  it('serves the internal counterparts to operations only', async () => {
    const body = { chargeMode: 'OUR', merchantId: org.get('GLOBEX'), sourceAmount: { amount: '20000', currency: 'USD' } };
    const res = await send('POST', `/v1/internal/merchant/fees/for-transaction?serviceProviderId=${org.get('ATLAS') ?? ''}`, admin, body);
    expect(res.statusCode, res.body).toBe(200);
    const priced = feeForTransaction.parse(res.json());
    expect(priced.total).toBe('31.50');
    const corr = feeForTransaction.parse(
      (
        await send('POST', `/v1/internal/correspondent/fees/for-transaction?serviceProviderId=${org.get('ATLAS') ?? ''}`, admin, { ...body, chargeMode: 'OUR' })
      ).json(),
    );
    // Atlas's correspondent OUR charge: 12 flat up to 50,000 plus VAT 0.60.
    expect(corr.fees.map((f) => [f.feeType, f.amount, f.tax.total])).toEqual([['OUR', '12.00', '0.60']]);
    const id = priced.fees[0]?.feeRuleId ?? '';
    expect(feeRule.parse((await s.get(`/v1/internal/fees/${id}`, admin)).json()).id).toBe(id);
    expect((await s.get(`/v1/internal/fees/${id}`, atlas)).statusCode).toBe(403);
    expect((await send('POST', `/v1/internal/merchant/fees/for-transaction?serviceProviderId=${org.get('ATLAS') ?? ''}`, atlas, body)).statusCode).toBe(403);
  });
});

describe('feesFor (the quote engine input)', () => {
  it("hands priceQuote the merchant's schedules, which price as the fee call does", async () => {
    const now = new Date();
    const fees = await feesFor(s.services.db, {
      tspId: org.get('ATLAS') ?? '',
      merchantId: org.get('GLOBEX') ?? '',
      sourceCurrency: 'USD',
      targetCurrency: 'AED',
      amount: '20000',
      chargeMode: 'OUR',
      now,
    });
    expect(fees.merchantFee?.slabs[1]).toEqual({ from: '5000.01', to: null, flat: '0', percentage: '0.15', min: '8', max: '75' });
    expect(fees.correspondentFee?.chargeMode).toBe('OUR');
    expect(fees.taxes).toEqual([{ name: 'VAT', percentage: '5' }]);
    expect(fees.feeRuleIds).toHaveLength(4);
    const { feeRuleIds: _ids, ...inputs } = fees;
    const quote = priceQuote({
      source: { code: 'USD', dp: 2 },
      target: { code: 'AED', dp: 2 },
      ibrRate: '3.6725',
      amount: { side: 'send', value: '20000' },
      now,
      ...inputs,
    });
    // The same lines as the fee call above: 30.00 + 1.50 VAT, rebate 10.00 and FX premium 20.00 untaxed.
    expect(quote.merchantCharges.map((c) => [c.feeType, c.amount, c.tax.total])).toEqual([
      ['OUR', '30.00', '1.50'],
      ['REBATE', '10.00', '0.00'],
      ['FX_PREMIUM', '20.00', '0.00'],
    ]);
    expect(quote.correspondentCharges.map((c) => [c.feeType, c.amount])).toEqual([['OUR', '12.00']]);
  });

  it('refuses a merchant of another TSP, naming merchantId', async () => {
    await expect(
      feesFor(s.services.db, {
        tspId: org.get('ATLAS') ?? '',
        merchantId: org.get('STARK') ?? '',
        sourceCurrency: 'USD',
        targetCurrency: 'AED',
        amount: '1',
        chargeMode: 'OUR',
        now: new Date(),
      }),
    ).rejects.toMatchObject({ status: 404, invalidParameters: [{ parameter: 'merchantId' }] });
  });
});
