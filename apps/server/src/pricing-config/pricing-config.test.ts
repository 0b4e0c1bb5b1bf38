import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  currencyConfig,
  currencyDeal,
  fundingParty,
  globalConfig,
  instrument,
  layer1Markup,
  layer2Markup,
  markupProfile,
  merchantConfig,
  pageOf,
  volatileLayer,
} from '@corridor/api';
import { organisations } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { markupsFor } from './markup-service.ts';
import { rateStalenessSeconds } from './settings-service.ts';

let s: TestServer;
let atlas: string; // TSP
let meridian: string; // another TSP
let admin: string;
let globex: string; // merchant of Atlas
let atlasId: string;
let meridianId: string;
let globexId: string;

beforeAll(async () => {
  s = await startTestServer();
  [atlas, meridian, admin, globex] = await Promise.all([s.token('200000001'), s.token('200000002'), s.token('900000001'), s.token('100000001')]);
  const orgs = await s.services.db.select({ id: organisations.id, code: organisations.code }).from(organisations);
  const idOf = (code: string) => orgs.find((o) => o.code === code)?.id ?? '';
  [atlasId, meridianId, globexId] = [idOf('ATLAS'), idOf('MERIDIAN'), idOf('GLOBEX')];
});
afterAll(async () => s?.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) {
  return s.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function expectField(res: { statusCode: number; body: string; json: () => unknown }, status: number, parameter: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { code: string; traceId: string; invalidParameters: Array<{ parameter: string }> };
  expect(body.traceId).toBeTruthy();
  expect(body.invalidParameters.map((p) => p.parameter)).toContain(parameter);
  return body;
}

/** A fresh pair with one deal config for the TSP behind `token` (SPOT through REFINITIV unless told). */
async function pairWithDeal(token: string, source: string, target: string, deal: Record<string, unknown> = {}) {
  const pair = currencyConfig.parse((await call('POST', '/v1/config/currencies', token, { sourceCurrency: source, targetCurrency: target })).json());
  const res = await call('POST', '/v1/config/currency-deals', token, {
    currencyConfigId: pair.id,
    sourceCurrency: source,
    targetCurrency: target,
    dealType: 'SPOT',
    rateProviderId: 'REFINITIV',
    instrumentId: `${source}${target}-SPOT`,
    ...deal,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { pair, deal: currencyDeal.parse(res.json()) };
}

const layerBody = (
  deal: { id: string; currencyConfigId: string; sourceCurrency: string; targetCurrency: string; dealType: string; rateProviderId: string },
  extra: Record<string, unknown> = {},
) => ({
  transactionCategory: 'PAYOUT',
  sourceCurrency: deal.sourceCurrency,
  targetCurrency: deal.targetCurrency,
  dealType: deal.dealType,
  rateProviderId: deal.rateProviderId,
  currencyDealConfigId: deal.id,
  currencyConfigId: deal.currencyConfigId,
  markupType: 'PIP',
  askMarkup: '25',
  bidMarkup: '-20',
  ...extra,
});

describe('currency configs', () => {
  it('adds, lists with filters and paging, updates and removes a pair; the same pair twice is a 409', async () => {
    const created = await call(
      'POST',
      '/v1/config/currencies',
      atlas,
      { sourceCurrency: 'usd', targetCurrency: 'CHF', autoRefreshEnabled: true },
      { 'idempotency-key': 'pair-usd-chf' },
    );
    expect(created.statusCode, created.body).toBe(201);
    const pair = currencyConfig.parse(created.json());
    expect(pair).toMatchObject({ sourceCurrency: 'USD', targetCurrency: 'CHF', autoRefreshEnabled: true, enabled: true, serviceProviderId: atlasId });
    const replay = await call(
      'POST',
      '/v1/config/currencies',
      atlas,
      { sourceCurrency: 'usd', targetCurrency: 'CHF', autoRefreshEnabled: true },
      { 'idempotency-key': 'pair-usd-chf' },
    );
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().id).toBe(pair.id);
    const again = await call('POST', '/v1/config/currencies', atlas, { sourceCurrency: 'USD', targetCurrency: 'CHF' });
    expectField(again, 409, 'targetCurrency');

    const page = pageOf(currencyConfig).parse((await s.get('/v1/config/currencies?sourceCurrency=USD&targetCurrency=CHF&size=1', atlas)).json());
    expect(page.content.map((c) => c.id)).toEqual([pair.id]);
    expect((await s.get('/v1/config/currencies?targetCurrency=CHF', meridian)).json().totalElements).toBe(0);

    const updated = await call('PUT', `/v1/config/currencies/${pair.id}`, atlas, { enabled: false });
    // A field left out keeps its value: autoRefreshEnabled stays on.
    expect(currencyConfig.parse(updated.json())).toMatchObject({ enabled: false, autoRefreshEnabled: true, sourceCurrency: 'USD' });
    // Two changes of different fields at once: both are kept (neither writes the other's field back).
    await Promise.all([
      call('PUT', `/v1/config/currencies/${pair.id}`, atlas, { enabled: true }),
      call('PUT', `/v1/config/currencies/${pair.id}`, atlas, { autoRefreshEnabled: false }),
    ]);
    const both = pageOf(currencyConfig).parse((await s.get('/v1/config/currencies?sourceCurrency=USD&targetCurrency=CHF&size=1', atlas)).json());
    expect(both.content[0]).toMatchObject({ enabled: true, autoRefreshEnabled: false });
    expect((await call('PUT', `/v1/config/currencies/${pair.id}`, meridian, { enabled: true })).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/config/currencies/${pair.id}`, meridian)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/config/currencies/${pair.id}`, atlas)).statusCode).toBe(204);
    expect((await s.get('/v1/config/currencies?targetCurrency=CHF', atlas)).json().totalElements).toBe(0);
  });

  it('refuses unknown currencies, a pair of one currency and a bad sort, naming the field', async () => {
    expectField(await call('POST', '/v1/config/currencies', atlas, { sourceCurrency: 'XYZ', targetCurrency: 'USD' }), 400, 'sourceCurrency');
    expectField(await call('POST', '/v1/config/currencies', atlas, { sourceCurrency: 'USD', targetCurrency: 'USD' }), 400, 'targetCurrency');
    expectField(await call('POST', '/v1/config/currencies', atlas, { sourceCurrency: 'US', targetCurrency: 'USD' }), 400, 'sourceCurrency');
    expectField(await s.get('/v1/config/currencies?sort=password', atlas), 400, 'sort');
  });

  it('lets operations read every TSP but change none through /v1/config', async () => {
    await pairWithDeal(meridian, 'GBP', 'NOK');
    const all = pageOf(currencyConfig).parse((await s.get('/v1/config/currencies?targetCurrency=NOK&inclDealConfig=true', admin)).json());
    expect(all.content[0]?.serviceProviderId).toBe(meridianId);
    expect(all.content[0]?.dealConfigs?.[0]?.dealType).toBe('SPOT');
    expect((await call('POST', '/v1/config/currencies', admin, { sourceCurrency: 'USD', targetCurrency: 'SEK' })).statusCode).toBe(403);
    expect((await s.get('/v1/config/currencies', globex)).statusCode).toBe(403);
  });
});

