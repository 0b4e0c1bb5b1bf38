import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { v4 as uuidv4 } from 'uuid';
import { payment as paymentSchema } from '@corridor/api';
import { Dec } from '@corridor/domain';
import { organisations, voucherLines, wallets } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { quotes } from '../quotes/quote-schema.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { callAs, onlyFlatUsdFee, orgIdsByCode, seededUsers, priceDealAt, usdAedQuote, usdAedSpotDeal, walletPosition } from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { applyPaymentAction } from './payment-lifecycle.ts';
import { payoutOutbox, payments } from './payment-schema.ts';

let s: TestServer;
let globex: string; // merchant of Atlas
let stark: string; // merchant of Meridian
let atlas: string; // TSP
let meridian: string; // TSP
let atlasId: string;
let usdWallet: string;
let otherUsdWallet: string; // a second USD wallet of a merchant of Atlas, for the concurrency test

const M = '/m/api/v1/transactions/payments';
const S = '/s/api/v1/transactions/payments';

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) => callAs(s, method, url, token, payload);

const body = (over: Record<string, unknown> = {}) => ({
  walletId: usdWallet,
  sendAmount: '1000',
  receiver: { name: 'Acme Supplies LLC', countryCode: 'AE', accountNumber: 'AE070331234567890123456' },
  message: 'Invoice 42',
  ...over,
});

const position = (walletId: string) => walletPosition(s.services.db, walletId);

async function statementOf(paymentId: string, walletId: string) {
  return s.services.db
    .select({ bucket: voucherLines.bucket, side: voucherLines.debitOrCredit, amount: voucherLines.amountInFc })
    .from(voucherLines)
    .where(and(eq(voucherLines.transactionId, paymentId), eq(voucherLines.walletId, walletId)))
    .orderBy(asc(voucherLines.id));
}

async function create(over: Record<string, unknown> = {}, token = globex, path = M) {
  const res = await call('POST', path, token, body(over));
  expect(res.statusCode, res.body).toBe(201);
  return paymentSchema.parse(res.json());
}

async function bank(id: string, action: 'complete' | 'fail', reason?: string) {
  return inTransaction(s.services.db, (tx) => applyPaymentAction(tx, id, action, { type: 'BANK', name: 'Atlas correspondent' }, { reason: reason ?? null }));
}

beforeAll(async () => {
  s = await startTestServer();
  ({ globex, stark, atlas, meridian } = await seededUsers(s));
  const db = s.services.db;
  const orgs = await orgIdsByCode(db);
  atlasId = orgs.get('ATLAS') ?? '';
  const merchantWallets = await db
    .select({ id: wallets.id, m: wallets.merchantServiceId })
    .from(wallets)
    .where(and(eq(wallets.serviceProviderId, atlasId), eq(wallets.currencyCode, 'USD'), sql`${wallets.merchantServiceId} is not null`))
    .orderBy(asc(wallets.id));
  const globexId = (await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, 'GLOBEX')))[0]?.id;
  usdWallet = merchantWallets.find((w) => w.m === globexId)?.id ?? merchantWallets[0]?.id ?? '';
  otherUsdWallet = merchantWallets.filter((w) => w.m === globexId && w.id !== usdWallet)[0]?.id ?? usdWallet;
  // Known fees: one flat 5 USD merchant fee, no correspondent fee, no tax.
  await onlyFlatUsdFee(db, atlasId, 'fee-payments-test');
});
afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

