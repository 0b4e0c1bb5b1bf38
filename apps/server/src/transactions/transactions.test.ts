import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { transaction as transactionSchema } from '@corridor/api';
import { Dec } from '@corridor/domain';
import { rowsOf } from '../db/database.ts';
import { voucherLines } from '../db/schema.ts';
import { globalConfigs } from '../pricing-config/pricing-config-schema.ts';
import { quotes } from '../quotes/quote-schema.ts';
import { forgetRates } from '../quotes/rate-cache.ts';
import { rateBookOf } from '../rates/rate-book.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import {
  callAs,
  creditByOperations,
  globexAtlasWallets,
  knownUsdAedPricing,
  orgIdsByCode,
  transferUsers,
  usdAedQuote,
  usdAedTransfer,
  walletPosition,
} from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { dealMargin } from './transaction-ledger.ts';
import { transactionsV2 } from './transaction-schema.ts';

let s: TestServer;
let globex: string; // merchant user of Atlas
let atlas1: string; // Atlas users
let atlas2: string;
let meridian: string;
let ops: string;
let atlasId: string;
let usdWallet: string; // Globex USD wallet at Atlas
let aedWallet: string; // Globex AED wallet at Atlas

const M = '/v2/merchant/transactions';
const S = '/v2/sp/transactions';
const SM = '/sp/v2/transactions/merchant';

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) => callAs(s, method, url, token, payload);

const position = (walletId: string) => walletPosition(s.services.db, walletId);

async function quote(amount = '1000'): Promise<string> {
  const q = await usdAedQuote(s, globex, usdWallet, amount);
  return (q.quoteId ?? q.id) as string;
}

const transfer = (amount = '1000') => usdAedTransfer(s, globex, { usd: usdWallet, aed: aedWallet }, amount);

async function topUp(amount = '250') {
  const res = await call('POST', M, globex, {
    category: 'TOPUP',
    type: 'BANK_TRANSFER',
    targetWalletId: usdWallet,
    targetAmount: { amount, currency: 'USD' },
    collectionMode: 'BANK',
  });
  expect(res.statusCode, res.body).toBe(201);
  return transactionSchema.parse(res.json());
}

const approve = (token: string, id: string, side: 'source' | 'target', status: 'APPROVED' | 'REJECTED' = 'APPROVED', remarks?: string, base = S) =>
  call('PUT', `${base}/${id}/${side}-approval`, token, { status, ...(remarks ? { remarks } : {}) });

beforeAll(async () => {
  s = await startTestServer();
  ({ globex, atlas1, atlas2, meridian, ops } = await transferUsers(s));
  const db = s.services.db;
  const orgs = await orgIdsByCode(db);
  atlasId = orgs.get('ATLAS') ?? '';
  ({ usd: usdWallet, aed: aedWallet } = await globexAtlasWallets(db, orgs));
  // Known pricing: a flat 5 USD merchant fee, no tax; the deal at the interbank rate 3.6725 with no markups.
  await knownUsdAedPricing(s, atlasId, 'fee-transactions-test');
  // Enough money on the USD wallet for every transfer of this file.
  await creditByOperations(s, ops, usdWallet, '100000');
});

afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