describe('currency deals and instruments', () => {
  it('creates, reads, updates and deletes a deal config with its quote validity', async () => {
    const { pair, deal } = await pairWithDeal(atlas, 'EUR', 'CHF', { dealType: 'TOM', quoteValiditySeconds: 90 });
    expect(deal).toMatchObject({ dealType: 'TOM', quoteValiditySeconds: 90, instrumentStatus: 'ACTIVE', ibrRate: null, currencyConfigId: pair.id });
    expect(currencyDeal.parse((await s.get(`/v1/config/currency-deals/${deal.id}`, atlas)).json()).id).toBe(deal.id);
    expect((await s.get(`/v1/config/currency-deals/${deal.id}`, meridian)).statusCode).toBe(404);
    expect((await s.get(`/v1/internal/config/currency-deals/${deal.id}`, admin)).json().id).toBe(deal.id);

    const body = {
      currencyConfigId: pair.id,
      sourceCurrency: 'EUR',
      targetCurrency: 'CHF',
      dealType: 'CASH',
      rateProviderId: 'REFINITIV',
      instrumentId: 'EURCHF-CASH',
    };
    const updated = currencyDeal.parse((await call('PUT', `/v1/config/currency-deals/${deal.id}`, atlas, body)).json());
    expect(updated).toMatchObject({ dealType: 'CASH', instrumentId: 'EURCHF-CASH', quoteValiditySeconds: 300 });
    expect((await call('PUT', `/v1/config/currency-deals/${deal.id}`, meridian, body)).statusCode).toBe(404);

    const list = pageOf(currencyDeal).parse((await s.get(`/v1/config/currency-deals?currencyConfigId=${pair.id}&dealType=CASH`, atlas)).json());
    expect(list.content.map((d) => d.id)).toEqual([deal.id]);
    const internal = pageOf(currencyDeal).parse(
      (await s.get(`/v1/internal/config/currency-deals?serviceProviderId=${atlasId}&sourceCurrency=EUR&targetCurrency=CHF`, admin)).json(),
    );
    expect(internal.content.map((d) => d.id)).toEqual([deal.id]);
    expectField(await s.get('/v1/internal/config/currency-deals?serviceProviderId=nobody', admin), 404, 'serviceProviderId');

    expect((await call('DELETE', `/v1/config/currency-deals/${deal.id}`, meridian)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/config/currency-deals/${deal.id}`, atlas)).statusCode).toBe(204);
    expect((await s.get(`/v1/config/currency-deals/${deal.id}`, atlas)).statusCode).toBe(404);
  });

  it("holds a deal config to its pair, a known rate provider, a sane quote validity and the caller's pair", async () => {
    const { pair } = await pairWithDeal(atlas, 'EUR', 'SEK');
    const base = {
      currencyConfigId: pair.id,
      sourceCurrency: 'EUR',
      targetCurrency: 'SEK',
      dealType: 'CASH',
      rateProviderId: 'REFINITIV',
      instrumentId: 'EURSEK-CASH',
    };
    expectField(await call('POST', '/v1/config/currency-deals', atlas, { ...base, targetCurrency: 'NOK' }), 400, 'targetCurrency');
    expectField(await call('POST', '/v1/config/currency-deals', atlas, { ...base, rateProviderId: 'NOBODY' }), 400, 'rateProviderId');
    expectField(await call('POST', '/v1/config/currency-deals', atlas, { ...base, quoteValiditySeconds: 1 }), 400, 'quoteValiditySeconds');
    expectField(await call('POST', '/v1/config/currency-deals', atlas, { ...base, dealType: 'NEXT_WEEK' }), 400, 'dealType');
    expectField(await call('POST', '/v1/config/currency-deals', meridian, base), 404, 'currencyConfigId');
    expectField(await call('POST', '/v1/config/currency-deals', atlas, { ...base, dealType: 'SPOT' }), 409, 'dealType');
    expect((await call('DELETE', `/v1/config/currencies/${pair.id}`, atlas)).json().code).toBe('CONFIG_IN_USE');
  });

  it("sets instrument status and IBR, and lists instruments, only on the caller's deal configs", async () => {
    const { deal } = await pairWithDeal(atlas, 'USD', 'NOK');
    const statuses = await call('PUT', '/v1/config/currency-deals', atlas, { ids: [deal.id], instrumentStatus: 'SUSPENDED' });
    expect(currencyDeal.array().parse(statuses.json())[0]?.instrumentStatus).toBe('SUSPENDED');
    expectField(await call('PUT', '/v1/config/currency-deals', meridian, { ids: [deal.id], instrumentStatus: 'ACTIVE' }), 404, 'ids[0]');

    const ibr = await call('PUT', '/v1/config/currency-deals/instruments/ibr', atlas, { instrumentId: deal.instrumentId, ibrRate: '10.61234567' });
    expect(instrument.parse(ibr.json())).toMatchObject({ instrumentId: 'USDNOK-SPOT', ibrRate: '10.61234567', instrumentStatus: 'SUSPENDED' });
    expectField(
      await call('PUT', '/v1/config/currency-deals/instruments/ibr', atlas, { instrumentId: deal.instrumentId, ibrRate: '10.123456789' }),
      400,
      'ibrRate',
    );
    expectField(await call('PUT', '/v1/config/currency-deals/instruments/ibr', atlas, { instrumentId: deal.instrumentId, ibrRate: '0' }), 400, 'ibrRate');
    expectField(await call('PUT', '/v1/config/currency-deals/instruments/ibr', atlas, { instrumentId: deal.instrumentId, ibrRate: 'ten' }), 400, 'ibrRate');
    expectField(
      await call('PUT', '/v1/config/currency-deals/instruments/ibr', meridian, { instrumentId: deal.instrumentId, ibrRate: '10.5' }),
      404,
      'instrumentId',
    );

    const list = pageOf(instrument).parse((await s.get('/v1/config/currency-deals/instruments?instrumentId=USDNOK-SPOT', atlas)).json());
    expect(list.content).toHaveLength(1);
    expect(list.content[0]?.ibrRate).toBe('10.61234567');
    expect((await s.get('/v1/config/currency-deals/instruments?instrumentId=USDNOK-SPOT', meridian)).json().totalElements).toBe(0);
  });
});

describe('funding parties', () => {
  it('adds, lists, reads, updates and removes a funding party of the TSP only', async () => {
    const created = await call('POST', '/v1/config/funding-parties', atlas, {
      name: 'Emirates Clearing Desk',
      type: 'BANK',
      countryCode: 'ae',
      bankCode: 'ENBD',
    });
    expect(created.statusCode, created.body).toBe(201);
    const party = fundingParty.parse(created.json());
    expect(party).toMatchObject({ countryCode: 'AE', enabled: true, serviceProviderId: atlasId });
    expect(
      pageOf(fundingParty)
        .parse((await s.get('/v1/config/funding-parties?query=clearing', atlas)).json())
        .content.map((p) => p.id),
    ).toContain(party.id);
    expect((await s.get('/v1/config/funding-parties?query=clearing', meridian)).json().totalElements).toBe(0);
    expect((await s.get(`/v1/config/funding-parties/${party.id}`, meridian)).statusCode).toBe(404);
    expect((await s.get(`/v1/internal/config/funding-parties/${party.id}`, admin)).json().name).toBe('Emirates Clearing Desk');
    const updated = await call('PUT', `/v1/config/funding-parties/${party.id}`, atlas, { name: 'Emirates Clearing Desk', type: 'BANK', enabled: false });
    expect(fundingParty.parse(updated.json())).toMatchObject({ enabled: false, countryCode: null });
    expect((await call('PUT', `/v1/config/funding-parties/${party.id}`, meridian, { name: 'x', type: 'BANK' })).statusCode).toBe(404);
    expectField(await call('POST', '/v1/config/funding-parties', atlas, { name: 'Somewhere', type: 'BANK', countryCode: 'QQ' }), 400, 'countryCode');
    expectField(await call('POST', '/v1/config/funding-parties', atlas, { name: '', type: 'BANK' }), 400, 'name');
    expect((await call('DELETE', `/v1/config/funding-parties/${party.id}`, meridian)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/config/funding-parties/${party.id}`, atlas)).statusCode).toBe(204);
    expect((await s.get(`/v1/config/funding-parties/${party.id}`, atlas)).statusCode).toBe(404);
  });
});