describe('payment lifecycle through HTTP', () => {
  it('draft → initiate (hold) → process (outbox) → complete (settle): positions and statement exact', async () => {
    const before = await position(usdWallet);
    const draft = await call('POST', `${M}/draft`, globex, body({ draftId: uuidv4() }));
    expect(draft.statusCode, draft.body).toBe(201);
    const d = paymentSchema.parse(draft.json());
    expect(d.status).toBe('DRAFTED');
    expect(d.fee).toBe('5');
    expect((await position(usdWallet)).available.eq(before.available)).toBe(true);

    const initiated = await call('GET', `${M}/draft/process/${d.id}?paymentId=${d.paymentId}`, globex);
    expect(initiated.statusCode, initiated.body).toBe(200);
    expect(initiated.json().status).toBe('INITIATED');
    const held = await position(usdWallet);
    expect(held.held.minus(before.held).toFixed()).toBe('1005');
    expect(before.available.minus(held.available).toFixed()).toBe('1005');
    expect(held.balance.eq(before.balance)).toBe(true);
    expect(await statementOf(d.paymentId, usdWallet)).toEqual([{ bucket: 'pendingAuthorization', side: 'C', amount: '1005.00000000' }]);

    const processed = await call('GET', `${S}/process/${d.id}`, atlas);
    expect(processed.statusCode, processed.body).toBe(200);
    expect(processed.json().status).toBe('PROCESSING');
    const outbox = await s.services.db.select().from(payoutOutbox).where(eq(payoutOutbox.paymentId, d.id));
    expect(outbox.map((o) => [o.attempt, o.status])).toEqual([[1, 'PENDING']]);
    expect((await position(usdWallet)).held.eq(held.held)).toBe(true);

    const completed = await bank(d.id, 'complete');
    expect(completed.status).toBe('COMPLETED');
    const settled = await position(usdWallet);
    expect(settled.held.eq(before.held)).toBe(true);
    expect(before.balance.minus(settled.balance).toFixed()).toBe('1005');
    expect(before.available.minus(settled.available).toFixed()).toBe('1005');
    expect(await statementOf(d.paymentId, usdWallet)).toEqual([
      { bucket: 'pendingAuthorization', side: 'C', amount: '1005.00000000' },
      { bucket: 'pendingAuthorization', side: 'D', amount: '1005.00000000' },
      { bucket: 'balance', side: 'D', amount: '1000.00000000' },
      { bucket: 'balance', side: 'D', amount: '5.00000000' },
    ]);

    const got = await call('GET', `${M}/${d.paymentId}`, globex);
    expect(got.statusCode).toBe(200);
    expect(paymentSchema.parse(got.json()).timeline?.map((t) => [t.action, t.status])).toEqual([
      ['draft', 'DRAFTED'],
      ['initiate', 'INITIATED'],
      ['process', 'PROCESSING'],
      ['complete', 'COMPLETED'],
    ]);
    expect(got.json().timeline[2].by.id).not.toBeNull();
  });

  it('a failed payout releases the hold; retry holds again and queues attempt 2; renew makes a draft', async () => {
    const before = await position(usdWallet);
    const p = await create();
    expect(p.status).toBe('INITIATED');
    expect((await call('GET', `${S}/process/${p.id}`, atlas)).statusCode).toBe(200);
    const failed = await bank(p.id, 'fail', 'Account closed');
    expect(failed.failureReason).toBe('Account closed');
    expect((await position(usdWallet)).available.eq(before.available)).toBe(true);

    const retried = await call('GET', `${M}/retry?paymentId=${p.paymentId}`, globex);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().status).toBe('PROCESSING');
    expect(before.available.minus((await position(usdWallet)).available).toFixed()).toBe('1005');
    const attempts = await s.services.db.select({ attempt: payoutOutbox.attempt }).from(payoutOutbox).where(eq(payoutOutbox.paymentId, p.id));
    expect(attempts.map((a) => a.attempt).sort()).toEqual([1, 2]);

    await bank(p.id, 'fail', 'Account closed');
    const renewed = await call('PUT', `${M}/new`, globex, { paymentIds: [p.paymentId] });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()[0].status).toBe('DRAFTED');
    expect((await position(usdWallet)).available.eq(before.available)).toBe(true);
  });

  it('cancellation releases the hold, is stored, and answers its status; a date before the payment is refused', async () => {
    const before = await position(usdWallet);
    const p = await create();
    const early = await call('POST', `${M}/cancellations`, globex, { transactionId: p.paymentId, reason: 'Wrong amount', cancellationDate: '2020-01-01' });
    expect(early.statusCode).toBe(400);
    expect(early.json().invalidParameters[0].parameter).toBe('cancellationDate');
    const cancelled = await call('POST', `${M}/cancellations`, globex, { transactionId: p.paymentId, reason: 'Wrong amount' });
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    expect(cancelled.json().status).toBe('COMPLETED');
    expect((await position(usdWallet)).available.eq(before.available)).toBe(true);
    const status = await call('GET', `${M}/cancellations/${p.paymentId}/status`, globex);
    expect(status.statusCode).toBe(200);
    expect(status.json().reason).toBe('Wrong amount');
    expect((await call('GET', `${M}/${p.id}`, globex)).json().status).toBe('CANCELLED');
  });

  it('INVALID_TRANSITION names the current status and changes nothing', async () => {
    const d = paymentSchema.parse((await call('POST', `${M}/draft`, globex, body())).json());
    const processDraft = await call('GET', `${S}/process/${d.id}`, atlas);
    expect(processDraft.statusCode).toBe(409);
    expect(processDraft.json().code).toBe('INVALID_TRANSITION');
    expect(processDraft.json().message).toContain('DRAFTED');
    const retry = await call('GET', `${M}/retry?paymentId=${d.paymentId}`, globex);
    expect(retry.json().code).toBe('INVALID_TRANSITION');
    const p = await create();
    const merchantReject = await call('PUT', `${M}/reject`, globex, { paymentIds: [p.paymentId] });
    expect(merchantReject.statusCode).toBe(409);
    expect(merchantReject.json().message).toContain('INITIATED');
    const complete = await call('PUT', S, atlas, { paymentIds: [p.id], status: 'COMPLETED' });
    expect(complete.json().code).toBe('INVALID_TRANSITION');
    expect((await call('GET', `${M}/${p.id}`, globex)).json().status).toBe('INITIATED');
    const rejected = await call('PUT', S, atlas, { paymentIds: [p.id], status: 'REJECTED', reason: 'Sanctions hit' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()[0].status).toBe('REJECTED');
  });

  it('maker-checker: the TSP user who created a payment may not process it', async () => {
    const p = await create({}, atlas, S);
    const own = await call('GET', `${S}/process/${p.id}`, atlas);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('MAKER_CHECKER');
    const bulk = await call('GET', `${S}/process?paymentIds=${p.paymentId}`, atlas);
    expect(bulk.json().failed[0].code).toBe('MAKER_CHECKER');
    expect((await call('GET', `${M}/${p.id}`, globex)).json().status).toBe('INITIATED');
  });
});

