import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountingEntry, creditLimit, pageOf, settlementResult, wallet, walletPosition } from '@corridor/api';
import { Dec } from '@corridor/domain';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { post } from './ledger-service.ts';
import { voucherLines } from '../db/schema.ts';
import { applyCreditValidity } from '../credit/credit-service.ts';
import { inTransaction } from '../db/transaction.ts';
import { dayFromNow } from '../test/days.ts';

let s: TestServer;
let atlas: string;
let meridian: string;

beforeAll(async () => {
  s = await startTestServer();
  [atlas, meridian] = await Promise.all([s.token('200000001'), s.token('200000002')]);
});
afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

function misc(token: string, body: object, key?: string) {
  return s.app.inject({
    method: 'POST',
    url: '/tsp/v2/transactions/payment/misc',
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

async function newWallet(alias: string): Promise<string> {
  const res = await s.app.inject({
    method: 'POST',
    url: '/v1/service-provider/wallets',
    headers: { authorization: `Bearer ${atlas}` },
    payload: { alias, accountCategoryId: '999', currencyCode: 'EUR', countryCode: 'AE' },
  });
  return wallet.parse(res.json()).id;
}

async function positionOf(id: string) {
  return walletPosition.parse((await s.get(`/v1/service-provider/wallets/position/${id}`, atlas)).json());
}

const base = { fundingPartyId: 'FP-ATLAS-01', purpose: 'OFFICE_RENT', currency: 'EUR' };

describe('miscellaneous payments', () => {
  it('moves money in and out with one balanced voucher each', async () => {
    const id = await newWallet('Atlas misc EUR');
    const inRes = await misc(atlas, { ...base, spWalletId: id, amount: '1500.25', direction: 'IN' });
    expect(inRes.statusCode, inRes.body).toBe(201);
    const outRes = await misc(atlas, { ...base, spWalletId: id, amount: '500.25', direction: 'OUT', remarks: 'November rent' });
    const result = settlementResult.parse(outRes.json());
    expect(result).toMatchObject({ type: 'MISC', status: 'POSTED', currency: 'EUR', amount: '500.25' });
    expect((await positionOf(id)).balance.amount).toBe('1000');
    const entries = pageOf(accountingEntry).parse((await s.get(`/v1/accounting/${result.settlementTransactionId}`, atlas)).json());
    const voucher = entries.content[0]?.voucher;
    expect(voucher?.voucherNo).toBe(result.vouchers[0]);
    expect(voucher?.voucherDetails.map((l) => [l.debitORCredit, l.accountCode])).toEqual([
      ['D', expect.stringMatching(/^SW-/)],
      ['C', 'POOL-ATLAS-EUR'],
    ]);
    expect(voucher?.totalDebitAmountInLc).toBe('540.27');
    expect(voucher?.totalCreditAmountInLc).toBe('540.27');
  });

  it('validates the body and refuses another TSP wallet', async () => {
    const id = await newWallet('Atlas misc EUR 2');
    const bad = await misc(atlas, { spWalletId: id, amount: '12,5', currency: 'EURO', direction: 'SIDEWAYS' });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().invalidParameters as Array<{ parameter: string }>).map((p) => p.parameter).sort();
    expect(fields).toEqual(['amount', 'currency', 'direction', 'fundingPartyId', 'purpose']);
    const wrongCurrency = await misc(atlas, { ...base, currency: 'USD', spWalletId: id, amount: '1', direction: 'IN' });
    expect(wrongCurrency.json().invalidParameters[0].parameter).toBe('currency');
    expect((await misc(meridian, { ...base, spWalletId: id, amount: '1', direction: 'IN' })).statusCode).toBe(404);
  });

  it('refuses a debit beyond balance plus credit with 422 INSUFFICIENT_FUNDS and posts nothing', async () => {
    const id = await newWallet('Atlas misc EUR 3');
    await misc(atlas, { ...base, spWalletId: id, amount: '100', direction: 'IN' });
    const refused = await misc(atlas, { ...base, spWalletId: id, amount: '100.01', direction: 'OUT' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('INSUFFICIENT_FUNDS');
    expect((await positionOf(id)).balance.amount).toBe('100');
    const entries = pageOf(accountingEntry).parse((await s.get(`/v1/accounting/accounting_entries?tspWalletId=${id}`, atlas)).json());
    expect(entries.totalElements).toBe(1);
  });

  it('refuses a voucher that does not balance, inside the caller transaction', async () => {
    const id = await newWallet('Atlas misc EUR 4');
    const attempt = inTransaction(s.services.db, async (tx) =>
      post(
        tx,
        {
          category: 'TEST',
          lines: [
            { accountCode: 'X', accountName: 'X', currency: 'EUR', side: 'D', amount: '10' },
            { accountCode: 'Y', accountName: 'Y', currency: 'EUR', side: 'C', amount: '9.99', walletId: id },
          ],
        },
        new Date(),
      ),
    );
    await expect(attempt).rejects.toMatchObject({ code: 'VOUCHER_UNBALANCED' });
    expect((await positionOf(id)).balance.amount).toBe('0');
  });

  it('posts whole on the database itself: a refusal of one wallet moves no other wallet and writes no voucher', async () => {
    const [rich, poor] = [await newWallet('Atlas whole EUR 1'), await newWallet('Atlas whole EUR 2')];
    expect((await misc(atlas, { ...base, spWalletId: rich, amount: '50', direction: 'IN' })).statusCode).toBe(201);
    expect((await misc(atlas, { ...base, spWalletId: poor, amount: '20', direction: 'IN' })).statusCode).toBe(201);
    const line = (walletId: string, side: 'D' | 'C', amount: string) => ({ accountCode: 'X', accountName: 'X', currency: 'EUR', side, amount, walletId });
    // rich is credited first (in id order or not), poor cannot pay 20.01: nothing of the voucher stays.
    const refused = post(s.services.db, { category: 'TEST', lines: [line(rich, 'C', '20.01'), line(poor, 'D', '20.01')] }, new Date());
    await expect(refused).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      message: expect.stringContaining(`Wallet ${poor} can spend 20 EUR; the debit needs 20.01`),
    });
    expect([(await positionOf(rich)).balance.amount, (await positionOf(poor)).balance.amount]).toEqual(['50', '20']);
    const posted = await post(s.services.db, { category: 'TEST', lines: [line(rich, 'C', '20'), line(poor, 'D', '20')] }, new Date());
    expect(posted.voucherNo).toMatch(/^JV/);
    expect([(await positionOf(rich)).balance.amount, (await positionOf(poor)).balance.amount]).toEqual(['70', '0']);
    // A wallet that does not exist, or lines in another currency than the wallet's, are refused as such, not as funds.
    const missing = post(s.services.db, { category: 'TEST', lines: [line(rich, 'C', '1'), line('no-such-wallet', 'D', '1')] }, new Date());
    await expect(missing).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const usdLine = { ...line(poor, 'D', '1'), currency: 'USD' };
    const otherCurrency = post(s.services.db, { category: 'TEST', lines: [{ ...line(rich, 'C', '1'), currency: 'USD' }, usdLine] }, new Date());
    await expect(otherCurrency).rejects.toMatchObject({ code: 'VALIDATION_FAILED', invalidParameters: [{ parameter: 'currency' }] });
    expect([(await positionOf(rich)).balance.amount, (await positionOf(poor)).balance.amount]).toEqual(['70', '0']);
    // poor's lines: the misc payment in and the posted debit; the refused vouchers wrote none.
    const lines = await s.services.db.select({ amount: voucherLines.amountInFc }).from(voucherLines).where(eq(voucherLines.walletId, poor));
    expect(lines.map((l) => new Dec(l.amount).toFixed()).sort()).toEqual(['20', '20']);
  });
  it("gives a voucher's lines UUIDv7 ids in line order, each after the lines of the posts before it", async () => {
    const id = await newWallet('Atlas line ids EUR');
    const line = (side: 'D' | 'C', amount: string, walletId?: string) => ({
      accountCode: 'X',
      accountName: 'X',
      currency: 'EUR',
      side,
      amount,
      ...(walletId ? { walletId } : {}),
    });
    const ids: string[][] = [];
    for (let i = 0; i < 3; i++) {
      const posted = await post(s.services.db, { category: 'TEST', lines: [line('C', '5', id), line('D', '2'), line('D', '3')] }, new Date());
      const rows = await s.services.db
        .select({ id: voucherLines.id, lineNo: voucherLines.lineNo })
        .from(voucherLines)
        .where(eq(voucherLines.voucherId, posted.id));
      ids.push(rows.sort((a, b) => a.lineNo - b.lineNo).map((r) => r.id));
    }
    const all = ids.flat();
    for (const lineId of all) expect(lineId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // A voucher's lines share its millisecond and place in posting order, line n carrying n after them; the posts' lines
    // sort in posting order, then line order.
    expect(ids.map((v) => new Set(v.map((lineId) => lineId.slice(0, 28))).size)).toEqual([1, 1, 1]);
    expect(ids.map((v) => v.map((lineId) => lineId.slice(28, 32)))).toEqual(Array(3).fill(['0001', '0002', '0003']));
    expect([...all].sort()).toEqual(all);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('concurrent debits', () => {
  it('never takes a wallet below balance plus credit, whatever the interleaving', async () => {
    const id = await newWallet('Atlas race EUR');
    expect((await misc(atlas, { ...base, spWalletId: id, amount: '600', direction: 'IN' })).statusCode).toBe(201);
    const limit = await s.app.inject({
      method: 'POST',
      url: '/v1/service-provider/wallets/credit-limit',
      headers: { authorization: `Bearer ${atlas}` },
      payload: { walletId: id, currency: 'EUR', limit: '400', validFrom: dayFromNow(-325), validTo: dayFromNow(404) },
    });
    expect(creditLimit.parse(limit.json()).limit).toBe('400');
    // 1000 available (600 balance + 400 credit); 20 debits of 75 ask for 1500.
    const attempts = await Promise.all(Array.from({ length: 20 }, () => misc(atlas, { ...base, spWalletId: id, amount: '75', direction: 'OUT' })));
    const accepted = attempts.filter((r) => r.statusCode === 201);
    const refused = attempts.filter((r) => r.statusCode !== 201);
    expect(refused.every((r) => r.statusCode === 422 && r.json().code === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(accepted.length).toBe(13);
    const spent = accepted.reduce((a, r) => a.plus(settlementResult.parse(r.json()).amount), new Dec(0));
    expect(spent.lte(1000)).toBe(true);
    const position = await positionOf(id);
    expect(position.balance.amount).toBe(new Dec(600).minus(spent).toFixed());
    expect(new Dec(position.balance.amount).gte(-400)).toBe(true);
    expect(position.creditPosition.openCredit.amount).toBe('375');
  });
});

describe('credit validity', () => {
  const grant = (id: string, limit: string, validFrom: string, validTo: string) =>
    s.app.inject({
      method: 'POST',
      url: '/v1/service-provider/wallets/credit-limit',
      headers: { authorization: `Bearer ${atlas}` },
      payload: { walletId: id, currency: 'EUR', limit, validFrom, validTo },
    });
  const statusOf = async (limitId: string) => creditLimit.parse((await s.get(`/v1/service-provider/wallets/credit-limit/${limitId}`, atlas)).json()).status;
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

  it('counts a limit granted ahead of its validFrom only from that day', async () => {
    const id = await newWallet('Atlas scheduled credit EUR');
    const limit = creditLimit.parse((await grant(id, '300', dayFromNow(3), dayFromNow(30))).json());
    expect(limit.status).toBe('SCHEDULED');
    expect((await positionOf(id)).creditPosition.creditLimit.amount).toBe('0');
    const refused = await misc(atlas, { ...base, spWalletId: id, amount: '50', direction: 'OUT' });
    expect(refused.json().code).toBe('INSUFFICIENT_FUNDS');

    await applyCreditValidity(s.services.db, inDays(2));
    expect(await statusOf(limit.id)).toBe('SCHEDULED');
    await applyCreditValidity(s.services.db, inDays(3));
    expect(await statusOf(limit.id)).toBe('ACTIVE');
    expect((await positionOf(id)).creditPosition.creditLimit.amount).toBe('300');
    // A second run the same day moves nothing: the job is idempotent.
    const again = await applyCreditValidity(s.services.db, inDays(3));
    expect(again.started).toBe(0);
    expect((await positionOf(id)).creditPosition.creditLimit.amount).toBe('300');
  });

  it('lapses a limit after its validTo, also when part of it is drawn, leaving the wallet owing', async () => {
    const id = await newWallet('Atlas lapsing credit EUR');
    const limit = creditLimit.parse((await grant(id, '400', dayFromNow(-10), dayFromNow(5))).json());
    expect(limit.status).toBe('ACTIVE');
    expect((await misc(atlas, { ...base, spWalletId: id, amount: '150', direction: 'OUT' })).statusCode).toBe(201);
    expect((await positionOf(id)).balance.amount).toBe('-150');

    await applyCreditValidity(s.services.db, inDays(5));
    expect(await statusOf(limit.id)).toBe('ACTIVE');
    const run = await applyCreditValidity(s.services.db, inDays(6));
    expect(run.expired).toBeGreaterThanOrEqual(1);
    expect(await statusOf(limit.id)).toBe('EXPIRED');
    const after = await positionOf(id);
    expect(after.creditPosition.creditLimit.amount).toBe('0');
    expect(after.balance.amount).toBe('-150');
    // Nothing more can be drawn, while money coming in still posts.
    expect((await misc(atlas, { ...base, spWalletId: id, amount: '1', direction: 'OUT' })).json().code).toBe('INSUFFICIENT_FUNDS');
    expect((await misc(atlas, { ...base, spWalletId: id, amount: '100', direction: 'IN' })).statusCode).toBe(201);
    await expectLedgerConsistent(s.services.db);
  });

  it('applies the same validity when a TSP changes the dates of a limit', async () => {
    const id = await newWallet('Atlas changed credit EUR');
    const limit = creditLimit.parse((await grant(id, '200', dayFromNow(-5), dayFromNow(20))).json());
    const change = (payload: object) =>
      s.app.inject({ method: 'PUT', url: `/v1/service-provider/wallets/credit-limit/${limit.id}`, headers: { authorization: `Bearer ${atlas}` }, payload });
    // Moved to start later: it stops counting until then.
    expect(creditLimit.parse((await change({ validFrom: dayFromNow(2) })).json()).status).toBe('SCHEDULED');
    expect((await positionOf(id)).creditPosition.creditLimit.amount).toBe('0');
    expect(creditLimit.parse((await change({ validFrom: dayFromNow(-5) })).json()).status).toBe('ACTIVE');
    expect((await misc(atlas, { ...base, spWalletId: id, amount: '80', direction: 'OUT' })).statusCode).toBe(201);
    // Ended yesterday: withdrawn although drawn, the wallet owes what it used.
    expect(creditLimit.parse((await change({ validTo: dayFromNow(-1) })).json()).status).toBe('EXPIRED');
    const after = await positionOf(id);
    expect(after.creditPosition.creditLimit.amount).toBe('0');
    expect(after.balance.amount).toBe('-80');
    const backwards = await change({ validFrom: dayFromNow(3), validTo: dayFromNow(1) });
    expect(backwards.json().invalidParameters[0].parameter).toBe('validTo');
  });

  it('records a limit granted after its validTo as EXPIRED without posting it', async () => {
    const id = await newWallet('Atlas late credit EUR');
    const limit = creditLimit.parse((await grant(id, '250', dayFromNow(-30), dayFromNow(-1))).json());
    expect(limit.status).toBe('EXPIRED');
    expect((await positionOf(id)).creditPosition.creditLimit.amount).toBe('0');
  });
});