describe('global config', () => {
  it('keeps one value per TSP, category and key; the rate staleness limit is checked and read back', async () => {
    // Seeded at 60 for the demo TSPs; a TSP that never set it gets the same default.
    expect(await rateStalenessSeconds(s.services.db, meridianId)).toBe(60);
    expect(await rateStalenessSeconds(s.services.db, 'a-tsp-without-settings')).toBe(60);
    const put = await call('PUT', '/v1/config/globals', meridian, { category: 'RATES', key: 'rateStalenessSeconds', value: '30' });
    expect(globalConfig.parse(put.json())).toMatchObject({ value: '30', serviceProviderId: meridianId });
    await call('PUT', '/v1/config/globals', meridian, { category: 'RATES', key: 'rateStalenessSeconds', value: '45' });
    expect(await rateStalenessSeconds(s.services.db, meridianId)).toBe(45);
    const list = pageOf(globalConfig).parse((await s.get('/v1/config/globals?category=RATES&key=rateStalenessSeconds', meridian)).json());
    expect(list.content.map((g) => g.value)).toEqual(['45']);
    const atlasOwn = pageOf(globalConfig).parse((await s.get('/v1/config/globals?category=RATES&key=rateStalenessSeconds', atlas)).json());
    expect(atlasOwn.content.map((g) => [g.serviceProviderId, g.value])).toEqual([[atlasId, '60']]);
    expectField(await call('PUT', '/v1/config/globals', meridian, { category: 'RATES', key: 'rateStalenessSeconds', value: '-5' }), 400, 'value');
    expectField(await call('PUT', '/v1/config/globals', meridian, { category: 'RATES', key: 'rateStalenessSeconds', value: 'soon' }), 400, 'value');
    expect(await rateStalenessSeconds(s.services.db, meridianId)).toBe(45);
  });

  it("lets operations export a TSP's entries as a JSON file and set one, naming the TSP", async () => {
    const set = await call('PUT', `/v1/internal/config/globals?serviceProviderId=${atlasId}`, admin, {
      category: 'QUOTES',
      key: 'roundingMode',
      value: 'HALF_UP',
    });
    expect(globalConfig.parse(set.json()).serviceProviderId).toBe(atlasId);
    const file = await s.get(`/v1/internal/config/globals?serviceProviderId=${atlasId}&category=QUOTES`, admin);
    expect(file.headers['content-type']).toContain('application/json');
    expect(file.headers['content-disposition']).toContain('global-config.json');
    expect(JSON.parse(file.body)).toEqual([expect.objectContaining({ key: 'roundingMode', value: 'HALF_UP' })]);
    expectField(
      await call('PUT', '/v1/internal/config/globals?serviceProviderId=nobody', admin, { category: 'A', key: 'b', value: 'c' }),
      404,
      'serviceProviderId',
    );
    expect((await call('PUT', `/v1/internal/config/globals?serviceProviderId=${atlasId}`, atlas, { category: 'A', key: 'b', value: 'c' })).statusCode).toBe(
      403,
    );
  });
});