describe('drafts land once', () => {
  it('20 concurrent copies of one draft make exactly one row; another body is DRAFT_ID_REUSED', async () => {
    const draftId = uuidv4();
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('POST', `${M}/draft`, globex, body({ draftId }))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const rows = await s.services.db.select().from(payments).where(eq(payments.draftId, draftId));
    expect(rows).toHaveLength(1);
    const reused = await call('POST', `${M}/draft`, globex, body({ draftId, sendAmount: '999' }));
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('DRAFT_ID_REUSED');
    expect(reused.json().invalidParameters[0].parameter).toBe('draftId');
  });

  it('a draftId on a direct payment holds once, however often it is sent', async () => {
    const before = await position(usdWallet);
    const draftId = uuidv4();
    const answers = await Promise.all(Array.from({ length: 5 }, () => call('POST', M, globex, body({ draftId }))));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(before.available.minus((await position(usdWallet)).available).toFixed()).toBe('1005');
    await call('PUT', S, atlas, { paymentIds: [answers[0]?.json().id], status: 'REJECTED' });
  });
});

describe('funds', () => {
  it('INSUFFICIENT_FUNDS: nothing is created', async () => {
    const { available } = await position(usdWallet);
    const res = await call('POST', M, globex, body({ sendAmount: available.plus(1).toFixed(2) }));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('INSUFFICIENT_FUNDS');
  });

  it('20 concurrent payments on one wallet never spend past its funds', async () => {
    const wallet = otherUsdWallet;
    const { available } = await position(wallet);
    // Each payment takes a ninth of what the wallet can spend: at most 8 fit with their fees.
    const amount = available.div(9).toDecimalPlaces(2, Dec.ROUND_DOWN);
    const fit = available.div(amount.plus(5)).floor().toNumber();
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('POST', M, globex, body({ walletId: wallet, sendAmount: amount.toFixed() }))));
    const ok = answers.filter((a) => a.statusCode === 201);
    expect(ok).toHaveLength(fit);
    expect(answers.filter((a) => a.statusCode !== 201).every((a) => a.json().code === 'INSUFFICIENT_FUNDS')).toBe(true);
    const after = await position(wallet);
    expect(after.available.gte(0)).toBe(true);
    expect(available.minus(after.available).eq(amount.plus(5).times(fit))).toBe(true);
    await call('PUT', S, atlas, { paymentIds: ok.map((a) => a.json().id), status: 'REJECTED' });
    expect((await position(wallet)).available.eq(available)).toBe(true);
  });
});

