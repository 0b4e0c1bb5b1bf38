import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLimit, creditLimitSummary, creditRequest, pageOf, wallet, walletPosition } from '@corridor/api';
import { Dec } from '@corridor/domain';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { dayFromNow } from '../test/days.ts';

let s: TestServer;
let globex: string; // merchant of Atlas
let stark: string; // merchant of Meridian
let atlas: string;
let meridian: string;
let admin: string;
let walletId: string; // a Globex payment wallet in GBP

const requestPage = pageOf(creditRequest);

beforeAll(async () => {
  s = await startTestServer();
  [globex, stark, atlas, meridian, admin] = await Promise.all([
    s.token('100000001'),
    s.token('100000004'),
    s.token('200000001'),
    s.token('200000002'),
    s.token('900000001'),
  ]);
  const page = pageOf(wallet).parse((await s.get('/v1/merchant/wallets?types=PAYMENT&currencyCodes=GBP', globex)).json());
  walletId = page.content[0]?.id ?? '';
});
afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

function send(method: 'POST' | 'PUT', url: string, token: string, payload: object) {
  return s.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
}

const terms = { currency: 'GBP', validFrom: dayFromNow(-21), validTo: dayFromNow(159), remarks: 'Inventory for the spring season' };

async function position(id: string) {
  return walletPosition.parse((await s.get(`/v1/merchant/wallets/position/${id}`, globex)).json());
}