describe('markup profiles', () => {
  it('creates, lists, reads, updates and deletes a profile; a profile in use stays', async () => {
    const created = await call('POST', '/v1/config/markup-profiles', atlas, { name: 'Premium corporates', description: 'Tight spreads for top merchants' });
    expect(created.statusCode, created.body).toBe(201);
    const profile = markupProfile.parse(created.json());
    expectField(await call('POST', '/v1/config/markup-profiles', atlas, { name: 'Premium corporates' }), 409, 'name');
    expect(
      pageOf(markupProfile)
        .parse((await s.get('/v1/config/markup-profiles?query=premium', atlas)).json())
        .content.map((p) => p.id),
    ).toContain(profile.id);
    expect((await s.get('/v1/config/markup-profiles?query=premium', meridian)).json().totalElements).toBe(0);
    expect((await s.get(`/v1/config/markup-profiles/${profile.id}`, meridian)).statusCode).toBe(404);
    const internal = pageOf(markupProfile).parse((await s.get(`/v1/internal/config/markup-profiles?serviceProviderId=${atlasId}&query=premium`, admin)).json());
    expect(internal.content.map((p) => p.id)).toEqual([profile.id]);
    const updated = await call('PUT', `/v1/config/markup-profiles/${profile.id}`, atlas, { name: 'Premium corporates', enabled: false });
    expect(markupProfile.parse(updated.json()).enabled).toBe(false);
    expect((await call('PUT', `/v1/config/markup-profiles/${profile.id}`, meridian, { name: 'Mine' })).statusCode).toBe(404);

    await s.services.db.update(organisations).set({ markupProfileId: profile.id }).where(eq(organisations.id, globexId));
    expect((await call('DELETE', `/v1/config/markup-profiles/${profile.id}`, atlas)).json().code).toBe('CONFIG_IN_USE');
    await s.services.db.update(organisations).set({ markupProfileId: null }).where(eq(organisations.id, globexId));
    expect((await call('DELETE', `/v1/config/markup-profiles/${profile.id}`, meridian)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/config/markup-profiles/${profile.id}`, atlas)).statusCode).toBe(204);
  });
});

describe('markup layers', () => {
  it('upserts layer 1 by key, updates, lists, deletes one and many; validation names the field', async () => {
    const { deal } = await pairWithDeal(atlas, 'GBP', 'CHF');
    const first = await call('POST', '/v1/config/markup/layer1', atlas, layerBody(deal));
    expect(first.statusCode, first.body).toBe(200);
    const markup = layer1Markup.parse(first.json());
    expect(markup).toMatchObject({ markupType: 'PIP', askMarkup: '25', bidMarkup: '-20', sourceCurrency: 'GBP', dealType: 'SPOT' });
    expect(first.json()).not.toHaveProperty('markupProfileId');
    const second = layer1Markup.parse((await call('POST', '/v1/config/markup/layer1', atlas, layerBody(deal, { askMarkup: '30.50' }))).json());
    expect(second).toMatchObject({ id: markup.id, askMarkup: '30.5' });
    const updated = layer1Markup.parse(
      (await call('PUT', `/v1/config/markup/layer1/${markup.id}`, atlas, layerBody(deal, { markupType: 'BIP', askMarkup: '12', bidMarkup: '8' }))).json(),
    );
    expect(updated).toMatchObject({ id: markup.id, markupType: 'BIP', askMarkup: '12' });

    const list = pageOf(layer1Markup).parse(
      (await s.get(`/v1/config/markup/layer1?sourceCurrency=GBP&targetCurrency=CHF&dealType=SPOT&sort=transactionCategory,DESC`, atlas)).json(),
    );
    expect(list.content.map((m) => m.id)).toEqual([markup.id]);
    expect((await s.get('/v1/config/markup/layer1?targetCurrency=CHF&sourceCurrency=GBP', meridian)).json().totalElements).toBe(0);
    const internal = pageOf(layer1Markup).parse(
      (await s.get(`/v1/internal/config/markup/layer-1?serviceProviderId=${atlasId}&currencyDealConfigId=${deal.id}`, admin)).json(),
    );
    expect(internal.content.map((m) => m.id)).toEqual([markup.id]);

    expectField(await call('POST', '/v1/config/markup/layer1', atlas, layerBody(deal, { markupType: 'PERCENTAGE', askMarkup: '25' })), 400, 'askMarkup');
    expectField(await call('POST', '/v1/config/markup/layer1', atlas, layerBody(deal, { markupType: 'PIP', bidMarkup: '-10001' })), 400, 'bidMarkup');
    expectField(await call('POST', '/v1/config/markup/layer1', atlas, layerBody(deal, { markupType: 'BIP', askMarkup: '1001' })), 400, 'askMarkup');
    expectField(await call('POST', '/v1/config/markup/layer1', atlas, layerBody(deal, { markupType: 'FLAT', askMarkup: '100.5' })), 400, 'askMarkup');
    expectField(await call('POST', '/v1/config/markup/layer1', atlas, layerBody(deal, { askMarkup: '1.123456789' })), 400, 'askMarkup');
    expectField(await call('POST', '/v1/config/markup/layer1', atlas, layerBody(deal, { askMarkup: '1e3' })), 400, 'askMarkup');
    expectField(await call('POST', '/v1/config/markup/layer1', atlas, layerBody(deal, { markupType: 'PERMILLE' })), 400, 'markupType');
    expectField(await call('POST', '/v1/config/markup/layer1', atlas, layerBody(deal, { sourceCurrency: 'EUR' })), 400, 'sourceCurrency');
    expectField(await call('POST', '/v1/config/markup/layer1', atlas, layerBody(deal, { transactionCategory: 'GAMBLING' })), 400, 'transactionCategory');
    expectField(await call('POST', '/v1/config/markup/layer1', meridian, layerBody(deal)), 404, 'currencyDealConfigId');
    expect((await call('PUT', `/v1/config/markup/layer1/${markup.id}`, meridian, layerBody(deal))).statusCode).toBe(404);
    expect((await call('DELETE', '/v1/config/markup/layer1', atlas, { ids: [markup.id, 'not-mine'] })).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/config/markup/layer1/${markup.id}`, meridian)).statusCode).toBe(404);

    const other = layer1Markup.parse((await call('POST', '/v1/config/markup/layer1', atlas, layerBody(deal, { transactionCategory: 'TRANSFER' }))).json());
    expect((await call('DELETE', `/v1/config/markup/layer1/${markup.id}`, atlas)).statusCode).toBe(204);
    expect((await call('DELETE', '/v1/config/markup/layer1', atlas, { ids: [other.id] })).json()).toEqual({ deleted: 1 });
    expect((await s.get(`/v1/config/markup/layer1?currencyDealConfigId=${deal.id}`, atlas)).json().totalElements).toBe(0);
  });

  it('keeps layer 2 per markup profile, upserts many at once (all or nothing) and deletes them', async () => {
    const { deal } = await pairWithDeal(atlas, 'AED', 'CHF');
    const profile = markupProfile.parse((await call('POST', '/v1/config/markup-profiles', atlas, { name: 'SME' })).json());
    const theirs = markupProfile.parse((await call('POST', '/v1/config/markup-profiles', meridian, { name: 'SME' })).json());
    const one = await call('POST', '/v1/config/markup/layer2', atlas, layerBody(deal, { markupProfileId: profile.id }));
    expect(layer2Markup.parse(one.json()).markupProfileId).toBe(profile.id);
    expectField(await call('POST', '/v1/config/markup/layer2', atlas, layerBody(deal, { markupProfileId: theirs.id })), 404, 'markupProfileId');

    const many = await call('POST', '/v1/config/markup/layer2/multiple', atlas, [
      layerBody(deal, { markupProfileId: profile.id, askMarkup: '40' }),
      layerBody(deal, { markupProfileId: profile.id, transactionCategory: 'TRANSFER', markupType: 'PERCENTAGE', askMarkup: '0.15', bidMarkup: '-0.1' }),
    ]);
    const saved = layer2Markup.array().parse(many.json());
    expect(saved[0]?.id).toBe(layer2Markup.parse(one.json()).id);
    expect(saved[1]).toMatchObject({ markupType: 'PERCENTAGE', askMarkup: '0.15' });
    const bad = await call('POST', '/v1/config/markup/layer2/multiple', atlas, [
      layerBody(deal, { markupProfileId: profile.id, transactionCategory: 'TOPUP' }),
      layerBody(deal, { markupProfileId: profile.id, markupType: 'PERCENTAGE', askMarkup: '11' }),
    ]);
    expectField(bad, 400, '[1].askMarkup');
    const list = pageOf(layer2Markup).parse((await s.get(`/v1/config/markup/layer2?markupProfileId=${profile.id}`, atlas)).json());
    expect(list.content.map((m) => m.transactionCategory).sort()).toEqual(['PAYOUT', 'TRANSFER']);
    const internal = pageOf(layer2Markup).parse(
      (await s.get(`/v1/internal/config/markup/layer-2?serviceProviderId=${atlasId}&markupProfileId=${profile.id}`, admin)).json(),
    );
    expect(internal.totalElements).toBe(2);
    expect((await s.get(`/v1/config/markup/layer2?markupProfileId=${profile.id}`, meridian)).json().totalElements).toBe(0);

    const [a, b] = saved;
    const updated = await call('PUT', `/v1/config/markup/layer2/${a?.id}`, atlas, layerBody(deal, { markupProfileId: profile.id, askMarkup: '41' }));
    expect(layer2Markup.parse(updated.json()).askMarkup).toBe('41');
    expect((await call('PUT', `/v1/config/markup/layer2/${a?.id}`, meridian, layerBody(deal, { markupProfileId: theirs.id }))).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/config/markup/layer2/${a?.id}`, meridian)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/config/markup/layer2/${a?.id}`, atlas)).statusCode).toBe(204);
    expect((await call('DELETE', '/v1/config/markup/layer2', atlas, { ids: [b?.id] })).json()).toEqual({ deleted: 1 });
  });

  it('keeps one volatile layer per deal config, aggregates them per pair and removes one', async () => {
    const { deal } = await pairWithDeal(atlas, 'KWD', 'CHF');
    const body = { currencyDealConfigId: deal.id, markupType: 'PIP', askMarkup: '5', bidMarkup: '-5' };
    expect(volatileLayer.parse((await call('PUT', '/v1/config/markup/volatile-layers', atlas, body)).json()).askMarkup).toBe('5');
    const again = volatileLayer.parse((await call('PUT', '/v1/config/markup/volatile-layers', atlas, { ...body, askMarkup: '7' })).json());
    expect(again).toMatchObject({ askMarkup: '7', instrumentId: 'KWDCHF-SPOT' });
    const other = await pairWithDeal(atlas, 'KWD', 'NOK');
    await call('PUT', '/v1/config/markup/volatile-layers', atlas, { ...body, currencyDealConfigId: other.deal.id, askMarkup: '3' });
    const list = pageOf(volatileLayer).parse((await s.get('/v1/config/markup/volatile-layers?sourceCurrency=KWD', atlas)).json());
    expect(list.totalElements).toBe(2);
    const aggregated = (await s.get('/v1/config/markup/volatile-layers/aggregated?sourceCurrency=KWD&targetCurrency=CHF', atlas)).json();
    expect(aggregated).toEqual([{ sourceCurrency: 'KWD', targetCurrency: 'CHF', dealType: 'SPOT', layers: 1, askMarkup: '7', bidMarkup: '-5' }]);
    expect((await s.get('/v1/config/markup/volatile-layers?sourceCurrency=KWD', meridian)).json().totalElements).toBe(0);
    expect((await s.get(`/v1/internal/config/markup/volatile-layers/${deal.id}?serviceProviderId=${atlasId}`, admin)).json().askMarkup).toBe('7');
    expect((await s.get(`/v1/internal/config/markup/volatile-layers/${deal.id}?serviceProviderId=${meridianId}`, admin)).statusCode).toBe(404);
    expectField(await call('PUT', '/v1/config/markup/volatile-layers', meridian, body), 404, 'currencyDealConfigId');
    expectField(await call('PUT', '/v1/config/markup/volatile-layers', atlas, { ...body, markupType: 'PERCENTAGE', askMarkup: '10.01' }), 400, 'askMarkup');
    expect((await call('DELETE', `/v1/config/markup/volatile-layers/${deal.id}`, meridian)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/config/markup/volatile-layers/${deal.id}`, atlas)).statusCode).toBe(204);
    expect((await call('DELETE', `/v1/config/markup/volatile-layers/${deal.id}`, atlas)).statusCode).toBe(404);
  });

  it('creates and lists agent markups of the TSP', async () => {
    const created = await call('POST', '/v1/config/markup/agent', atlas, {
      markupType: 'BIP',
      productType: 'REMITTANCE',
      activityType: 'SELL',
      instrumentType: 'SPOT',
      askMarkup: '15',
      bidMarkup: '-10',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ tspId: atlasId, recordStatus: 'ACTIVE', askMarkup: '15' });
    expect((await s.get('/v1/config/markup/agent?productType=REMITTANCE&activityType=SELL', atlas)).json().totalElements).toBe(1);
    expect((await s.get('/v1/config/markup/agent?productType=REMITTANCE&activityType=SELL', meridian)).json().totalElements).toBe(0);
    expectField(await s.get(`/v1/config/markup/agent?tspId=${atlasId}`, meridian), 404, 'tspId');
    expectField(
      await call('POST', '/v1/config/markup/agent', atlas, {
        markupType: 'BIP',
        productType: 'FX',
        activityType: 'BUY',
        instrumentType: 'SPOT',
        askMarkup: '2000',
        bidMarkup: '0',
      }),
      400,
      'askMarkup',
    );
  });
});

describe('markupsFor', () => {
  it('answers the layers that price a deal for a merchant, on the side asked for', async () => {
    const { deal } = await pairWithDeal(atlas, 'INR', 'CHF');
    const profile = markupProfile.parse((await call('POST', '/v1/config/markup-profiles', atlas, { name: 'India corridor' })).json());
    await s.services.db.update(organisations).set({ markupProfileId: profile.id }).where(eq(organisations.id, globexId));
    await call('POST', '/v1/config/markup/layer1', atlas, layerBody(deal, { askMarkup: '25', bidMarkup: '-20' }));
    await call(
      'POST',
      '/v1/config/markup/layer2',
      atlas,
      layerBody(deal, { markupProfileId: profile.id, markupType: 'PERCENTAGE', askMarkup: '0.2', bidMarkup: '-0.1' }),
    );
    await call('PUT', '/v1/config/markup/volatile-layers', atlas, { currencyDealConfigId: deal.id, markupType: 'BIP', askMarkup: '3', bidMarkup: '-3' });

    const ask = await markupsFor(s.services.db, { tspId: atlasId, merchantId: globexId, currencyDealConfigId: deal.id, side: 'ask' });
    expect(ask.layer1).toEqual([{ type: 'PIP', value: '25' }]);
    expect(ask.layer2).toEqual([{ type: 'PERCENTAGE', value: '0.2' }]);
    expect(ask.volatile).toEqual([{ type: 'BIP', value: '3' }]);
    expect(ask.agent.every((m) => ['PIP', 'PERCENTAGE', 'FLAT', 'BIP'].includes(m.type))).toBe(true);
    const bid = await markupsFor(s.services.db, { tspId: atlasId, merchantId: globexId, currencyDealConfigId: deal.id, side: 'bid' });
    expect(bid.layer1).toEqual([{ type: 'PIP', value: '-20' }]);

    await call('PUT', `/v1/config/markup-profiles/${profile.id}`, atlas, { name: 'India corridor', enabled: false });
    expect((await markupsFor(s.services.db, { tspId: atlasId, merchantId: globexId, currencyDealConfigId: deal.id, side: 'ask' })).layer2).toEqual([]);
    await s.services.db.update(organisations).set({ markupProfileId: null }).where(eq(organisations.id, globexId));

    await expect(markupsFor(s.services.db, { tspId: meridianId, merchantId: globexId, currencyDealConfigId: deal.id, side: 'ask' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const theirs = await pairWithDeal(meridian, 'INR', 'CHF');
    await expect(
      markupsFor(s.services.db, { tspId: meridianId, merchantId: globexId, currencyDealConfigId: theirs.deal.id, side: 'ask' }),
    ).rejects.toMatchObject({
      invalidParameters: [{ parameter: 'merchantId', message: expect.any(String) }],
    });
  });
});

describe('merchant config', () => {
  it("keeps a merchant's own entries, upserted by category and key; others see none of them", async () => {
    const put = await call('PUT', '/v1/public/config/merchant', globex, { category: 'NOTIFICATIONS', key: 'quoteExpiryEmail', value: 'true' });
    expect(merchantConfig.parse(put.json())).toMatchObject({ merchantServiceId: globexId, value: 'true' });
    await call('PUT', '/v1/public/config/merchant', globex, { category: 'NOTIFICATIONS', key: 'quoteExpiryEmail', value: 'false' });
    const page = pageOf(merchantConfig).parse((await s.get('/v1/public/config/merchant?category=NOTIFICATIONS', globex)).json());
    expect(page.content.map((c) => c.value)).toEqual(['false']);
    const stark = await s.token('100000004');
    expect((await s.get('/v1/public/config/merchant?category=NOTIFICATIONS', stark)).json().totalElements).toBe(0);
    expect((await s.get('/v1/public/config/merchant', atlas)).statusCode).toBe(403);
    const internal = pageOf(merchantConfig).parse((await s.get(`/v1/internal/config/merchant?merchantServiceId=${globexId}`, admin)).json());
    expect(internal.content.map((c) => c.key)).toContain('quoteExpiryEmail');
    expectField(await call('PUT', '/v1/public/config/merchant', globex, { category: '', key: 'k', value: 'v' }), 400, 'category');
  });
});
