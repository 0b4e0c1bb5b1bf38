import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { Dec } from '@corridor/domain';
import { pageOf, revaluationConfig, revaluationRate, revaluationResult, walletRevaluation } from '@corridor/api';
import { organisations, voucherLines, vouchers, wallets } from '../db/schema.ts';
import { currencyConfigs } from '../pricing-config/pricing-config-schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { callAs, expectField } from '../test/calls.ts';

let s: TestServer;
let atlas: string;
let meridian: string;
let admin: string;
let atlasId: string;
let meridianId: string;
let usdWallets: string[];
let meridianWallet: string;

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const first = day(3);
const second = day(2);
const unused = day(1);

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object, headers: Record<string, string> = {}) {
  return callAs(s, method, url, token, payload, headers);
}

/** The wallet's balance at the end of a day, summed from its balance lines (independent of the running balances). */
async function balanceAt(walletId: string, date: string): Promise<string> {
  const end = new Date(`${date}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  const [row] = await s.services.db
    .select({
      total: sql<string>`coalesce(sum(case when ${voucherLines.debitOrCredit} = 'C' then ${voucherLines.amountInFc} else -${voucherLines.amountInFc} end), 0)`,
    })
    .from(voucherLines)
    .where(and(eq(voucherLines.walletId, walletId), eq(voucherLines.bucket, 'balance'), lt(voucherLines.postedAt, end)));
  return String(row?.total ?? '0');
}

beforeAll(async () => {
  s = await startTestServer();
  [atlas, meridian, admin] = await Promise.all([s.token('200000001'), s.token('200000002'), s.token('900000001')]);
  const db = s.services.db;
  const orgs = new Map((await db.select({ id: organisations.id, code: organisations.code }).from(organisations)).map((o) => [o.code, o.id]));
  atlasId = orgs.get('ATLAS') ?? '';
  meridianId = orgs.get('MERIDIAN') ?? '';
  const own = (tsp: string, ccy: string) =>
    db
      .select({ id: wallets.id })
      .from(wallets)
      .where(and(eq(wallets.serviceProviderId, tsp), isNull(wallets.merchantServiceId), eq(wallets.currencyCode, ccy)));
  usdWallets = (await own(atlasId, 'USD')).map((w) => w.id).sort();
  meridianWallet = (await own(meridianId, 'USD'))[0]?.id ?? '';
  const [pair] = await db
    .select({ id: currencyConfigs.id })
    .from(currencyConfigs)
    .where(and(eq(currencyConfigs.serviceProviderId, atlasId), eq(currencyConfigs.sourceCurrency, 'USD'), eq(currencyConfigs.targetCurrency, 'AED')));
  const config = await call('POST', '/v1/currencies/revaluation/config', atlas, { currencyConfigId: pair?.id, sourceCurrency: 'USD', targetCurrency: 'AED' });
  const configId = revaluationConfig.parse(config.json()).id;
  for (const [date, rate] of [
    [first, '3.6725'],
    [second, '3.7000'],
    [unused, '3.6900'],
  ]) {
    const res = await call('POST', '/v1/currencies/revaluation/config/rates', atlas, { revaluationConfigId: configId, revaluationDate: date, rate });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => s?.close());

const runUrl = '/v1/currencies/revaluation';
/** The test's runs revalue the USD wallets: the demo's own revaluation (EUR and GBP) is left as seeded. */
const usd = ['USD'];
const revaluationCount = async () => (await s.services.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.category, 'REVALUATION'))).length;

describe('revaluation runs', () => {
  let secondRun = '';
  let expectedTotal = new Dec(0);

  it('refuses bad input naming the field, and leaves no run behind', async () => {
    expectField(await call('POST', runUrl, atlas, {}), 400, 'revaluationDate');
    expectField(await call('POST', runUrl, atlas, { revaluationDate: '2999-01-01' }), 400, 'revaluationDate');
    expectField(await call('POST', runUrl, atlas, { revaluationDate: day(40) }), 400, 'revaluationDate');
    expectField(await call('POST', runUrl, atlas, { revaluationDate: first, walletIds: [meridianWallet] }), 404, 'walletIds');
    expectField(await call('POST', runUrl, atlas, { revaluationDate: first, currencies: ['JPY'] }), 400, 'currencies');
    expect((await call('POST', runUrl, admin, { revaluationDate: first })).statusCode).toBe(403);
    expectField(await call('POST', `/v1/internal/currencies/revaluation?serviceProviderId=nope`, admin, { revaluationDate: first }), 404, 'serviceProviderId');
    expect((await call('GET', '/v1/service-provider/wallets/revaluation?currency=USD', atlas)).json()).toMatchObject({ totalElements: 0 });
  });

  it('a first revaluation sets the baseline: records at the rate, no gain or loss, no voucher', async () => {
    const res = await call('POST', runUrl, atlas, { revaluationDate: first, currencies: usd });
    expect(res.statusCode, res.body).toBe(201);
    expect(revaluationResult.parse(res.json())).toMatchObject({
      revaluationDate: first,
      walletsRevalued: usdWallets.length,
      totalGainLoss: '0',
      currency: 'AED',
      vouchers: [],
    });
    expect(usdWallets.length).toBeGreaterThan(0);
  });

  it('posts one balanced voucher per wallet for balance x rate change against the gain/loss account', async () => {
    const before = await revaluationCount();
    const res = await call('POST', runUrl, atlas, { revaluationDate: second, currencies: usd });
    expect(res.statusCode, res.body).toBe(201);
    const result = revaluationResult.parse(res.json());
    secondRun = result.runId;
    const expected = await Promise.all(usdWallets.map(async (id) => new Dec(await balanceAt(id, second)).times('0.0275').toDecimalPlaces(2)));
    expectedTotal = expected.reduce((a, b) => a.plus(b), new Dec(0));
    expect(expectedTotal.isZero()).toBe(false);
    expect(new Dec(result.totalGainLoss).eq(expectedTotal)).toBe(true);
    expect(result.vouchers).toHaveLength(expected.filter((g) => !g.isZero()).length);
    expect(await revaluationCount()).toBe(before + result.vouchers.length);
    const lines = await s.services.db
      .select()
      .from(voucherLines)
      .where(eq(voucherLines.voucherId, result.vouchers[0] ?? ''));
    expect(lines.map((l) => [l.accountCode, l.accountCcyCode, l.walletId]).sort()).toEqual([
      ['RVA-ATLAS-AED', 'AED', null],
      ['RVL-ATLAS-AED', 'AED', null],
    ]);
    const debit = lines.find((l) => l.debitOrCredit === 'D');
    const credit = lines.find((l) => l.debitOrCredit === 'C');
    expect(debit?.amountInFc).toBe(credit?.amountInFc);
  });

  it('runs a date and currency once: repeats and racing twins answer the first run and post nothing', async () => {
    const before = await revaluationCount();
    const answers = await Promise.all([
      call('POST', runUrl, atlas, { revaluationDate: second, currencies: usd }),
      call('POST', runUrl, atlas, { revaluationDate: second, currencies: ['usd'], walletIds: usdWallets.slice(0, 1) }),
      call('POST', `/v1/internal/currencies/revaluation?serviceProviderId=${atlasId}`, admin, { revaluationDate: second, currencies: usd }),
    ]);
    for (const a of answers) expect(revaluationResult.parse(a.json()).runId, a.body).toBe(secondRun);
    expect(await revaluationCount()).toBe(before);
  });

  it('lists and sums the TSP wallet revaluations with their filters, never another TSP rows', async () => {
    const records = pageOf(walletRevaluation);
    const all = records.parse((await call('GET', '/v1/service-provider/wallets/revaluation?currency=USD', atlas)).json());
    expect(all.totalElements).toBe(usdWallets.length * 2);
    const wallet = usdWallets[0] ?? '';
    const one = records.parse((await call('GET', `/v1/service-provider/wallets/revaluation?walletId=${wallet}&fromDate=${second}`, atlas)).json());
    expect(one.content).toEqual([expect.objectContaining({ walletId: wallet, revaluationDate: second, currency: 'USD', rate: '3.7', previousRate: '3.6725' })]);
    expect(records.parse((await call('GET', `/v1/service-provider/wallets/revaluation?currency=USD&toDate=${first}`, atlas)).json()).totalElements).toBe(
      usdWallets.length,
    );
    expect(records.parse((await call('GET', '/v1/service-provider/wallets/revaluation?currency=JPY', atlas)).json()).totalElements).toBe(0);
    expect(records.parse((await call('GET', '/v1/service-provider/wallets/revaluation', meridian)).json()).totalElements).toBe(0);
    expectField(await call('GET', `/v1/service-provider/wallets/revaluation?walletId=${wallet}`, meridian), 404, 'walletId');
    expectField(await call('GET', `/v1/service-provider/wallets/revaluation?fromDate=${second}&toDate=${first}`, atlas), 400, 'toDate');
    const summary = (await call('GET', '/v1/service-provider/wallets/revaluation/summary?currency=USD', atlas)).json() as Array<{ gainLoss: string }>;
    expect(summary).toEqual([{ currency: 'USD', gainLoss: expect.any(String), walletCount: usdWallets.length }]);
    expect(new Dec(summary[0]?.gainLoss ?? '').eq(expectedTotal)).toBe(true);
    expect((await call('GET', '/v1/service-provider/wallets/revaluation/summary', meridian)).json()).toEqual([]);
  });

  it('history shows the rates runs used, of the caller TSP only', async () => {
    const rates = pageOf(revaluationRate);
    const mine = rates.parse((await call('GET', '/v1/currencies/revaluation/history?sourceCurrency=USD', atlas)).json());
    expect(mine.content.map((r) => r.revaluationDate)).toEqual([second, first]);
    expect(
      rates.parse((await call('GET', `/v1/currencies/revaluation/history?sourceCurrency=USD&revaluationDate=${second}`, atlas)).json()).totalElements,
    ).toBe(1);
    expect(rates.parse((await call('GET', '/v1/currencies/revaluation/history', meridian)).json()).totalElements).toBe(0);
    expect(rates.parse((await call('GET', '/v1/currencies/revaluation/history?sourceCurrency=USD', admin)).json()).totalElements).toBe(2);
  });

  it('keeps a rate a run used: changing it is refused, repeating it is not', async () => {
    const configId = revaluationRate.parse(
      (await call('GET', `/v1/currencies/revaluation/config/rates?sourceCurrency=USD&revaluationDate=${second}`, atlas)).json().content[0],
    ).revaluationConfigId;
    const url = '/v1/currencies/revaluation/config/rates';
    expectField(await call('POST', url, atlas, { revaluationConfigId: configId, revaluationDate: second, rate: '3.8' }), 409, 'rate');
    expect((await call('POST', url, atlas, { revaluationConfigId: configId, revaluationDate: second, rate: '3.70' })).statusCode).toBe(201);
    expect((await call('POST', url, atlas, { revaluationConfigId: configId, revaluationDate: unused, rate: '3.71' })).statusCode).toBe(201);
  });

  it('runs another currency of the same date as a run of its own, once, under two concurrent runs', async () => {
    const date = day(5);
    const before = await revaluationCount();
    const [a, b] = await Promise.all([
      call('POST', runUrl, atlas, { revaluationDate: date, currencies: ['EUR'] }),
      call('POST', runUrl, atlas, { revaluationDate: date, currencies: ['EUR', 'GBP'] }),
    ]);
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode, b.body).toBe(201);
    const [ra, rb] = [revaluationResult.parse(a.json()), revaluationResult.parse(b.json())];
    // The seed ran days 12 and 6; day 5 is new for both currencies. Whichever claimed EUR revalued it;
    // the other took what was left (GBP, or nothing but the first run's answer).
    const runs = new Set([ra.runId, rb.runId]);
    const records = pageOf(walletRevaluation).parse(
      (await call('GET', `/v1/service-provider/wallets/revaluation?fromDate=${date}&toDate=${date}&size=100`, atlas)).json(),
    );
    const perWallet = new Map<string, number>();
    for (const r of records.content) perWallet.set(r.walletId, (perWallet.get(r.walletId) ?? 0) + 1);
    expect([...perWallet.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(records.content.map((r) => r.currency))).toEqual(new Set(['EUR', 'GBP']));
    const posted = await revaluationCount();
    expect(posted - before).toBe(new Set([...ra.vouchers, ...rb.vouchers]).size);
    // Every voucher of the runs balances in its currency and in local currency.
    for (const id of [...ra.vouchers, ...rb.vouchers]) {
      const [v] = await s.services.db.select().from(vouchers).where(eq(vouchers.id, id));
      expect(v?.totalDebitAmountInLc).toBe(v?.totalCreditAmountInLc);
    }
    // A repeat of either currency answers a run already made and posts nothing.
    const again = revaluationResult.parse((await call('POST', runUrl, atlas, { revaluationDate: date, currencies: ['GBP'] })).json());
    expect(runs.has(again.runId)).toBe(true);
    expect(await revaluationCount()).toBe(posted);
  });

  it('a rate changed while a run revalues at it never leaves records of another rate than the stored one', async () => {
    const date = day(4);
    const config = revaluationRate.parse(
      (await call('GET', `/v1/currencies/revaluation/config/rates?sourceCurrency=EUR&revaluationDate=${date}`, atlas)).json().content[0],
    );
    const [run, change, twin] = await Promise.all([
      call('POST', runUrl, atlas, { revaluationDate: date, currencies: ['EUR'] }),
      call('POST', '/v1/currencies/revaluation/config/rates', atlas, { revaluationConfigId: config.revaluationConfigId, revaluationDate: date, rate: '4.5' }),
      call('POST', runUrl, atlas, { revaluationDate: date, currencies: ['EUR'] }),
    ]);
    expect(run.statusCode, run.body).toBe(201);
    expect(revaluationResult.parse(twin.json()).runId).toBe(revaluationResult.parse(run.json()).runId);
    // Either the change came first (the run took 4.5) or the run did (the change is refused naming rate).
    expect([201, 409]).toContain(change.statusCode);
    const stored = revaluationRate.parse(
      (await call('GET', `/v1/currencies/revaluation/config/rates?sourceCurrency=EUR&revaluationDate=${date}`, atlas)).json().content[0],
    );
    const records = pageOf(walletRevaluation).parse(
      (await call('GET', `/v1/service-provider/wallets/revaluation?currency=EUR&fromDate=${date}&toDate=${date}`, atlas)).json(),
    );
    expect(records.content.length).toBeGreaterThan(0);
    for (const r of records.content) expect(new Dec(r.rate).eq(stored.rate)).toBe(true);
    expect(new Dec(stored.rate).eq(change.statusCode === 201 ? '4.5' : config.rate)).toBe(true);
  });
});
