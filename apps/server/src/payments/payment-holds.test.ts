import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { pageOf, payment as paymentSchema, positionActivity, statementPage } from '@corridor/api';
import { Dec } from '@corridor/domain';
import { organisations, voucherLines, vouchers, wallets } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { callAs, onlyFlatUsdFee, orgIdsByCode, seededUsers, walletPosition } from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { applyPaymentAction } from './payment-lifecycle.ts';

/*
 * Money follows a payment's state through the ledger: initiating holds the send amount and fees
 * (pendingAuthorization), completing releases the hold and debits the balance, cancelling releases it.
 * The position activity shows every one of those lines; the statement only the settled (balance) ones.
 */

let s: TestServer;
let globex: string; // merchant of Atlas
let stark: string; // merchant of Meridian
let atlas: string; // TSP of Globex
let meridian: string; // another TSP
let usdWallet: string;
let atlasOwnWallet: string;

const M = '/m/api/v1/transactions/payments';
const S = '/s/api/v1/transactions/payments';
const moves = pageOf(positionActivity);

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) => callAs(s, method, url, token, payload);

async function initiate() {
  const res = await call('POST', M, globex, {
    walletId: usdWallet,
    sendAmount: '1000',
    receiver: { name: 'Acme Supplies LLC', countryCode: 'AE', accountNumber: 'AE070331234567890123456' },
    message: 'Invoice 77',
  });
  expect(res.statusCode, res.body).toBe(201);
  const p = paymentSchema.parse(res.json());
  expect(p.status).toBe('INITIATED');
  return p;
}

/** The payment's position movements on the wallet, oldest first, as [action, amount]. */
async function movementsOf(paymentId: string, token = globex, base = '/v1/merchant/wallets/position/activity') {
  const res = await call('GET', `${base}?walletIds=${usdWallet}&transactionId=${paymentId}&sort=date,ASC&size=50`, token);
  expect(res.statusCode, res.body).toBe(200);
  return moves.parse(res.json());
}

async function statementLinesOf(paymentId: string) {
  const res = await call('GET', `/v1/merchant/wallets/activity?walletIds=${usdWallet}&transactionIds=${paymentId}&size=50`, globex);
  expect(res.statusCode, res.body).toBe(200);
  return statementPage.parse(res.json());
}

/** Every voucher the payment posted, each with its debit and credit totals in local currency. */
async function vouchersOf(paymentId: string) {
  const ids = (await s.services.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.transactionId, paymentId))).map((v) => v.id);
  if (ids.length === 0) return [];
  return s.services.db
    .select({
      id: voucherLines.voucherId,
      debit: sql<string>`coalesce(sum(${voucherLines.amountInLc}) filter (where ${voucherLines.debitOrCredit} = 'D'), 0)::text`,
      credit: sql<string>`coalesce(sum(${voucherLines.amountInLc}) filter (where ${voucherLines.debitOrCredit} = 'C'), 0)::text`,
    })
    .from(voucherLines)
    .where(inArray(voucherLines.voucherId, ids))
    .groupBy(voucherLines.voucherId);
}

const pairs = (page: { content: { action: string; amount: string }[] }) => page.content.map((m) => [m.action, m.amount]).sort();

beforeAll(async () => {
  s = await startTestServer();
  ({ globex, stark, atlas, meridian } = await seededUsers(s));
  const db = s.services.db;
  const orgs = await orgIdsByCode(db);
  const atlasId = orgs.get('ATLAS') ?? '';
  const globexId = (await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, 'GLOBEX')))[0]?.id;
  const usd = await db
    .select({ id: wallets.id, m: wallets.merchantServiceId })
    .from(wallets)
    .where(and(eq(wallets.serviceProviderId, atlasId), eq(wallets.currencyCode, 'USD'), sql`${wallets.merchantServiceId} is not null`))
    .orderBy(asc(wallets.id));
  usdWallet = usd.find((w) => w.m === globexId)?.id ?? '';
  expect(usdWallet).not.toBe('');
  const own = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.serviceProviderId, atlasId), sql`${wallets.merchantServiceId} is null`))
    .orderBy(asc(wallets.id))
    .limit(1);
  atlasOwnWallet = own[0]?.id ?? '';
  // Known fees: one flat 5 USD merchant fee, no correspondent fee, no tax.
  await onlyFlatUsdFee(db, atlasId, 'fee-payment-holds-test');
});
afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

