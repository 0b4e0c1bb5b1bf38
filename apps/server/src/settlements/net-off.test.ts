import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { transaction as transactionSchema } from '@corridor/api';
import { Dec } from '@corridor/domain';
import { organisations, voucherLines, vouchers } from '../db/schema.ts';
import { feeRules } from '../fees/fee-tables.ts';
import { agentMarkups } from '../pricing-config/pricing-config-schema.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { callAs, creditByOperations, orgIdsByCode, priceDealAt, spotDeal, tspOwnWallet, walletPosition } from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { bookingAccount } from '../ledger/tsp-account-service.ts';

/*
 * Net-off between two TSPs. Atlas and Meridian both trade GBP/EUR; each sends from its own GBP wallet to the
 * other's own EUR wallet (an interbank deal: the source TSP approves the source side, the target TSP the target).
 * No fees, no markups; hand-worked figures in EUR, Atlas's side:
 *   A1 Atlas -> Meridian  1000 GBP x 1.17 = 1170.00 EUR  PAYABLE
 *   M1 Meridian -> Atlas   500 GBP x 1.18 =  590.00 EUR  RECEIVABLE
 *   M2 Meridian -> Atlas   200 GBP x 1.18 =  236.00 EUR  RECEIVABLE
 * Netting A1 + M1: 590 - 1170 = -580.00: Atlas's EUR wallet pays 580 to its transit account, in one voucher.
 */

let s: TestServer;
let atlas1: string;
let atlas2: string;
let meridian: string;
let meridian2: string;
let atlasId: string;
let meridianId: string;
let atlasGbp: string;
let atlasEur: string;
let meridianGbp: string;
let meridianEur: string;
let globexId: string;
let starkId: string;
const ids: Record<'a1' | 'm1' | 'm2', string> = { a1: '', m1: '', m2: '' };

const T = '/tsp/v2/transactions';
const S = '/v2/sp/transactions';
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) => callAs(s, method, url, token, payload);
const balance = async (walletId: string) => (await walletPosition(s.services.db, walletId)).balance;

/** The TSP's GBP/EUR SPOT deal at the IBR, no markups, no fees or agent markups at all. */
async function gbpEurAt(tspId: string, ibr: string) {
  const db = s.services.db;
  const deal = await spotDeal(db, tspId, 'GBP', 'EUR');
  if (!deal) throw new Error('no GBP/EUR SPOT deal');
  await db.delete(feeRules).where(eq(feeRules.serviceProviderId, tspId));
  await db.delete(agentMarkups).where(eq(agentMarkups.serviceProviderId, tspId));
  await db.update(organisations).set({ markupProfileId: null }).where(eq(organisations.parentId, tspId));
  await priceDealAt(s, deal, ibr);
}

/** A completed interbank transfer of `amount` GBP from one TSP's GBP wallet to the other's EUR wallet. */
async function interbank(
  from: { token: string; approver: string; wallet: string; merchantId: string },
  targetWallet: string,
  targetApprover: string,
  amount: string,
) {
  const q = await call('POST', '/tsp/v1/quote', from.token, {
    transactionCategory: 'PAYOUT',
    dealType: 'SPOT',
    sourceWalletId: from.wallet,
    // A TSP's quote prices for one of its merchants, even for its own wallet.
    merchantId: from.merchantId,
    sendAmount: { amount, currency: 'GBP' },
    targetCurrency: 'EUR',
  });
  expect(q.statusCode, q.body).toBe(201);
  const res = await call('POST', S, from.token, {
    category: 'TRANSFER',
    type: 'FX_DEAL',
    quoteId: q.json().id,
    sourceWalletId: from.wallet,
    targetWalletId: targetWallet,
  });
  expect(res.statusCode, res.body).toBe(201);
  const t = transactionSchema.parse(res.json());
  // Maker-checker: another user of the source TSP approves its side.
  const src = await call('PUT', `${S}/${t.transactionId}/source-approval`, from.approver, { status: 'APPROVED' });
  expect(src.statusCode, src.body).toBe(200);
  const done = await call('PUT', `${S}/${t.transactionId}/target-approval`, targetApprover, { status: 'APPROVED' });
  expect(done.json().status, done.body).toBe('COMPLETED');
  return t;
}

