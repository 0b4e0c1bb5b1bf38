import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { exchangeRate, rateImportResult } from '@corridor/api';
import { Dec, RATE_DP, toPlain } from '@corridor/domain';
import { z } from 'zod';
import { organisations, wallets } from '../db/schema.ts';
import { currencyDealConfigs } from '../pricing-config/pricing-config-schema.ts';
import { multipart, startTestServer, type TestServer } from '../test/test-server.ts';
import Fastify from 'fastify';
import { RateBook, rateBookOf } from './rate-book.ts';
import { rateTickMs, republishDeskSheet, simulatedMarket, startRateFeed } from './rate-feed.ts';
import { followPricing } from '../quotes/rate-cache.ts';
import { DESK_PROVIDER, recordManualIbr } from './rate-ingest.ts';
import { rateHistory } from './rate-schema.ts';

const rates = z.array(exchangeRate);
const fixture = readFileSync(new URL('./fixtures/eurofxref-daily.xml', import.meta.url), 'utf8');

let s: TestServer;
let atlas: string;
let meridian: string;
let admin: string;
let globex: string;
let atlasId: string;
let meridianId: string;
let globexId: string;
let starkId: string;

beforeAll(async () => {
  s = await startTestServer();
  [atlas, meridian, admin, globex] = await Promise.all([s.token('200000001'), s.token('200000002'), s.token('900000001'), s.token('100000001')]);
  const orgs = await s.services.db.select({ id: organisations.id, code: organisations.code }).from(organisations);
  const idOf = (code: string) => orgs.find((o) => o.code === code)?.id ?? '';
  [atlasId, meridianId, globexId, starkId] = [idOf('ATLAS'), idOf('MERIDIAN'), idOf('GLOBEX'), idOf('STARK')];
  // One tick of the simulated market at the server's clock, from a fixed seed.
  await simulatedMarket(s.services.db, rateBookOf(s.services), { now: s.config.now, seed: 42 }).tick();
});
afterAll(async () => s?.close());

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) {
  return s.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
}
async function list(url: string, token: string) {
  const res = await call('GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return rates.parse(res.json());
}
function expectField(res: { statusCode: number; body: string; json: () => unknown }, status: number, code: string, parameter: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { code: string; invalidParameters: Array<{ parameter: string }> };
  expect(body.code).toBe(code);
  expect(body.invalidParameters.map((p) => p.parameter)).toContain(parameter);
}
async function dealOf(tsp: string, source: string, target: string, dealType: 'SPOT' | 'CASH') {
  const d = currencyDealConfigs;
  const [deal] = await s.services.db
    .select()
    .from(d)
    .where(and(eq(d.serviceProviderId, tsp), eq(d.sourceCurrency, source), eq(d.targetCurrency, target), eq(d.dealType, dealType)));
  if (!deal) throw new Error(`no ${source}/${target} ${dealType} deal`);
  return deal;
}
/** One markup step the way the spec defines it, rounded half-up to 8 decimals. */
const pip = (rate: string, pips: number) => toPlain(new Dec(rate).plus(new Dec(pips).times('0.0001')), RATE_DP);
const bip = (rate: string, bips: number) => toPlain(new Dec(rate).plus(new Dec(rate).times(bips).times('0.0001')), RATE_DP);
const pct = (rate: string, percent: number) => toPlain(new Dec(rate).plus(new Dec(rate).times(percent).div(100)), RATE_DP);

describe('feed ticks', () => {
  it('moves the IBR of every deal on the fed provider and keeps the history', async () => {
    const deal = await dealOf(atlasId, 'USD', 'PKR', 'SPOT');
    const held = rateBookOf(s.services).ibr(deal.id);
    expect(held).toMatchObject({ providerId: 'REFINITIV', asOf: expect.any(Date) });
    expect(Math.abs((held?.asOf.getTime() ?? 0) - s.config.now().getTime())).toBeLessThan(60_000);
    expect(deal.ibrRate).toBe(held?.mid);
    expect(deal.ibrValueDate).toBe(held?.valueDate);
    const history = await s.services.db.select().from(rateHistory).where(eq(rateHistory.currencyDealConfigId, deal.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ rateType: 'IBR', origin: 'FEED', rateProviderId: 'REFINITIV', mid: deal.ibrRate });
    const market = await s.services.db
      .select()
      .from(rateHistory)
      .where(and(eq(rateHistory.rateType, 'MARKET'), eq(rateHistory.sourceCurrency, 'USD'), eq(rateHistory.targetCurrency, 'PKR')));
    // Only pairs a deal trades through the provider are stored: no demo deal uses BLOOMBERG.
    expect(market.map((m) => m.rateProviderId)).toEqual(['REFINITIV']);
    // The desk's CASH deal (INTERNAL provider) is not fed.
    const cash = await dealOf(atlasId, 'USD', 'PKR', 'CASH');
    expect(await s.services.db.select().from(rateHistory).where(eq(rateHistory.currencyDealConfigId, cash.id))).toHaveLength(0);
  });
});

describe('TSP exchange rates', () => {
  it('lists the IBRs of its own deals only, with provider, time and age', async () => {
    const mine = await list('/tsp/v1/exchange-rates/ibr?sourceCurrency=USD&targetCurrency=PKR', atlas);
    const deal = await dealOf(atlasId, 'USD', 'PKR', 'SPOT');
    const spot = mine.find((r) => r.currencyDealConfigId === deal.id);
    expect(spot).toMatchObject({ rateType: 'IBR', rateProviderId: 'REFINITIV', mid: toPlain(new Dec(deal.ibrRate ?? ''), RATE_DP) });
    expect(spot?.ageSeconds).toBeLessThan(60);
    const theirs = await list('/tsp/v1/exchange-rates/ibr?sourceCurrency=USD&targetCurrency=PKR', meridian);
    expect(theirs.map((r) => r.currencyDealConfigId)).not.toContain(deal.id);
    expect((await list('/tsp/v1/exchange-rates/ibr?dealType=CASH', atlas)).every((r) => r.dealType === 'CASH')).toBe(true);
  });

  it('layers the markups by hand: calibrated = IBR + layer 1 + volatile; platform adds agent', async () => {
    const deal = await dealOf(atlasId, 'USD', 'PKR', 'SPOT');
    const ibr = deal.ibrRate ?? '';
    // Seed: PAYOUT layer 1 = 25 pips, volatile = 15 bips (ask) / -15 (bid), agent = 5 bips / -5.
    const askCalibrated = bip(pip(ibr, 25), 15);
    const bidCalibrated = bip(pip(ibr, -25), -15);
    const [calibrated] = (await list('/tsp/v1/exchange-rates?sourceCurrency=USD&targetCurrency=PKR&dealType=SPOT', atlas)).filter(
      (r) => r.transactionCategory === 'PAYOUT',
    );
    expect(calibrated).toMatchObject({ rateType: 'CALIBRATED', ask: askCalibrated, bid: bidCalibrated });
    const platform = await list('/tsp/v1/exchange-rates/platform?sourceCurrency=USD&targetCurrency=PKR&dealType=SPOT&transactionCategory=PAYOUT', atlas);
    expect(platform).toHaveLength(1);
    expect(platform[0]).toMatchObject({ rateType: 'PLATFORM', ask: bip(askCalibrated, 5), bid: bip(bidCalibrated, -5), transactionCategory: 'PAYOUT' });
    expect(platform[0]?.mid).toBe(toPlain(new Dec(platform[0]?.ask ?? '').plus(platform[0]?.bid ?? '').div(2), RATE_DP));
  });

  it("prices a merchant through its profile's layer 2 (Standard: 0.25 %), for its own merchants only", async () => {
    const deal = await dealOf(atlasId, 'USD', 'PKR', 'SPOT');
    const ibr = deal.ibrRate ?? '';
    const ask = bip(bip(pct(pip(ibr, 25), 0.25), 15), 5);
    const merchant = await list(
      `/tsp/v1/exchange-rates/merchant?merchantId=${globexId}&sourceCurrency=USD&targetCurrency=PKR&dealType=SPOT&transactionCategory=PAYOUT`,
      atlas,
    );
    expect(merchant).toHaveLength(1);
    expect(merchant[0]).toMatchObject({ rateType: 'MERCHANT', ask, bid: bip(bip(pct(pip(ibr, -25), -0.25), -15), -5) });
    // By profile: the same rates any merchant on it gets.
    const profileId = merchant[0]?.markupProfileId ?? '';
    const byProfile = await list(
      `/tsp/v1/exchange-rates/merchant?markupProfileId=${profileId}&sourceCurrency=USD&targetCurrency=PKR&dealType=SPOT&transactionCategory=PAYOUT`,
      atlas,
    );
    expect(byProfile[0]).toMatchObject({ ask, markupProfileId: profileId });
    expectField(await call('GET', `/tsp/v1/exchange-rates/merchant?merchantId=${starkId}`, atlas), 404, 'NOT_FOUND', 'merchantId');
    expectField(await call('GET', `/tsp/v1/exchange-rates/merchant?markupProfileId=${profileId}`, meridian), 404, 'NOT_FOUND', 'markupProfileId');
    expectField(await call('GET', '/tsp/v1/exchange-rates/merchant', atlas), 400, 'VALIDATION_FAILED', 'merchantId');
  });

  it('sets an IBR by hand: history MANUAL, bid above ask refused, a deal not of the TSP is a 404', async () => {
    const body = { sourceCurrency: 'USD', targetCurrency: 'AED', dealType: 'CASH', rateProviderId: 'INTERNAL', bid: '3.6700', ask: '3.6750' };
    const res = await call('PUT', '/tsp/v1/exchange-rates/ibr', atlas, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(exchangeRate.parse(res.json())).toMatchObject({ bid: '3.67000000', ask: '3.67500000', mid: '3.67250000', rateType: 'IBR', ageSeconds: 0 });
    const deal = await dealOf(atlasId, 'USD', 'AED', 'CASH');
    expect(deal.ibrRate).toBe('3.67250000');
    const [history] = await s.services.db.select().from(rateHistory).where(eq(rateHistory.currencyDealConfigId, deal.id));
    expect(history).toMatchObject({ origin: 'MANUAL', mid: '3.67250000' });
    expectField(await call('PUT', '/tsp/v1/exchange-rates/ibr', atlas, { ...body, bid: '3.68' }), 400, 'VALIDATION_FAILED', 'ask');
    expectField(await call('PUT', '/tsp/v1/exchange-rates/ibr', meridian, body), 404, 'NOT_FOUND', 'rateProviderId');
  });
});

describe('indicative rates and staleness', () => {
  it('answers a fresh IBR by deal, refuses it with 409 RATE_STALE past the limit, and drops stale ones from the list', async () => {
    const deal = await dealOf(atlasId, 'USD', 'INR', 'SPOT');
    const fresh = await call('GET', `/tsp/v1/exchange-rates/ibr/indicative/${deal.id}`, atlas);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(exchangeRate.parse(fresh.json())).toMatchObject({ rateType: 'INDICATIVE', currencyDealConfigId: deal.id, rateProviderId: 'REFINITIV' });
    expect((await list('/tsp/v1/exchange-rates/ibr/indicative?sourceCurrency=USD&targetCurrency=INR', atlas)).map((r) => r.currencyDealConfigId)).toContain(
      deal.id,
    );
    expectField(await call('GET', `/tsp/v1/exchange-rates/ibr/indicative/${deal.id}`, meridian), 404, 'NOT_FOUND', 'currencyDealConfigId');

    s.advance(61_000); // the seeded limit is 60 s
    try {
      expectField(await call('GET', `/tsp/v1/exchange-rates/ibr/indicative/${deal.id}`, atlas), 409, 'RATE_STALE', 'currencyDealConfigId');
      expect(
        (await list('/tsp/v1/exchange-rates/ibr/indicative?sourceCurrency=USD&targetCurrency=INR', atlas)).map((r) => r.currencyDealConfigId),
      ).not.toContain(deal.id);
      // The list of IBRs still shows it, with its age, so the desk sees the feed has stopped.
      const ibr = (await list('/tsp/v1/exchange-rates/ibr?sourceCurrency=USD&targetCurrency=INR&dealType=SPOT', atlas)).find(
        (r) => r.currencyDealConfigId === deal.id,
      );
      expect(ibr?.ageSeconds).toBeGreaterThanOrEqual(61);
      // The next tick makes it fresh again.
      await simulatedMarket(s.services.db, rateBookOf(s.services), { now: s.config.now, seed: 43 }).tick();
      expect((await call('GET', `/tsp/v1/exchange-rates/ibr/indicative/${deal.id}`, atlas)).statusCode).toBe(200);
    } finally {
      s.advance(-61_000);
    }
  });
});

describe('merchant exchange rates', () => {
  it.each(['/m/api/v1/exchange-rates', '/msp/v1/exchange-rates'])('%s answers its TSP rates for the merchant, narrowed by its wallet', async (path) => {
    const all = await list(`${path}?transactionCategory=PAYOUT`, globex);
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((r) => r.rateType === 'MERCHANT' && r.transactionCategory === 'PAYOUT')).toBe(true);
    const [usdWallet] = await s.services.db
      .select()
      .from(wallets)
      .where(and(eq(wallets.merchantServiceId, globexId), eq(wallets.currencyCode, 'USD')));
    const fromWallet = await list(`${path}?walletId=${usdWallet?.id ?? ''}`, globex);
    expect(fromWallet.length).toBeGreaterThan(0);
    expect(fromWallet.every((r) => r.sourceCurrency === 'USD')).toBe(true);
    const [starkWallet] = await s.services.db.select().from(wallets).where(eq(wallets.merchantServiceId, starkId));
    expectField(await call('GET', `${path}?walletId=${starkWallet?.id ?? ''}`, globex), 404, 'NOT_FOUND', 'walletId');
    expectField(await call('GET', `${path}?serviceProviderId=${meridianId}`, globex), 404, 'NOT_FOUND', 'serviceProviderId');
    expect((await call('GET', path, atlas)).statusCode).toBe(403);
  });

  it('/v1/merchant/rates values its wallet currencies in USD at the latest market mid', async () => {
    const res = await call('GET', '/v1/merchant/rates', globex);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as Array<{ currencyCode: string; walletId: string; rate: string; inverseRate: string }>;
    const aed = rows.find((r) => r.currencyCode === 'AED');
    const held = rateBookOf(s.services).latestMarket('USD', 'AED');
    expect(aed?.inverseRate).toBe(toPlain(new Dec(held?.mid ?? ''), RATE_DP));
    expect(rows.find((r) => r.currencyCode === 'USD')?.rate).toBe('1.00000000');
    const [starkWallet] = await s.services.db.select().from(wallets).where(eq(wallets.merchantServiceId, starkId));
    expectField(await call('GET', `/v1/merchant/rates?walletId=${starkWallet?.id ?? ''}`, globex), 404, 'NOT_FOUND', 'walletId');
  });
});

describe('internal rates and the ECB import', () => {
  it('lists every TSP for operations, one TSP when named, 404 for an unknown one, 403 for a TSP', async () => {
    const one = await list(`/v1/internal/rates?serviceProviderId=${meridianId}`, admin);
    const meridianDeals = await s.services.db
      .select({ id: currencyDealConfigs.id })
      .from(currencyDealConfigs)
      .where(eq(currencyDealConfigs.serviceProviderId, meridianId));
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((r) => meridianDeals.some((d) => d.id === r.currencyDealConfigId))).toBe(true);
    expect((await list('/v1/internal/rates', admin)).length).toBeGreaterThan(one.length);
    expectField(await call('GET', '/v1/internal/rates?serviceProviderId=nope', admin), 404, 'NOT_FOUND', 'serviceProviderId');
    expect((await call('GET', '/v1/internal/rates', atlas)).statusCode).toBe(403);
  });

  it('imports the ECB file: EUR pairs stored, deals on the ECB provider priced at the cross rate', async () => {
    const pair = await call('GET', '/v1/config/currencies?sourceCurrency=USD&targetCurrency=INR', atlas);
    const currencyConfigId = (pair.json() as { content: Array<{ id: string }> }).content[0]?.id ?? '';
    const created = await call('POST', '/v1/config/currency-deals', atlas, {
      currencyConfigId,
      sourceCurrency: 'USD',
      targetCurrency: 'INR',
      dealType: 'TOM',
      rateProviderId: 'ECB',
      instrumentId: 'USDINR-ECB',
    });
    expect(created.statusCode, created.body).toBe(201);
    const dealId = (created.json() as { id: string }).id;

    const form = new FormData();
    form.append('file', new Blob([fixture], { type: 'application/xml' }), 'eurofxref-daily.xml');
    const body = await multipart(form);
    const res = await s.app.inject({
      method: 'POST',
      url: '/v1/internal/rates/import',
      headers: { authorization: `Bearer ${admin}`, 'idempotency-key': 'ecb-2026-03-13', ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    // 30 EUR pairs of the file plus USD/INR for the deal.
    expect(rateImportResult.parse(res.json())).toEqual({
      rateProviderId: 'ECB',
      asOf: '2026-03-13T15:00:00.000Z',
      currencies: 30,
      ratesStored: 31,
      dealsUpdated: 1,
    });
    const [deal] = await s.services.db.select().from(currencyDealConfigs).where(eq(currencyDealConfigs.id, dealId));
    expect(deal).toMatchObject({ ibrRate: '82.85845504', ibrValueDate: '2026-03-16' });
    const ibr = (await list('/tsp/v1/exchange-rates/ibr?rateProviderId=ECB', atlas)).find((r) => r.currencyDealConfigId === dealId);
    expect(ibr).toMatchObject({ mid: '82.85845504', asOf: '2026-03-13T15:00:00.000Z' });
    // A daily reference rate is never fresh enough to deal on.
    expectField(await call('GET', `/tsp/v1/exchange-rates/ibr/indicative/${dealId}`, atlas), 409, 'RATE_STALE', 'currencyDealConfigId');

    const bad = new FormData();
    bad.append('file', new Blob(['<rates/>'], { type: 'application/xml' }), 'x.xml');
    const badBody = await multipart(bad);
    const refused = await s.app.inject({
      method: 'POST',
      url: '/v1/internal/rates/import',
      headers: { authorization: `Bearer ${admin}`, 'idempotency-key': 'ecb-bad', ...badBody.headers },
      payload: badBody.payload,
    });
    expectField(refused, 400, 'VALIDATION_FAILED', 'file');
  });

  it('names the ECB among the rate providers', async () => {
    const res = await call('GET', '/v1/master/rates/providers?size=50', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.stringify(res.json())).toContain('"ECB"');
  });
});

describe('the feed in the server lifecycle', () => {
  it('ticks at start and on its interval, and stops when the app closes', async () => {
    const app = Fastify();
    const book = new RateBook();
    await startRateFeed(app, s.services.db, book, { tickMs: 300, now: () => new Date(), seed: 9, followPricing });
    const asOf = () => book.marketRate('REFINITIV', 'USD', 'PKR')?.asOf.getTime() ?? 0;
    await expect.poll(asOf, { timeout: 5_000 }).toBeGreaterThan(0);
    const first = asOf();
    await expect.poll(asOf, { timeout: 5_000 }).toBeGreaterThan(first);
    await app.close();
    const stopped = asOf();
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(asOf()).toBe(stopped);
  });

  it('reads RATE_TICK_MS: default 5 s on the demo start and off outside it, 0 turns the feed off, nonsense is refused', () => {
    expect(rateTickMs({}, true)).toBe(5_000);
    expect(rateTickMs({ RATE_TICK_MS: '' }, true)).toBe(5_000);
    expect(rateTickMs({}, false)).toBe(0);
    expect(rateTickMs({ RATE_TICK_MS: '5000' }, false)).toBe(5_000);
    expect(rateTickMs({ RATE_TICK_MS: '0' }, true)).toBe(0);
    expect(rateTickMs({ RATE_TICK_MS: '10' }, true)).toBe(250);
    expect(() => rateTickMs({ RATE_TICK_MS: 'soon' }, true)).toThrow(/RATE_TICK_MS/);
  });
});

describe("the demo desk's daily sheet", () => {
  it('sets each desk rate of an earlier day again on a new UTC day, at the same mid, once a day; only when asked', async () => {
    const db = s.services.db;
    const book = rateBookOf(s.services);
    const [deal] = await db
      .select()
      .from(currencyDealConfigs)
      .where(and(eq(currencyDealConfigs.rateProviderId, DESK_PROVIDER), isNotNull(currencyDealConfigs.ibrRate)))
      .limit(1);
    if (!deal?.ibrRate) throw new Error('the demo data has no desk deal with a rate');
    // "Yesterday" is the server's now and the sheet's day the next: the desk rate recorded yesterday is then its
    // newest history row, as a reader of the history (the pricing state's reload) finds it too.
    const yesterday = s.config.now();
    const now = new Date(yesterday.getTime() + 86_400_000);
    await recordManualIbr(db, book, deal, deal.ibrRate, null, yesterday);
    const history = async () => (await db.select().from(rateHistory).where(eq(rateHistory.currencyDealConfigId, deal.id))).length;

    // The market alone leaves yesterday's desk rate as it was: quotes refuse it today.
    await simulatedMarket(db, book, { now: () => now, seed: 44 }).tick();
    expect(book.ibr(deal.id)?.asOf.toISOString()).toBe(yesterday.toISOString());

    const before = await history();
    const market = simulatedMarket(db, book, { now: () => now, seed: 45, deskSheet: true });
    await market.tick();
    expect(book.ibr(deal.id)?.asOf.toISOString()).toBe(now.toISOString());
    expect(book.ibr(deal.id)?.mid).toBe(deal.ibrRate);
    expect(await history()).toBe(before + 1);
    // Once a day: a second tick, or the sheet asked for again today, sets nothing.
    await market.tick();
    expect(await republishDeskSheet(db, book, now)).toBe(0);
    expect(await history()).toBe(before + 1);
  });
});