describe('cross-currency', () => {
  async function quote() {
    await priceDealAt(s, await usdAedSpotDeal(s.services.db, atlasId), '3.6725');
    return usdAedQuote(s, globex, usdWallet);
  }

  it('refuses a quote on a same-currency payment (400 naming quoteId) on every create and draft call, and holds nothing', async () => {
    const q = await quote();
    const quoteId = (q.quoteId ?? q.id) as string;
    const before = await position(usdWallet);
    const calls: Array<[string, string, Record<string, unknown>]> = [
      [M, globex, {}],
      [`${M}/draft`, globex, { draftId: uuidv4() }],
      [S, atlas, {}],
      [`${S}/draft`, atlas, { draftId: uuidv4() }],
    ];
    for (const [url, token, extra] of calls) {
      for (const over of [{ quoteId }, { quoteId, receiveCurrency: 'USD' }, { quoteId: uuidv4() }]) {
        const res = await call('POST', url, token, body({ ...extra, ...over }));
        expect(res.statusCode, `${url} ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidParameters: [{ parameter: 'quoteId' }], traceId: expect.any(String) });
      }
    }
    const after = await position(usdWallet);
    expect(after.held.eq(before.held)).toBe(true);
    expect(after.available.eq(before.available)).toBe(true);
  });

  it('keeps the quote rate; needs a quote; an expired quote is QUOTE_EXPIRED', async () => {
    const noQuote = await call('POST', M, globex, body({ receiveCurrency: 'AED' }));
    expect(noQuote.statusCode).toBe(400);
    expect(noQuote.json().invalidParameters[0].parameter).toBe('quoteId');
    const q = await quote();
    const quoteId = (q.quoteId ?? q.id) as string;
    const p = await create({ receiveCurrency: 'AED', quoteId });
    expect(new Dec(p.exchangeRate ?? '0').eq('3.6725')).toBe(true);
    expect(new Dec(p.instrumentsDetails.receiveAmount).eq('3672.5')).toBe(true);
    const wrongAmount = await call('POST', M, globex, body({ receiveCurrency: 'AED', quoteId, sendAmount: '999' }));
    expect(wrongAmount.json().invalidParameters[0].parameter).toBe('sendAmount');
    // The quote's validity ends (as a short-lived quote's would): the payment may no longer use it.
    await s.services.db
      .update(quotes)
      .set({ expireAt: new Date(s.config.now().getTime() - 1000) })
      .where(eq(quotes.id, quoteId));
    const expired = await call('POST', M, globex, body({ receiveCurrency: 'AED', quoteId }));
    expect(expired.statusCode).toBe(422);
    expect(expired.json().code).toBe('QUOTE_EXPIRED');
    await call('PUT', S, atlas, { paymentIds: [p.id], status: 'REJECTED' });
  });
});

describe('tenants', () => {
  it("another merchant's or TSP's caller gets 404 on every call naming a payment", async () => {
    const p = await create();
    const d = paymentSchema.parse((await call('POST', `${M}/draft`, globex, body())).json());
    const answers = [
      await call('GET', `${M}/${p.id}`, stark),
      await call('GET', `${S}/${p.id}`, meridian),
      await call('GET', `${M}/draft/process/${d.id}`, stark),
      await call('GET', `${S}/process/${p.id}`, meridian),
      await call('PUT', `${M}/reject`, stark, { paymentIds: [d.id] }),
      await call('PUT', `${M}/new`, stark, { paymentIds: [d.id] }),
      await call('PUT', S, meridian, { paymentIds: [p.id], status: 'REJECTED' }),
      await call('GET', `${M}/retry?paymentId=${p.paymentId}`, stark),
      await call('POST', `${M}/cancellations`, stark, { transactionId: p.paymentId, reason: 'x' }),
      await call('GET', `${M}/cancellations/${p.paymentId}/status`, stark),
      await call('POST', M, stark, body()),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 404));
    expect(answers.at(-1)?.json().invalidParameters[0].parameter).toBe('walletId');
    const starkList = await call('GET', `${M}?size=100`, stark);
    expect(starkList.json().content.some((x: { id: string }) => x.id === p.id)).toBe(false);
    const globexList = await call('GET', `${M}?size=100`, globex);
    expect(globexList.json().content.some((x: { id: string }) => x.id === p.id)).toBe(true);
    const pending = await call('GET', `${S}/pending?size=100`, atlas);
    expect(pending.json().content.some((x: { id: string }) => x.id === p.id)).toBe(true);
    expect((await call('GET', `${S}/pending?size=100`, meridian)).json().content.some((x: { id: string }) => x.id === p.id)).toBe(false);
    const summary = await call('GET', `${S}/pending/summary`, atlas);
    expect(summary.json().find((r: { status: string; currency: string }) => r.status === 'INITIATED' && r.currency === 'USD').count).toBeGreaterThan(0);
    const ops = await s.token('900000001');
    const internal = await call('GET', `/v1/internal/transactions/payments/tsp/${p.id}`, ops);
    expect(internal.statusCode, internal.body).toBe(200);
    expect(internal.json().timeline).toHaveLength(1);
    expect((await call('GET', `/v1/internal/transactions/payments/merchant/${p.paymentId}`, ops)).json().id).toBe(p.id);
    await call('PUT', S, atlas, { paymentIds: [p.id], status: 'REJECTED' });
  });
});

describe('bad input names the field', () => {
  it.each([
    ['too many decimals', { sendAmount: '10.123' }, 'sendAmount'],
    ['a 141-character message', { message: 'x'.repeat(141) }, 'message'],
    ['an unknown country', { receiver: { name: 'Acme', countryCode: 'ZZ' } }, 'receiver.countryCode'],
    // The codes reach PostgreSQL as a JSON list: JSON's own characters and a lone surrogate stay a 400.
    ['a country code with a quote', { receiver: { name: 'Acme', countryCode: 'A"' } }, 'receiver.countryCode'],
    ['a sender country that is a lone surrogate', { sender: { name: 'Globex', countryCode: '\uD800A' } }, 'sender.countryCode'],
    ['an unknown currency', { receiveCurrency: 'QQQ', quoteId: 'q' }, 'receiveCurrency'],
    ['a zero amount', { sendAmount: '0' }, 'sendAmount'],
  ])('%s', async (_name, over, field) => {
    const res = await call('POST', M, globex, body(over));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().invalidParameters.map((p: { parameter: string }) => p.parameter)).toContain(field);
  });

  it('NUL and huge bodies are refused without a 500', async () => {
    const nul = await call('POST', M, globex, body({ receiver: { name: 'Acme\u0000', countryCode: 'AE' } }));
    expect(nul.statusCode).toBeGreaterThanOrEqual(400);
    expect(nul.statusCode).toBeLessThan(500);
    const huge = await call('POST', M, globex, body({ message: 'x'.repeat(2_000_000) }));
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    const malformed = await s.app.inject({
      method: 'POST',
      url: M,
      headers: { authorization: `Bearer ${globex}`, 'content-type': 'application/json' },
      payload: '{"walletId":',
    });
    expect(malformed.statusCode).toBe(400);
  });
});