describe('credit requests', () => {
  it('goes REQUESTED -> IN_VERIFICATION -> APPROVED, and the limit shows on the wallet position', async () => {
    const before = await position(walletId);
    const created = await send('POST', '/v1/merchant/wallets/credit-request', globex, { ...terms, walletId, amount: '25000.00' });
    expect(created.statusCode, created.body).toBe(201);
    const request = creditRequest.parse(created.json());
    expect(request).toMatchObject({ status: 'REQUESTED', amount: '25000', linked: false });

    expect((await send('PUT', `/sp/v1/merchant/wallets/credit-request/${request.id}`, meridian, { status: 'IN_VERIFICATION' })).statusCode).toBe(404);
    const jump = await send('PUT', `/sp/v1/merchant/wallets/credit-request/${request.id}`, atlas, { status: 'APPROVED' });
    expect(jump.statusCode).toBe(409);
    expect(jump.json().code).toBe('INVALID_STATE_TRANSITION');

    const verifying = await send('PUT', `/sp/v1/merchant/wallets/credit-request/${request.id}`, atlas, { status: 'IN_VERIFICATION' });
    expect(creditRequest.parse(verifying.json()).status).toBe('IN_VERIFICATION');
    const tooMuch = await send('PUT', `/sp/v1/merchant/wallets/credit-request/${request.id}`, atlas, { status: 'APPROVED', approvedAmount: '30000' });
    expect(tooMuch.json().invalidParameters[0].parameter).toBe('approvedAmount');
    const approved = await send('PUT', `/sp/v1/merchant/wallets/credit-request/${request.id}`, atlas, { status: 'APPROVED', approvedAmount: '20000' });
    expect(creditRequest.parse(approved.json())).toMatchObject({ status: 'APPROVED', approvedAmount: '20000' });

    const after = await position(walletId);
    expect(new Dec(after.creditPosition.creditLimit.amount).minus(before.creditPosition.creditLimit.amount).toFixed()).toBe('20000');
    expect(after.balance.amount).toBe(before.balance.amount);
    const limits = pageOf(creditLimit).parse((await s.get(`/v1/service-provider/wallets/credit-limit?walletId=${walletId}&size=50`, atlas)).json());
    expect(limits.content.some((l) => l.limit === '20000' && l.status === 'ACTIVE')).toBe(true);
    const again = await send('PUT', `/sp/v1/merchant/wallets/credit-request/${request.id}`, atlas, { status: 'APPROVED' });
    expect(again.statusCode).toBe(409);
  });

  it('grants the credit for the period the approver sets, kept on the request and the limit', async () => {
    const created = await send('POST', '/v1/merchant/wallets/credit-request', globex, { ...terms, walletId, amount: '1200.00' });
    const request = creditRequest.parse(created.json());
    await send('PUT', `/sp/v1/merchant/wallets/credit-request/${request.id}`, atlas, { status: 'IN_VERIFICATION' });
    const backwards = await send('PUT', `/sp/v1/merchant/wallets/credit-request/${request.id}`, atlas, {
      status: 'APPROVED',
      validFrom: dayFromNow(9),
      validTo: dayFromNow(8),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().invalidParameters[0].parameter).toBe('validTo');
    const approved = await send('PUT', `/sp/v1/merchant/wallets/credit-request/${request.id}`, atlas, {
      status: 'APPROVED',
      approvedAmount: '1000',
      validFrom: dayFromNow(9),
      validTo: dayFromNow(70),
    });
    expect(creditRequest.parse(approved.json())).toMatchObject({ status: 'APPROVED', validFrom: dayFromNow(9), validTo: dayFromNow(70) });
    const limits = pageOf(creditLimit).parse((await s.get(`/v1/service-provider/wallets/credit-limit?walletId=${walletId}&size=100`, atlas)).json());
    expect(limits.content.find((l) => new Dec(l.limit).eq(1000) && l.validFrom === dayFromNow(9))?.validTo).toBe(dayFromNow(70));
  });

  it('names every missing or malformed field of a request', async () => {
    const res = await send('POST', '/v1/merchant/wallets/credit-request', globex, { amount: '12,5', validFrom: '2026-13-01' });
    expect(res.statusCode).toBe(400);
    const problems = Object.fromEntries((res.json().invalidParameters as Array<{ parameter: string; message: string }>).map((p) => [p.parameter, p.message]));
    expect(problems.walletId).toBe('is required');
    expect(problems.validTo).toBe('is required');
    expect(problems.amount).toBeDefined();
    expect(problems.validFrom).toBeDefined();
    const zero = await send('POST', '/v1/merchant/wallets/credit-request', globex, { ...terms, walletId, amount: '0.00' });
    expect(zero.json().invalidParameters).toEqual([{ parameter: 'amount', message: 'must be more than zero' }]);
  });

  it('rejects with a reason only', async () => {
    const request = creditRequest.parse((await send('POST', '/v1/merchant/wallets/credit-request', globex, { ...terms, walletId, amount: '900000' })).json());
    const silent = await send('PUT', `/sp/v1/merchant/wallets/credit-request/${request.id}`, atlas, { status: 'REJECTED' });
    expect(silent.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidParameters: [{ parameter: 'remarks' }] });
    const rejected = await send('PUT', `/sp/v1/merchant/wallets/credit-request/${request.id}`, atlas, {
      status: 'REJECTED',
      remarks: 'Exposure limit reached',
    });
    expect(creditRequest.parse(rejected.json())).toMatchObject({ status: 'REJECTED', remarks: 'Exposure limit reached' });
    const mine = creditRequest.parse((await s.get(`/v1/merchant/wallets/credit-request/${request.id}`, globex)).json());
    expect(mine.remarks).toBe('Exposure limit reached');
  });

  it('keeps requests inside the merchant and the TSP', async () => {
    const created = creditRequest.parse((await send('POST', '/v1/merchant/wallets/credit-request', globex, { ...terms, walletId, amount: '10' })).json());
    expect((await s.get(`/v1/merchant/wallets/credit-request/${created.id}`, stark)).statusCode).toBe(404);
    expect((await s.get(`/sp/v1/merchant/wallets/credit-request/${created.id}`, meridian)).statusCode).toBe(404);
    const starkWallet = pageOf(wallet).parse((await s.get('/v1/merchant/wallets', stark)).json()).content[0]?.id ?? '';
    const foreign = await send('POST', '/v1/merchant/wallets/credit-request', globex, { ...terms, walletId: starkWallet, amount: '10' });
    expect(foreign.json().invalidParameters[0].parameter).toBe('walletId');
    const listed = requestPage.parse((await s.get('/sp/v1/merchant/wallets/credit-request?size=100', meridian)).json());
    expect(listed.content.some((r) => r.id === created.id)).toBe(false);
    const requested = requestPage.parse((await s.get('/sp/v1/merchant/wallets/credit-request?statuses=REQUESTED&size=100', atlas)).json());
    expect(requested.content.every((r) => r.status === 'REQUESTED')).toBe(true);
    expect(requested.content.some((r) => r.id === created.id)).toBe(true);
    const wrongCurrency = await send('POST', '/v1/merchant/wallets/credit-request', globex, { ...terms, currency: 'USD', walletId, amount: '10' });
    expect(wrongCurrency.json().invalidParameters[0].parameter).toBe('currency');
  });

  it('has seeded requests in every status', async () => {
    const all = requestPage.parse((await s.get('/sp/v1/merchant/wallets/credit-request?size=100', atlas)).json());
    const statuses = new Set(all.content.map((r) => r.status));
    for (const status of ['REQUESTED', 'IN_VERIFICATION', 'APPROVED', 'REJECTED']) expect(statuses.has(status as never)).toBe(true);
  });

  it('lets a TSP grant linked credit on the merchant wallet', async () => {
    const merchantWallet = wallet.parse((await s.get(`/v1/service-provider/merchant/wallets/${walletId}`, atlas)).json());
    const res = await send('POST', '/sp/v1/merchant/wallets/credit-request/linked', atlas, {
      ...terms,
      walletId,
      amount: '500',
      merchantId: merchantWallet.merchantServiceId,
      tspWalletId: merchantWallet.spWalletId,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(creditRequest.parse(res.json())).toMatchObject({ linked: true, tspWalletId: merchantWallet.spWalletId });
  });
});

describe('credit limits', () => {
  it('sets, changes and cancels a limit, each change posted to the wallet', async () => {
    const spWallet = pageOf(wallet).parse((await s.get('/v1/service-provider/wallets?currencyCodes=INR&accountCategoryIds=100', atlas)).json()).content[0];
    const id = spWallet?.id ?? '';
    const created = await send('POST', '/v1/service-provider/wallets/credit-limit', atlas, {
      walletId: id,
      currency: 'INR',
      limit: '1000000',
      validFrom: dayFromNow(-21),
      validTo: dayFromNow(343),
    });
    expect(created.statusCode, created.body).toBe(201);
    const limit = creditLimit.parse(created.json());
    const positionOf = async () =>
      walletPosition.parse((await s.get(`/v1/service-provider/wallets/position/${id}`, atlas)).json()).creditPosition.creditLimit.amount;
    expect(await positionOf()).toBe('1000000');
    await send('PUT', `/v1/service-provider/wallets/credit-limit/${limit.id}`, atlas, { limit: '400000' });
    expect(await positionOf()).toBe('400000');
    expect((await s.get(`/v1/service-provider/wallets/credit-limit/${limit.id}`, meridian)).statusCode).toBe(404);
    await send('PUT', `/v1/service-provider/wallets/credit-limit/${limit.id}`, atlas, { status: 'CANCELLED' });
    expect(await positionOf()).toBe('0');
    const other = await send('POST', '/v1/service-provider/wallets/credit-limit', meridian, {
      walletId: id,
      currency: 'INR',
      limit: '1',
      validFrom: dayFromNow(-21),
      validTo: dayFromNow(343),
    });
    expect(other.json().invalidParameters[0].parameter).toBe('walletId');
  });

  it('sums the credit granted against a TSP wallet for operations', async () => {
    const merchantWallet = wallet.parse((await s.get(`/v1/service-provider/merchant/wallets/${walletId}`, atlas)).json());
    const res = await s.get(`/v1/internal/merchant/tsp-wallets/credit-limit/summary/${merchantWallet.spWalletId ?? ''}`, admin);
    const summary = creditLimitSummary.parse(res.json());
    expect(summary.currency).toBe('GBP');
    expect(new Dec(summary.totalLimit).gte(20000)).toBe(true);
    expect(new Dec(summary.available).plus(summary.totalUsed).toFixed()).toBe(new Dec(summary.totalLimit).toFixed());
  });
});
