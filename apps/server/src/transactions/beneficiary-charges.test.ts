import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { quote as quoteSchema, type chargeRecord } from '@corridor/api';
import { Dec } from '@corridor/domain';
import { voucherLines } from '../db/schema.ts';
import { feeRules } from '../fees/fee-tables.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import {
  approveBothSides,
  callAs,
  creditByOperations,
  flatUsdFeeRule,
  globexAtlasWallets,
  knownUsdAedPricing,
  orgIdsByCode,
  transferOnQuote,
  walletPosition,
} from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { bookingAccount } from '../ledger/tsp-account-service.ts';

/*
 * Charges the beneficiary bears (BEN). A quote with chargeMode BEN picks the merchant and correspondent fee
 * rules of that mode; both are priced in the source currency and converted into the target currency.
 * Hand-worked figures, IBR 3.6725 and no markup, 1000 USD sent:
 *   receive              1000 x 3.6725                      = 3672.50 AED
 *   merchant BEN fee     4 USD x 3.6725 = 14.69 AED, VAT 5 % = 0.7345 -> 0.73 AED
 *   correspondent BEN    10 USD x 3.6725 = 36.725 -> 36.73 AED, VAT 5 % = 1.8365 -> 1.84 AED
 *   borne by beneficiary 14.69 + 0.73 + 36.73 + 1.84        = 53.99 AED
 *   net credit           3672.50 - 53.99                    = 3618.51 AED; the sender pays 1000.00 USD
 */

let s: TestServer;
let globex: string;
let atlas1: string;
let atlas2: string;
let atlasId: string;
let usdWallet: string;
let aedWallet: string;
let chargesAed: string; // Atlas's charges income account in AED, where the AED wallet's charges are booked