describe('transfer through both approvals', () => {
  it('holds source + fees at creation, converts both legs on the target approval, records every decision', async () => {
    const usd0 = await position(usdWallet);
    const aed0 = await position(aedWallet);
    const t = await transfer('1000');
    expect([t.status, t.sourceApprovalStatus, t.targetApprovalStatus]).toEqual(['PENDING', 'PENDING', 'PENDING']);
    expect([t.sourceAmount, t.targetAmount, t.exchangeRate]).toEqual(['1000', '3672.5', '3.6725']);
    const usd1 = await position(usdWallet);
    expect(usd1.held.minus(usd0.held).toFixed()).toBe('1005');
    expect(usd0.available.minus(usd1.available).toFixed()).toBe('1005');
    expect(usd1.balance.eq(usd0.balance)).toBe(true);

    // The merchant cannot approve; the target side waits for the source side.
    expect((await approve(atlas1, t.transactionId, 'target')).json().code).toBe('INVALID_TRANSITION');
    const early = await approve(atlas1, t.transactionId, 'target');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('PENDING');

    const src = await approve(atlas1, t.transactionId, 'source', 'APPROVED', undefined, SM);
    expect(src.statusCode, src.body).toBe(200);
    expect([src.json().status, src.json().sourceApprovalStatus]).toEqual(['PROCESSING', 'APPROVED']);
    // The source approver is now the last to change it: the target approval needs another user.
    const self = await approve(atlas1, t.transactionId, 'target');
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('MAKER_CHECKER');

    const tgt = await approve(atlas2, t.transactionId, 'target');
    expect(tgt.statusCode, tgt.body).toBe(200);
    expect([tgt.json().status, tgt.json().targetApprovalStatus]).toEqual(['COMPLETED', 'APPROVED']);
    const usd2 = await position(usdWallet);
    const aed2 = await position(aedWallet);
    expect(usd2.held.eq(usd0.held)).toBe(true);
    expect(usd0.balance.minus(usd2.balance).toFixed()).toBe('1005');
    expect(aed2.balance.minus(aed0.balance).toFixed()).toBe('3672.5');
    const lines = await s.services.db
      .select({ wallet: voucherLines.walletId, bucket: voucherLines.bucket, side: voucherLines.debitOrCredit, amount: voucherLines.amountInFc })
      .from(voucherLines)
      .where(and(eq(voucherLines.transactionId, t.transactionId), sql`${voucherLines.walletId} is not null`))
      .orderBy(asc(voucherLines.postedAt), asc(voucherLines.voucherId), asc(voucherLines.lineNo));
    expect(lines.map((l) => [l.wallet === usdWallet ? 'USD' : 'AED', l.bucket, l.side, new Dec(l.amount).toFixed()])).toEqual([
      ['USD', 'pendingAuthorization', 'C', '1005'],
      ['USD', 'pendingAuthorization', 'D', '1005'],
      ['USD', 'balance', 'D', '1000'],
      ['AED', 'balance', 'C', '3672.5'],
      ['USD', 'balance', 'D', '5'],
    ]);

    const activities = await call('GET', `${M}/activities/${t.transactionId}`, globex);
    expect(activities.statusCode).toBe(200);
    expect(activities.json().map((a: { status: string }) => a.status)).toEqual(['PENDING', 'SOURCE_APPROVED', 'TARGET_APPROVED']);
    expect(activities.json()[2].statusDetails.name).toBe('Karim Nasser');
    const approvals = await call('GET', `${S}/approvals?transactionIds=${t.transactionId}`, atlas1);
    expect(approvals.json().content.map((a: { step: string; createdBy: { name: string } }) => [a.step, a.createdBy.name])).toEqual([
      ['TARGET', 'Karim Nasser'],
      ['SOURCE', 'Amira Haddad'],
    ]);
    const details = await call('GET', `${M}/details/${t.transactionId}`, globex);
    expect(details.json().approvals).toHaveLength(2);
    const status = await call('GET', `${M}/${t.transactionId}/status`, globex);
    expect(status.json()).toMatchObject({ txnStatus: 'COMPLETED', sourceApprovalStatus: 'APPROVED', targetApprovalStatus: 'APPROVED' });
  });

  it('books the margin against the interbank rate as deal profit, a loss below zero', () => {
    expect(dealMargin({ sourceAmount: '1000', targetAmount: '3650', ibrRate: '3.6725' }, 2)).toBe('22.5');
    expect(dealMargin({ sourceAmount: '1000', targetAmount: '3700', ibrRate: '3.6725' }, 2)).toBe('-27.5');
    expect(dealMargin({ sourceAmount: '1000', targetAmount: '3650', ibrRate: null }, 2)).toBe('0');
  });

  it('a target rejection releases the hold; a rejection needs a reason', async () => {
    const usd0 = await position(usdWallet);
    const t = await transfer('200');
    expect((await approve(atlas1, t.transactionId, 'source')).statusCode).toBe(200);
    const noReason = await approve(atlas2, t.transactionId, 'target', 'REJECTED');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().invalidParameters[0].parameter).toBe('remarks');
    const rejected = await approve(atlas2, t.transactionId, 'target', 'REJECTED', 'Beneficiary bank closed');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect([rejected.json().status, rejected.json().targetApprovalStatus]).toEqual(['TARGET_REJECTED', 'REJECTED']);
    const usd1 = await position(usdWallet);
    expect(usd1.available.eq(usd0.available)).toBe(true);
    expect(usd1.balance.eq(usd0.balance)).toBe(true);
  });

  it('a quote prices one transfer: a second create on it, one after the other or at once, is refused and holds nothing', async () => {
    const create = (quoteId: string, key?: string) =>
      s.app.inject({
        method: 'POST',
        url: M,
        headers: { authorization: `Bearer ${globex}`, ...(key ? { 'idempotency-key': key } : {}) },
        payload: { category: 'TRANSFER', type: 'FX_DEAL', quoteId, sourceWalletId: usdWallet, targetWalletId: aedWallet },
      });
    const usd0 = await position(usdWallet);
    const once = await quote('30');
    const first = await create(once, 'one-quote-1');
    expect(first.statusCode, first.body).toBe(201);
    // The same request again (its key) is the same transfer; another request on the quote is refused.
    expect((await create(once, 'one-quote-1')).json().transactionId).toBe(first.json().transactionId);
    for (const again of [await create(once), await create(once, 'one-quote-2')]) {
      expect(again.statusCode, again.body).toBe(422);
      expect(again.json()).toMatchObject({ code: 'QUOTE_EXPIRED', invalidParameters: [{ parameter: 'quoteId', message: 'was already used for a transfer' }] });
    }
    const racing = await quote('40');
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(racing)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
    // Two transfers held, each with the 5 USD fee of this file's pricing: 30 + 5 + 40 + 5, not six transfers' worth.
    expect((await position(usdWallet)).held.minus(usd0.held).toFixed()).toBe('80');
  });

  it('ten concurrent target approvals: exactly one takes effect', async () => {
    const aed0 = await position(aedWallet);
    const t = await transfer('100');
    expect((await approve(atlas1, t.transactionId, 'source')).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 10 }, () => approve(atlas2, t.transactionId, 'target')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(['MAKER_CHECKER', 'INVALID_TRANSITION']).toContain(a.json().code);
    expect((await position(aedWallet)).balance.minus(aed0.balance).toFixed()).toBe('367.25');
  });

  it('above the approval band each side needs two distinct approvers', async () => {
    await s.services.db
      .insert(globalConfigs)
      .values({ id: 'band-test', serviceProviderId: atlasId, category: 'APPROVALS', key: 'dualApprovalThreshold', value: '500' });
    // The band is configuration held with the pricing state (seen within its 500 ms check): read it again now.
    forgetRates(rateBookOf(s.services));
    try {
      const t = await transfer('600');
      const first = await approve(atlas1, t.transactionId, 'source');
      expect([first.json().status, first.json().sourceApprovalStatus]).toEqual(['PENDING', 'IN_VERIFICATION']);
      expect((await approve(atlas1, t.transactionId, 'source')).json().code).toBe('MAKER_CHECKER');
      const second = await approve(atlas2, t.transactionId, 'source');
      expect([second.json().status, second.json().sourceApprovalStatus]).toEqual(['PROCESSING', 'APPROVED']);
      const third = await approve(atlas1, t.transactionId, 'target');
      expect([third.json().status, third.json().targetApprovalStatus]).toEqual(['PROCESSING', 'IN_VERIFICATION']);
      const fourth = await approve(atlas2, t.transactionId, 'target');
      expect(fourth.json().status).toBe('COMPLETED');
      // Under the band one approval is enough.
      const small = await transfer('400');
      expect((await approve(atlas1, small.transactionId, 'source')).json().status).toBe('PROCESSING');
    } finally {
      await s.services.db.delete(globalConfigs).where(eq(globalConfigs.id, 'band-test'));
      forgetRates(rateBookOf(s.services));
    }
  });

  it('a transaction is found by its row id as by its number, and decided by either; another TSP finds it by neither', async () => {
    const t = (await transfer('40')) as { id: string; transactionId: string };
    expect(t.id).not.toBe(t.transactionId);
    const byId = await call('GET', `${S}/${t.id}`, atlas1);
    const byNumber = await call('GET', `${S}/${t.transactionId}`, atlas1);
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json()).toEqual(byNumber.json());
    for (const id of [t.id, t.transactionId]) {
      expect((await call('GET', `${S}/${id}`, meridian)).statusCode).toBe(404);
      expect((await approve(meridian, id, 'source')).statusCode).toBe(404);
    }
    // A number that looks like neither key, and a UUID that is no row: 404 naming the field, not a 500.
    for (const id of ['TXN00000000NOSUCH', '01890000-0000-7000-8000-000000000000']) {
      const res = await approve(atlas1, id, 'source');
      expect(res.statusCode).toBe(404);
      expect(res.json().invalidParameters[0].parameter).toBe('transactionId');
    }
    expect((await approve(atlas1, t.id, 'source')).json()).toMatchObject({ transactionId: t.transactionId, status: 'PROCESSING' });
    expect((await approve(atlas2, t.transactionId, 'target')).json()).toMatchObject({ id: t.id, status: 'COMPLETED' });
  });

  it("another TSP's transaction is not found; the creator may not approve; bad input names its field", async () => {
    const t = await transfer('50');
    for (const url of [`${S}/${t.transactionId}`, `${SM}/${t.transactionId}/status`, `/sp/v2/transactions/details/${t.transactionId}`]) {
      const res = await call('GET', url, meridian);
      expect(res.statusCode, url).toBe(404);
    }
    const foreign = await approve(meridian, t.transactionId, 'source');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().invalidParameters[0].parameter).toBe('transactionId');

    // A TSP user's own transfer (sourced from a merchant's quote is the merchant's; here a top-up the TSP enters).
    const own = await call('POST', S, atlas1, {
      category: 'TOPUP',
      type: 'BANK_TRANSFER',
      targetWalletId: usdWallet,
      targetAmount: { amount: '10', currency: 'USD' },
    });
    expect(own.statusCode, own.body).toBe(201);
    expect((await approve(atlas1, own.json().transactionId, 'source')).json().code).toBe('MAKER_CHECKER');
    expect((await approve(atlas2, own.json().transactionId, 'target')).json().code).toBe('INVALID_TRANSITION');

    const cases: Array<[Record<string, unknown>, string, number]> = [
      [{ category: 'LOAN', type: 'X', targetAmount: { amount: '1', currency: 'USD' } }, 'category', 400],
      [
        { category: 'TRANSFER', type: 'FX_DEAL', sourceWalletId: usdWallet, targetWalletId: aedWallet, sourceAmount: { amount: '1', currency: 'USD' } },
        'quoteId',
        400,
      ],
      [{ category: 'TOPUP', type: 'BANK', targetWalletId: usdWallet, targetAmount: { amount: '1', currency: 'AED' } }, 'targetAmount.currency', 400],
      [{ category: 'TOPUP', type: 'BANK', targetWalletId: 'nope', targetAmount: { amount: '1', currency: 'USD' } }, 'targetWalletId', 404],
      [{ category: 'TOPUP', type: 'BANK', targetWalletId: usdWallet }, 'sourceAmount', 400],
      // More than a money column holds: refused when asked, not left pending for an approval that cannot book it.
      [
        { category: 'TOPUP', type: 'BANK', targetWalletId: usdWallet, targetAmount: { amount: '99999999999999999999999', currency: 'USD' } },
        'targetAmount.amount',
        400,
      ],
      [{ category: 'TOPUP', type: 'BANK', targetAmount: { amount: '1', currency: 'USD' } }, 'targetWalletId', 400],
      [{ category: 'TOPUP', type: '2026-13-45', targetWalletId: usdWallet, targetAmount: { amount: '1', currency: 'USD' } }, 'type', 400],
    ];
    for (const [payload, field, code] of cases) {
      const res = await call('POST', M, globex, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(code);
      expect(res.json().invalidParameters.map((p: { parameter: string }) => p.parameter)).toContain(field);
    }
    // Operations' credit top-up: the amount in the currency's decimals, as the ledger books it.
    for (const [amount, message] of [
      ['1.123456789', 'must have at most 16 digits before the decimal point and 8 after it'],
      ['1.123', 'USD amounts have at most 2 decimals'],
      ['0', 'must be more than zero'],
    ]) {
      const res = await call('POST', '/v1/internal/transactions/merchant/credit-topup', ops, { walletId: usdWallet, amount, currency: 'USD' });
      expect(res.statusCode, amount).toBe(400);
      expect(res.json().invalidParameters).toEqual([{ parameter: 'amount', message }]);
    }
    const quoteId = await quote('10');
    await s.services.db
      .update(quotes)
      .set({ expireAt: new Date(s.config.now().getTime() - 1000) })
      .where(eq(quotes.id, quoteId));
    const expired = await call('POST', M, globex, { category: 'TRANSFER', type: 'FX_DEAL', quoteId, targetWalletId: aedWallet });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().code).toBe('QUOTE_EXPIRED');
  });
});