describe('a payment leaves a balanced voucher per step on its wallet', () => {
  it('initiate holds, cancel releases: position activity shows both, the statement neither, every voucher balances', async () => {
    const before = await walletPosition(s.services.db, usdWallet);
    const p = await initiate();

    const held = await movementsOf(p.paymentId);
    expect(pairs(held)).toEqual([['pendingAuthorization_CREDIT', '1005']]);
    expect(held.content[0]?.walletId).toBe(usdWallet);
    expect(held.content[0]?.currency).toBe('USD');
    expect(held.content[0]?.category).toBe('PAYMENT');
    expect(new Dec(held.content[0]?.balanceAfter ?? '0').eq(before.held.plus(1005))).toBe(true);
    expect((await vouchersOf(p.paymentId)).length).toBe(1);

    const cancelled = await call('POST', `${M}/cancellations`, globex, { transactionId: p.paymentId, reason: 'Wrong receiver' });
    expect(cancelled.statusCode, cancelled.body).toBe(201);

    const after = await movementsOf(p.paymentId);
    expect(pairs(after)).toEqual([
      ['pendingAuthorization_CREDIT', '1005'],
      ['pendingAuthorization_DEBIT', '1005'],
    ]);
    const release = after.content.find((m) => m.action === 'pendingAuthorization_DEBIT');
    expect(new Dec(release?.balanceAfter ?? '-1').eq(before.held)).toBe(true);
    // Nothing settled: the statement (balance lines) has no line of the payment.
    expect((await statementLinesOf(p.paymentId)).totalElements).toBe(0);

    const posted = await vouchersOf(p.paymentId);
    expect(posted.length).toBe(2);
    for (const v of posted) expect(new Dec(v.debit).eq(v.credit), `voucher ${v.id}`).toBe(true);
    expect((await walletPosition(s.services.db, usdWallet)).available.eq(before.available)).toBe(true);
  });

  it('initiate holds, complete releases the hold and debits the balance: the statement shows the settlement only', async () => {
    const before = await walletPosition(s.services.db, usdWallet);
    const p = await initiate();
    expect((await call('GET', `${S}/process/${p.id}`, atlas)).statusCode).toBe(200);
    const done = await inTransaction(s.services.db, (tx) =>
      applyPaymentAction(tx, p.id, 'complete', { type: 'BANK', name: 'Atlas correspondent' }, { reason: null }),
    );
    expect(done.status).toBe('COMPLETED');

    const all = await movementsOf(p.paymentId);
    expect(pairs(all)).toEqual([
      ['balance_DEBIT', '1000'],
      ['balance_DEBIT', '5'],
      ['pendingAuthorization_CREDIT', '1005'],
      ['pendingAuthorization_DEBIT', '1005'],
    ]);
    const hold = all.content.find((m) => m.action === 'pendingAuthorization_CREDIT');
    const release = all.content.find((m) => m.action === 'pendingAuthorization_DEBIT');
    expect(Date.parse(hold?.date ?? '') <= Date.parse(release?.date ?? '')).toBe(true);
    expect(new Dec(release?.balanceAfter ?? '-1').eq(before.held)).toBe(true);
    const lastBalance = all.content.filter((m) => m.action === 'balance_DEBIT').map((m) => new Dec(m.balanceAfter));
    expect(lastBalance.some((b) => b.eq(before.balance.minus(1005)))).toBe(true);

    const statement = await statementLinesOf(p.paymentId);
    expect(statement.content.map((l) => [l.mode, l.amount]).sort()).toEqual([
      ['DEBIT', '1000'],
      ['DEBIT', '5'],
    ]);
    expect(statement.content.every((l) => l.transactionId === p.paymentId)).toBe(true);

    const posted = await vouchersOf(p.paymentId);
    expect(posted.length).toBeGreaterThanOrEqual(2);
    for (const v of posted) expect(new Dec(v.debit).eq(v.credit), `voucher ${v.id}`).toBe(true);
    const now = await walletPosition(s.services.db, usdWallet);
    expect(before.balance.minus(now.balance).toFixed()).toBe('1005');
    expect(now.held.eq(before.held)).toBe(true);
  });
});

