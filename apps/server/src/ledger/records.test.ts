import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountingEntry, pageOf, recordRow, refreshResult, settlementResult, wallet, walletPosition } from '@corridor/api';
import { Dec } from '@corridor/domain';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';

let s: TestServer;
let atlas: string;
let meridian: string;
let admin: string;
let atlasId: string;

const records = pageOf(recordRow);

beforeAll(async () => {
  s = await startTestServer();
  [atlas, meridian, admin] = await Promise.all([s.token('200000001'), s.token('200000002'), s.token('900000001')]);
  atlasId = (await s.get('/users/me', atlas)).json().parentId as string;
});
afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

function refresh(path: string, tspId: string, body?: object) {
  return s.app.inject({
    method: 'POST',
    url: `/v1/internal/service-provider/records/refresh${path}?tspId=${tspId}`,
    headers: { authorization: `Bearer ${admin}` },
    ...(body ? { payload: body } : {}),
  });
}

describe('record views', () => {
  it('starts with daily wallet positions whose latest record is the wallet balance', async () => {
    const [pool] = pageOf(wallet).parse((await s.get('/v1/service-provider/wallets?accountCategoryIds=500&currencyCodes=USD', atlas)).json()).content;
    const page = records.parse((await s.get(`/v1/service-provider/records/wallet-position?walletId=${pool?.id ?? ''}&sort=date,DESC&size=1`, atlas)).json());
    const position = walletPosition.parse((await s.get(`/v1/service-provider/wallets/position/${pool?.id ?? ''}`, atlas)).json());
    expect(page.content[0]?.amount).toBe(position.balance.amount);
    expect(page.content[0]).toMatchObject({ currency: 'USD', country: 'US', localCurrency: 'USD', amountUSDEQ: position.balance.amount });
  });

  it('sums merchant charges into wallet revenue', async () => {
    const charges = records.parse((await s.get('/v1/service-provider/records/transaction/merchant/charges?size=10000', atlas)).json());
    const revenue = records.parse((await s.get('/v1/service-provider/records/wallet-revenue?size=10000', atlas)).json());
    expect(charges.totalElements).toBeGreaterThan(0);
    const total = (rows: typeof charges.content, ccy: string) =>
      rows
        .filter((r) => r.currency === ccy)
        .reduce((a, r) => a.plus(r.amount), new Dec(0))
        .toFixed();
    expect(total(revenue.content, 'EUR')).toBe(total(charges.content, 'EUR'));
    const one = charges.content[0];
    const entries = pageOf(accountingEntry).parse((await s.get(`/v1/accounting/${one?.details?.transactionId ?? ''}`, atlas)).json());
    expect(entries.content.some((e) => e.voucherNo === one?.details?.voucherNo)).toBe(true);
    expect(records.parse((await s.get('/v1/service-provider/records/wallet-revenue?localCurrency=EUR', atlas)).json()).totalElements).toBe(0);
  });

  it('rebuilds a view from the ledger on refresh, per TSP', async () => {
    const [misc] = pageOf(wallet).parse((await s.get('/v1/service-provider/wallets?accountCategoryIds=100&currencyCodes=GBP', atlas)).json()).content;
    const paid = await s.app.inject({
      method: 'POST',
      url: '/tsp/v2/transactions/payment/misc',
      headers: { authorization: `Bearer ${atlas}` },
      payload: { spWalletId: misc?.id, fundingPartyId: 'FP-ATLAS-01', purpose: 'BANK_FEES', currency: 'GBP', amount: '12.34', direction: 'OUT' },
    });
    settlementResult.parse(paid.json());
    const today = new Date().toISOString().slice(0, 10);
    const res = await refresh('/wallet-position', atlasId, { fromDate: today, toDate: today });
    const result = refreshResult.parse(res.json());
    expect(result).toMatchObject({ record: 'wallet-position', tspId: atlasId });
    const todays = records.parse((await s.get(`/v1/service-provider/records/wallet-position?fromDate=${today}&toDate=${today}&size=1000`, atlas)).json());
    expect(todays.totalElements).toBe(result.refreshed);
    const position = walletPosition.parse((await s.get(`/v1/service-provider/wallets/position/${misc?.id ?? ''}`, atlas)).json());
    expect(todays.content.find((r) => r.walletId === misc?.id)?.amount).toBe(position.balance.amount);
    const all = z.array(refreshResult).parse((await refresh('', atlasId)).json());
    expect(all.map((r) => r.record).sort()).toEqual([
      'deal-position',
      'deal-profit',
      'merchant-txn-charges',
      'wallet-position',
      'wallet-revaluation',
      'wallet-revenue',
    ]);
    expect((await refresh('/deal-profit', 'no-such-tsp')).statusCode).toBe(404);
  });

  it('refreshes made at once leave one set of rows, not one per refresh', async () => {
    const once = refreshResult.parse((await refresh('/wallet-position', atlasId)).json());
    const atOnce = await Promise.all([1, 2, 3, 4].map(() => refresh('/wallet-position', atlasId)));
    for (const res of atOnce) expect(refreshResult.parse(res.json()).refreshed).toBe(once.refreshed);
    const stored = records.parse((await s.get('/v1/service-provider/records/wallet-position?size=1', atlas)).json());
    expect(stored.totalElements).toBe(once.refreshed);
  });

  it('keeps each TSP to its own records', async () => {
    const atlasRows = records.parse((await s.get('/v1/service-provider/records/wallet-position?size=10000', atlas)).json());
    const meridianRows = records.parse((await s.get('/v1/service-provider/records/wallet-position?size=10000', meridian)).json());
    const atlasWallets = new Set(atlasRows.content.map((r) => r.walletId));
    expect(meridianRows.totalElements).toBeGreaterThan(0);
    expect(meridianRows.content.some((r) => atlasWallets.has(r.walletId))).toBe(false);
    expect((await s.get('/v1/service-provider/records/deal-profit', atlas)).json().totalElements).toBe(0);
  });
});