const M = '/v2/merchant/transactions';
const S = '/v2/sp/transactions';
type Charge = z.output<typeof chargeRecord>;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) => callAs(s, method, url, token, payload);
const get = async (url: string, token: string) => {
  const res = await call('GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

async function benQuote(amount = '1000') {
  const res = await call('POST', '/merchant/v1/quote', globex, {
    transactionCategory: 'PAYOUT',
    dealType: 'SPOT',
    sourceWalletId: usdWallet,
    sendAmount: { amount, currency: 'USD' },
    targetCurrency: 'AED',
    chargeMode: 'BEN',
  });
  expect(res.statusCode, res.body).toBe(201);
  return quoteSchema.parse(res.json());
}

async function completedBenTransfer(quoteId: string) {
  const t = await transferOnQuote(s, globex, { usd: usdWallet, aed: aedWallet }, quoteId);
  await approveBothSides(s, t.transactionId, atlas1, atlas2);
  return t;
}

/** What the transaction's vouchers left on an account: credits less debits. */
async function netCredited(transactionId: string, accountCode: string): Promise<string> {
  const lines = await s.services.db
    .select({ side: voucherLines.debitOrCredit, amount: voucherLines.amountInFc })
    .from(voucherLines)
    .where(and(eq(voucherLines.transactionId, transactionId), eq(voucherLines.accountCode, accountCode)));
  return lines.reduce((acc, l) => (l.side === 'C' ? acc.plus(l.amount) : acc.minus(l.amount)), new Dec(0)).toFixed();
}

beforeAll(async () => {
  s = await startTestServer();
  [globex, atlas1, atlas2] = await Promise.all([s.token('100000001'), s.token('200000001'), s.token('200000011')]);
  const ops = await s.token('900000001');
  const db = s.services.db;
  const orgs = await orgIdsByCode(db);
  atlasId = orgs.get('ATLAS') ?? '';
  ({ usd: usdWallet, aed: aedWallet } = await globexAtlasWallets(db, orgs));
  await knownUsdAedPricing(s, atlasId, 'fee-ben-our');
  // The merchant rule's taxes apply to every charge of the quote (the TSP's jurisdiction).
  await db
    .insert(feeRules)
    .values([
      flatUsdFeeRule({ id: 'fee-ben-merchant', tspId: atlasId, kind: 'MERCHANT', chargeMode: 'BEN', fee: '4', taxes: [{ name: 'VAT', percentage: '5' }] }),
      flatUsdFeeRule({ id: 'fee-ben-corr', tspId: atlasId, kind: 'CORRESPONDENT', chargeMode: 'BEN', fee: '10' }),
    ]);
  await creditByOperations(s, ops, usdWallet, '10000');
  chargesAed = (await bookingAccount(db, aedWallet, atlasId, 'chargesAccount', 'AED')).code;
});

afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

describe('charges borne by the beneficiary', () => {
  let transactionId = '';

  it('the quote takes them off the net credit, never off the total debit', async () => {
    const q = await benQuote();
    expect(q.merchantCharges).toMatchObject([{ feeType: 'BEN', chargeMode: 'BEN', amount: '14.69', currency: 'AED', tax: { total: '0.73' } }]);
    expect(q.correspondentCharges).toMatchObject([{ feeType: 'BEN', chargeMode: 'BEN', amount: '36.73', currency: 'AED', tax: { total: '1.84' } }]);
    expect(q.receiveAmount).toEqual({ amount: '3672.50', currency: 'AED' });
    expect(q.netCredit).toEqual({ amount: '3618.51', currency: 'AED' });
    expect(q.totalDebit).toEqual({ amount: '1000.00', currency: 'USD' });
  });

  it('on completion the target wallet receives the net credit and the TSP books the charges, in one balanced voucher', async () => {
    const q = await benQuote();
    const [usd0, aed0] = [await walletPosition(s.services.db, usdWallet), await walletPosition(s.services.db, aedWallet)];
    const t = await completedBenTransfer(q.id);
    transactionId = t.transactionId;
    expect([t.sourceAmount, t.targetAmount]).toEqual(['1000', '3672.5']);
    const [usd1, aed1] = [await walletPosition(s.services.db, usdWallet), await walletPosition(s.services.db, aedWallet)];
    expect(usd0.balance.minus(usd1.balance).toFixed()).toBe('1000');
    expect(aed1.balance.minus(aed0.balance).toFixed()).toBe('3618.51');
    expect(aed1.balance.minus(aed0.balance).toFixed()).toBe(new Dec(q.netCredit?.amount ?? '').toFixed());
    expect(await netCredited(transactionId, chargesAed)).toBe('53.99');
    // The conversion voucher balances in AED: the pool paid 3672.50 = 3618.51 to the wallet + 53.99 charges.
    const aedLines = await s.services.db
      .select({ side: voucherLines.debitOrCredit, amount: voucherLines.amountInFc })
      .from(voucherLines)
      .where(and(eq(voucherLines.transactionId, transactionId), eq(voucherLines.accountCcyCode, 'AED')));
    const sum = (side: string) => aedLines.filter((l) => l.side === side).reduce((acc, l) => acc.plus(l.amount), new Dec(0));
    expect(sum('D').toFixed()).toBe(sum('C').toFixed());
    expect(sum('C').toFixed()).toBe('3672.5');
  });

  it('the charges list shows them reconciled by the transfer, adding up to what the charges account received', async () => {
    const merchant = (await get(`/v2/merchant/transactions/merchant-charges?size=50&settlementTransactionIds=${transactionId}`, globex)).content as Charge[];
    const correspondent = ((await get(`${S}/correspondent-charges?size=500&isReconciled=true`, atlas1)).content as Charge[]).filter(
      (c) => c.transactionId === transactionId,
    );
    expect(merchant.map((c) => [c.chargeMode, c.amount, c.taxAmount, c.isReconciled, c.isMerchantPayable, c.settlementTransactionId])).toEqual([
      ['BEN', '14.69', '0.73', true, false, transactionId],
    ]);
    expect(correspondent.map((c) => [c.chargeMode, c.amount, c.taxAmount, c.isReconciled, c.settlementTransactionId])).toEqual([
      ['BEN', '36.73', '1.84', true, transactionId],
    ]);
    const total = [...merchant, ...correspondent].reduce((acc, c) => acc.plus(c.amount).plus(c.taxAmount), new Dec(0));
    expect(total.toFixed()).toBe(await netCredited(transactionId, chargesAed));
  });

  it('cancelling the completed transfer reverses it exactly: both wallets and the charges account back where they were', async () => {
    const [usd0, aed0] = [await walletPosition(s.services.db, usdWallet), await walletPosition(s.services.db, aedWallet)];
    const today = s.config.now().toISOString().slice(0, 10);
    const req = await call('POST', `${S}/cancellations`, atlas1, { mainTransactionId: transactionId, reason: 'Wrong beneficiary', cancellationDate: today });
    expect(req.statusCode, req.body).toBe(201);
    const ok = await call('PUT', `${S}/cancellations`, atlas2, { cancellationId: req.json().cancellationId, status: 'APPROVED' });
    expect(ok.statusCode, ok.body).toBe(200);
    const [usd1, aed1] = [await walletPosition(s.services.db, usdWallet), await walletPosition(s.services.db, aedWallet)];
    expect(usd1.balance.minus(usd0.balance).toFixed()).toBe('1000');
    expect(aed0.balance.minus(aed1.balance).toFixed()).toBe('3618.51');
    expect(await netCredited(transactionId, chargesAed)).toBe('0');
    expect((await get(`/v2/merchant/transactions/merchant-charges?settlementTransactionIds=${transactionId}`, globex)).content).toEqual([]);
  });

  it('a quote whose beneficiary charges exceed what is received cannot become a transfer (400 naming quoteId)', async () => {
    // 0.10 USD sent buys 0.37 AED; the flat BEN fees alone are 51.42 AED.
    const q = await benQuote('0.10');
    expect(new Dec(q.netCredit?.amount ?? '0').isNegative()).toBe(true);
    const res = await call('POST', M, globex, { category: 'TRANSFER', type: 'FX_DEAL', quoteId: q.id, sourceWalletId: usdWallet, targetWalletId: aedWallet });
    expect(res.statusCode).toBe(400);
    expect(res.json().invalidParameters[0].parameter).toBe('quoteId');
  });
});