describe('top-ups', () => {
  it('credit the wallet on approval; a rejected top-up moves nothing; GET /v1/top-ups lists them', async () => {
    const usd0 = await position(usdWallet);
    const t = await topUp('250');
    expect([t.status, t.targetApprovalStatus]).toEqual(['PENDING', null]);
    expect((await position(usdWallet)).balance.eq(usd0.balance)).toBe(true);
    const ok = await approve(atlas1, t.transactionId, 'source');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('COMPLETED');
    expect((await position(usdWallet)).balance.minus(usd0.balance).toFixed()).toBe('250');

    const r = await topUp('75');
    const rejected = await approve(atlas1, r.transactionId, 'source', 'REJECTED', 'No funds received');
    expect(rejected.json().status).toBe('REJECTED');
    expect((await position(usdWallet)).balance.minus(usd0.balance).toFixed()).toBe('250');

    const list = await call('GET', `/v1/top-ups?transactionId=${t.transactionId}`, globex);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().content[0]).toMatchObject({ transactionId: t.transactionId, amount: '250', status: 'COMPLETED', authorizedBy: 'Amira Haddad' });
  });
});

describe('cancellations', () => {
  it('a pending transfer: requested with a reason and a date in range, approved by the TSP, the hold released', async () => {
    const usd0 = await position(usdWallet);
    const t = await transfer('300');
    const today = s.config.now().toISOString().slice(0, 10);
    const early = await call('POST', `${M}/cancellations`, globex, {
      mainTransactionId: t.transactionId,
      reason: 'Wrong amount',
      cancellationDate: '2020-01-01',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().invalidParameters[0].parameter).toBe('cancellationDate');
    const late = await call('POST', `${M}/cancellations`, globex, {
      mainTransactionId: t.transactionId,
      reason: 'Wrong amount',
      cancellationDate: '2999-01-01',
    });
    expect(late.json().invalidParameters[0].parameter).toBe('cancellationDate');
    const requested = await call('POST', `${M}/cancellations`, globex, { mainTransactionId: t.transactionId, reason: 'Wrong amount', cancellationDate: today });
    expect(requested.statusCode, requested.body).toBe(201);
    expect(requested.json().status).toBe('REQUESTED');
    const twice = await call('POST', `${M}/cancellations`, globex, { mainTransactionId: t.transactionId, reason: 'Again', cancellationDate: today });
    expect(twice.statusCode).toBe(409);
    expect((await call('PUT', `${S}/cancellations`, meridian, { cancellationId: requested.json().cancellationId, status: 'APPROVED' })).statusCode).toBe(404);
    const approved = await call('PUT', `${S}/cancellations`, atlas1, { cancellationId: requested.json().cancellationId, status: 'APPROVED' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect([approved.json().status, approved.json().success]).toEqual(['COMPLETED', true]);
    expect((await position(usdWallet)).available.eq(usd0.available)).toBe(true);
    expect((await call('GET', `${M}/${t.transactionId}`, globex)).json().status).toBe('CANCELLED');
    const list = await call('GET', `${M}/cancellations?mainTransactionId=${t.transactionId}`, globex);
    expect(list.json().content.map((c: { status: string }) => c.status)).toEqual(['COMPLETED']);
    const steps = await call('GET', `${S}/cancellations/activities?mainTransactionId=${t.transactionId}`, atlas1);
    expect(steps.json().content.map((a: { status: string }) => a.status)).toEqual(['CANCELLATION_REQUESTED', 'CANCELLED']);
  });

  it('requests made at once for one transaction: one is stored, the others answer 409, none 500', async () => {
    const t = await transfer('40');
    const today = s.config.now().toISOString().slice(0, 10);
    const answers = await Promise.all(
      [globex, atlas1, globex, atlas1, globex].map((token, i) =>
        call('POST', `${token === globex ? M : S}/cancellations`, token, {
          mainTransactionId: t.transactionId,
          reason: `At once ${i}`,
          cancellationDate: today,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join(' ')).toEqual([201, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) expect(refused.json().invalidParameters[0].parameter).toBe('mainTransactionId');
    const list = await call('GET', `${M}/cancellations?mainTransactionId=${t.transactionId}`, globex);
    expect(list.json().content).toHaveLength(1);
  });

  it('a completed transfer is cancelled by reversing its vouchers; the requester cannot approve', async () => {
    const usd0 = await position(usdWallet);
    const aed0 = await position(aedWallet);
    const t = await transfer('120');
    await approve(atlas1, t.transactionId, 'source');
    expect((await approve(atlas2, t.transactionId, 'target')).json().status).toBe('COMPLETED');
    const today = s.config.now().toISOString().slice(0, 10);
    const req = await call('POST', `${S}/cancellations`, atlas1, { mainTransactionId: t.transactionId, reason: 'Duplicate deal', cancellationDate: today });
    expect(req.statusCode, req.body).toBe(201);
    const noReason = await call('PUT', `${S}/cancellations`, atlas2, { cancellationId: req.json().cancellationId, status: 'REJECTED' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().invalidParameters).toEqual([{ parameter: 'remarks', message: 'a rejection needs a reason' }]);
    const self = await call('PUT', `${S}/cancellations`, atlas1, { cancellationId: req.json().cancellationId, status: 'APPROVED' });
    expect(self.json().code).toBe('MAKER_CHECKER');
    const ok = await call('PUT', `${S}/cancellations`, atlas2, { cancellationId: req.json().cancellationId, status: 'APPROVED' });
    expect(ok.statusCode, ok.body).toBe(200);
    const usd1 = await position(usdWallet);
    const aed1 = await position(aedWallet);
    expect(usd1.balance.eq(usd0.balance)).toBe(true);
    expect(aed1.balance.eq(aed0.balance)).toBe(true);
    // The hold ended when the transfer completed: the reversal does not hold the amount again.
    expect(usd1.held.toFixed()).toBe(usd0.held.toFixed());
    expect(usd1.available.toFixed()).toBe(usd0.available.toFixed());
    const again = await call('PUT', `${S}/cancellations`, atlas2, { cancellationId: req.json().cancellationId, status: 'APPROVED' });
    expect(again.statusCode).toBe(409);
    // Deal profit, pools and the pending-authorisation memo are reversed too: each account of the TSP nets to zero over the transaction.
    const byAccount = rowsOf<{ code: string; net: string }>(
      await s.services.db
        .execute(sql`select l.account_code as code, sum(case when l.debit_or_credit = 'D' then l.amount_in_fc else -l.amount_in_fc end)::text as net
        from voucher_lines l join vouchers v on v.id = l.voucher_id join ledger_accounts a on a.code = l.account_code
        where v.transaction_id = ${t.transactionId} and a.tsp_id = ${atlasId} group by l.account_code`),
    );
    expect(byAccount.length).toBeGreaterThan(2);
    for (const a of byAccount) expect(new Dec(a.net).isZero(), `${a.code} nets ${a.net}`).toBe(true);
  });
});

describe('comments and lists', () => {
  it('comments are added by anyone who sees the transaction and changed only by their author', async () => {
    const t = await topUp('5');
    const added = await call('PUT', `${M.replace('/v2/merchant/transactions', SM)}/${t.transactionId}/comments`, atlas1, {
      content: 'Checking the bank statement',
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().id as string;
    const foreign = await call('PUT', `${S}/${t.transactionId}/comments`, atlas2, { commentId: id, content: 'Changed' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().invalidParameters[0].parameter).toBe('commentId');
    const edited = await call('PUT', `${S}/${t.transactionId}/comments`, atlas1, { commentId: id, content: 'Statement checked' });
    expect(edited.json().content).toBe('Statement checked');
    const empty = await call('PUT', `${S}/${t.transactionId}/comments`, atlas1, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().invalidParameters[0].parameter).toBe('content');
    expect((await call('GET', `/sp/v2/transactions/details/${t.transactionId}`, atlas2)).json().comments.map((c: { content: string }) => c.content)).toEqual([
      'Statement checked',
    ]);
    expect((await call('PUT', `${S}/${t.transactionId}/comments`, atlas1, { commentId: id, deleted: true })).statusCode).toBe(200);
    expect((await call('GET', `/sp/v2/transactions/details/${t.transactionId}`, atlas2)).json().comments).toEqual([]);
  });

  it('a list filter of an unknown status, category or currency is a 400 naming it, not an empty page', async () => {
    const cases: Array<[string, string]> = [
      ['statuses=FOO', 'statuses'],
      ['categories=LOAN', 'categories'],
      ['approvalStatuses=MAYBE', 'approvalStatuses'],
      ['currencyCodes=TOOLONGCODE', 'currencyCodes'],
      ['statuses=PENDING,NOPE', 'statuses'],
      ['/approvals?statuses=FOO', 'statuses'],
      ['/cancellations?status=FOO', 'status'],
      ['/correspondent-charges?chargeModes=FOO', 'chargeModes'],
      // A range whose end is before its start matches nothing: said so, naming its end.
      ['createdFromDate=2026-12-01&createdToDate=2026-01-01', 'createdToDate'],
    ];
    for (const [query, field] of cases) {
      const res = await call('GET', query.startsWith('/') ? `${S}${query}` : `${S}?${query}`, atlas1);
      expect(res.statusCode, query).toBe(400);
      expect(
        res.json().invalidParameters.map((p: { parameter: string }) => p.parameter.split('.')[0]),
        query,
      ).toContain(field);
    }
    expect((await call('GET', `${S}?statuses=PENDING,COMPLETED&categories=TRANSFER&currencyCodes=USD`, atlas1)).statusCode).toBe(200);
  });

  it('lists filter by category and status, sum by status, and operations read any transaction', async () => {
    const t = await topUp('7');
    const list = await call('GET', `${S}?categories=TOPUP&statuses=PENDING&size=100`, atlas1);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().content.every((r: { category: string; status: string }) => r.category === 'TOPUP' && r.status === 'PENDING')).toBe(true);
    expect(list.json().content.map((r: { transactionId: string }) => r.transactionId)).toContain(t.transactionId);
    const theirs = (await call('GET', `${S}?categories=TOPUP&size=100`, meridian)).json().content as Array<{
      transactionId: string;
      serviceProviderId: string;
    }>;
    expect(theirs.map((r) => r.transactionId)).not.toContain(t.transactionId);
    expect(theirs.every((r) => r.serviceProviderId !== atlasId)).toBe(true);
    const summary = await call('GET', `${S}/summary?categories=TRANSFER`, atlas1);
    const usdDone = summary.json().find((r: { status: string; currency: string }) => r.status === 'COMPLETED' && r.currency === 'USD');
    expect(usdDone).toMatchObject({ category: 'TRANSFER' });
    expect(usdDone.count).toBeGreaterThanOrEqual(3);
    const basic = await call('GET', `${S}/basic-view?transactionId=${t.transactionId}`, atlas1);
    expect(basic.json().content).toEqual([expect.objectContaining({ transactionId: t.transactionId, sourceAmount: '7' })]);
    const internal = await call('GET', `/v1/internal/transactions/merchant/${t.transactionId}/status`, ops);
    expect(internal.statusCode, internal.body).toBe(200);
    expect(internal.json().txnStatus).toBe('PENDING');
    expect((await call('GET', `/v1/internal/transactions/tsp/${t.transactionId}/detail`, ops)).json().transactionId).toBe(t.transactionId);
  });
});

describe('demo data', () => {
  it('seeds top-ups and transfers in several statuses through the service', async () => {
    const rows = await s.services.db
      .select({ category: transactionsV2.category, status: transactionsV2.status })
      .from(transactionsV2)
      .where(sql`${transactionsV2.referenceNumber} like '%-TOP-%' or ${transactionsV2.type} = 'FX_DEAL'`);
    const seen = new Set(rows.map((r) => `${r.category} ${r.status}`));
    for (const expected of ['TOPUP COMPLETED', 'TOPUP PENDING', 'TOPUP REJECTED', 'TRANSFER COMPLETED', 'TRANSFER PROCESSING', 'TRANSFER PENDING']) {
      expect(seen, expected).toContain(expected);
    }
  });
});