const candidates = async (token: string, query: string) => {
  const res = await call('GET', `${T}/net-off/candidates?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { content: Array<{ transactionId: string; direction: string; amount: string; targetCurrency: string; merchantServiceId: string }> };
};
const ours = <C extends { transactionId: string }>(page: { content: C[] }) => page.content.filter((c) => Object.values(ids).includes(c.transactionId));

beforeAll(async () => {
  s = await startTestServer();
  [atlas1, atlas2, meridian, meridian2] = await Promise.all([s.token('200000001'), s.token('200000011'), s.token('200000002'), s.token('200000012')]);
  const ops = await s.token('900000001');
  const orgs = await orgIdsByCode(s.services.db);
  atlasId = orgs.get('ATLAS') ?? '';
  meridianId = orgs.get('MERIDIAN') ?? '';
  globexId = orgs.get('GLOBEX') ?? '';
  starkId = orgs.get('STARK') ?? '';
  const db = s.services.db;
  [atlasGbp, atlasEur, meridianGbp, meridianEur] = [
    await tspOwnWallet(db, atlasId, 'GBP'),
    await tspOwnWallet(db, atlasId, 'EUR'),
    await tspOwnWallet(db, meridianId, 'GBP'),
    await tspOwnWallet(db, meridianId, 'EUR'),
  ];
  expect([atlasGbp, atlasEur, meridianGbp, meridianEur].every((w) => w !== '')).toBe(true);
  await gbpEurAt(atlasId, '1.17');
  await gbpEurAt(meridianId, '1.18');
  for (const walletId of [atlasGbp, meridianGbp]) await creditByOperations(s, ops, walletId, '10000', 'GBP', 'tsp');
  ids.a1 = (await interbank({ token: atlas1, approver: atlas2, wallet: atlasGbp, merchantId: globexId }, meridianEur, meridian, '1000')).transactionId;
  ids.m1 = (await interbank({ token: meridian, approver: meridian2, wallet: meridianGbp, merchantId: starkId }, atlasEur, atlas1, '500')).transactionId;
  ids.m2 = (await interbank({ token: meridian, approver: meridian2, wallet: meridianGbp, merchantId: starkId }, atlasEur, atlas1, '200')).transactionId;
});

afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

describe('net-off between two TSPs', () => {
  it('lists the open cross-TSP transfers of the wallet currency with their direction, and filters them', async () => {
    const all = ours(await candidates(atlas1, `spWalletId=${atlasEur}&size=100`));
    expect(all.map((c) => [c.transactionId, c.direction, c.amount, c.targetCurrency])).toEqual([
      [ids.a1, 'PAYABLE', '1170', 'EUR'],
      [ids.m1, 'RECEIVABLE', '590', 'EUR'],
      [ids.m2, 'RECEIVABLE', '236', 'EUR'],
    ]);
    // Meridian sees the same transfers the other way round.
    const theirs = ours(await candidates(meridian, `spWalletId=${meridianEur}&size=100`));
    expect(theirs.map((c) => [c.transactionId, c.direction])).toEqual([
      [ids.a1, 'RECEIVABLE'],
      [ids.m1, 'PAYABLE'],
      [ids.m2, 'PAYABLE'],
    ]);
    const today = s.config.now().toISOString().slice(0, 10);
    const of = async (q: string) => ours(await candidates(atlas1, `spWalletId=${atlasEur}&size=100&${q}`)).map((c) => c.transactionId);
    expect(await of(`transactionIds=${ids.m1},${ids.a1}`)).toEqual([ids.a1, ids.m1]);
    expect(await of(`merchantServiceIds=${meridianId}`)).toEqual([ids.m1, ids.m2]);
    expect(await of(`merchantServiceIds=${atlasId}`)).toEqual([ids.a1]);
    expect(await of('targetCurrencyCodes=USD')).toEqual([]);
    expect(await of(`targetCurrencyCodes=EUR&fromDate=${today}&toDate=2999-01-01`)).toHaveLength(3);
    expect(await of('toDate=2020-01-01')).toEqual([]);
    expect(await of('fromDate=2999-01-01')).toEqual([]);
    // A GBP wallet has none of them: they were paid in EUR.
    expect(ours(await candidates(atlas1, `spWalletId=${atlasGbp}&size=100`))).toEqual([]);
    const bad = await call('GET', `${T}/net-off/candidates?spWalletId=${atlasEur}&fromDate=soon`, atlas1);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().invalidParameters[0].parameter).toBe('fromDate');
  });

  it('previews the figures: receivable 826, payable 1170 plus any credit drawn', async () => {
    const res = await call('GET', `/v1/service-provider/wallets/credit/net-off/preview?walletId=${atlasEur}`, atlas1);
    expect(res.statusCode, res.body).toBe(200);
    const drawn = Dec.max((await balance(atlasEur)).neg(), 0);
    const preview = res.json();
    expect(preview).toMatchObject({ walletId: atlasEur, currency: 'EUR', receivable: '826', payable: new Dec(1170).plus(drawn).toFixed() });
    expect(preview.net).toBe(new Dec(826).minus(1170).minus(drawn).toFixed());
    expect(preview.transactionIds).toEqual(expect.arrayContaining([ids.a1, ids.m1, ids.m2]));
  });

  it('nets two transfers with one voucher for the difference; they never net again', async () => {
    const before = await balance(atlasEur);
    const transit = (await bookingAccount(s.services.db, atlasEur, atlasId, 'transitAccount', 'EUR')).code;
    const res = await call('POST', `${T}/net-off`, atlas1, { spWalletId: atlasEur, transactionIds: [ids.a1, ids.m1], remarks: 'Weekly net-off' });
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json();
    expect(result).toMatchObject({ currency: 'EUR', netAmount: '-580', transactionIds: [ids.a1, ids.m1] });
    expect(result.settlementTransactionId).toEqual(expect.any(String));
    expect(before.minus(await balance(atlasEur)).toFixed()).toBe('580');
    const posted = await s.services.db.select().from(vouchers).where(eq(vouchers.transactionId, result.settlementTransactionId));
    expect(posted).toHaveLength(1);
    const lines = await s.services.db
      .select({ code: voucherLines.accountCode, side: voucherLines.debitOrCredit, amount: voucherLines.amountInFc })
      .from(voucherLines)
      .where(
        inArray(
          voucherLines.voucherId,
          posted.map((v) => v.id),
        ),
      );
    expect(lines.map((l) => [l.code === transit ? 'transit' : 'wallet', l.side, new Dec(l.amount).toFixed()]).sort()).toEqual([
      ['transit', 'C', '580'],
      ['wallet', 'D', '580'],
    ]);
    // Netted items leave the candidates, on both sides, and a second net-off of them is refused.
    expect(ours(await candidates(atlas1, `spWalletId=${atlasEur}&size=100`)).map((c) => c.transactionId)).toEqual([ids.m2]);
    expect(ours(await candidates(meridian, `spWalletId=${meridianEur}&size=100`)).map((c) => c.transactionId)).toEqual([ids.m2]);
    const again = await call('POST', `${T}/net-off`, atlas1, { spWalletId: atlasEur, transactionIds: [ids.m1, ids.m2] });
    expect(again.statusCode).toBe(409);
    const theirs = await call('POST', `${T}/net-off`, meridian, { spWalletId: meridianEur, transactionIds: [ids.a1, ids.m2] });
    expect(theirs.statusCode).toBe(409);
    expect(before.minus(await balance(atlasEur)).toFixed()).toBe('580');
  });

  it('two concurrent net-offs of the same transfers: exactly one takes effect', async () => {
    const a2 = (await interbank({ token: atlas1, approver: atlas2, wallet: atlasGbp, merchantId: globexId }, meridianEur, meridian2, '100')).transactionId;
    const before = await balance(meridianEur);
    // Meridian's side: M2 payable 236, A2 receivable 100 x 1.17 = 117: net -119.
    const body = { spWalletId: meridianEur, transactionIds: [ids.m2, a2] };
    const results = await Promise.all([1, 2].map(() => call('POST', `${T}/net-off`, meridian, body)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 201)?.json().netAmount).toBe('-119');
    expect(before.minus(await balance(meridianEur)).toFixed()).toBe('119');
    expect(ours(await candidates(meridian, `spWalletId=${meridianEur}&size=100`))).toEqual([]);
  });

  it('is scoped: another TSP cannot net or list with a wallet that is not its own', async () => {
    const foreign = await call('POST', `${T}/net-off`, meridian, { spWalletId: atlasEur, transactionIds: [ids.a1, ids.m1] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().invalidParameters[0].parameter).toBe('spWalletId');
    const list = await call('GET', `${T}/net-off/candidates?spWalletId=${atlasEur}`, meridian);
    expect(list.statusCode).toBe(404);
    expect(list.json().invalidParameters[0].parameter).toBe('spWalletId');
    expect((await call('POST', `${T}/net-off`, atlas2, { spWalletId: atlasEur, transactionIds: ['nope', ids.a1] })).json().invalidParameters[0].parameter).toBe(
      'transactionIds',
    );
  });
});