describe('a refused payment gives its hold back', () => {
  const released = async (paymentId: string) => {
    expect(pairs(await movementsOf(paymentId))).toEqual([
      ['pendingAuthorization_CREDIT', '1005'],
      ['pendingAuthorization_DEBIT', '1005'],
    ]);
    expect((await statementLinesOf(paymentId)).totalElements).toBe(0);
    for (const v of await vouchersOf(paymentId)) expect(new Dec(v.debit).eq(v.credit), `voucher ${v.id}`).toBe(true);
  };

  it('rejected by the TSP: held, then released, nothing settled', async () => {
    const p = await initiate();
    const rejected = await call('PUT', S, atlas, { paymentIds: [p.id], status: 'REJECTED', reason: 'Sanctions hit' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await released(p.paymentId);
  });

  it('failed by the bank: held, then released, nothing settled', async () => {
    const p = await initiate();
    expect((await call('GET', `${S}/process/${p.id}`, atlas)).statusCode).toBe(200);
    const failed = await inTransaction(s.services.db, (tx) =>
      applyPaymentAction(tx, p.id, 'fail', { type: 'BANK', name: 'Atlas correspondent' }, { reason: 'Account closed' }),
    );
    expect(failed.status).toBe('FAILED');
    await released(p.paymentId);
  });
});

describe('position activity of one wallet', () => {
  it("the TSP reads its merchant's holds through its own call; other organisations get 404 naming walletIds", async () => {
    const p = await initiate();
    const sp = await movementsOf(p.paymentId, atlas, '/sp/v1/merchant/wallets/position/activity');
    expect(pairs(sp)).toEqual([['pendingAuthorization_CREDIT', '1005']]);

    for (const [token, url] of [
      [stark, '/v1/merchant/wallets/position/activity'],
      [meridian, '/sp/v1/merchant/wallets/position/activity'],
      // A merchant wallet is not one of the TSP's own wallets.
      [atlas, '/v1/service-provider/wallets/position/activity'],
    ] as const) {
      const res = await call('GET', `${url}?walletIds=${usdWallet}`, token);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().invalidParameters[0].parameter).toBe('walletIds');
    }
    // Without a wallet named, another organisation's movements are never listed.
    const stranger = moves.parse((await call('GET', `/v1/merchant/wallets/position/activity?transactionId=${p.paymentId}`, stark)).json());
    expect(stranger.totalElements).toBe(0);
    const otherTsp = moves.parse((await call('GET', `/sp/v1/merchant/wallets/position/activity?transactionId=${p.paymentId}`, meridian)).json());
    expect(otherTsp.totalElements).toBe(0);
    await call('POST', `${M}/cancellations`, globex, { transactionId: p.paymentId, reason: 'Test done' });
  });

  it("the TSP's own wallet's movements are listed by its own call, only that wallet's", async () => {
    expect(atlasOwnWallet).not.toBe('');
    const res = await call('GET', `/v1/service-provider/wallets/position/activity?walletIds=${atlasOwnWallet}&size=20`, atlas);
    expect(res.statusCode, res.body).toBe(200);
    const own = moves.parse(res.json());
    expect(own.content.every((m) => m.walletId === atlasOwnWallet)).toBe(true);
    const meridianSees = await call('GET', `/v1/service-provider/wallets/position/activity?walletIds=${atlasOwnWallet}`, meridian);
    expect(meridianSees.statusCode).toBe(404);
  });

  it('bad paging is a 400 naming the field', async () => {
    const res = await call('GET', `/v1/merchant/wallets/position/activity?walletIds=${usdWallet}&size=-3`, globex);
    expect(res.statusCode).toBe(400);
    expect(res.json().invalidParameters[0].parameter).toBe('size');
    const sp = await call('GET', '/v1/service-provider/wallets/position/activity?page=abc', atlas);
    expect(sp.statusCode).toBe(400);
    expect(sp.json().invalidParameters[0].parameter).toBe('page');
  });
});
