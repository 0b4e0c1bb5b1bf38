import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, like } from 'drizzle-orm';
import type { z } from 'zod';
import { type chargeRecord, type chargeSummaryRow, type dealProfitSummaryRow } from '@corridor/api';
import { Dec } from '@corridor/domain';
import { voucherLines } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { feeRules } from '../fees/fee-tables.ts';
import { applyPaymentAction } from '../payments/payment-lifecycle.ts';
import { markupLayers } from '../pricing-config/pricing-config-schema.ts';
import { forgetRates } from '../quotes/rate-cache.ts';
import { rateBookOf } from '../rates/rate-book.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import {
  approveBothSides,
  callAs,
  creditByOperations,
  flatUsdFeeRule,
  globexAtlasWallets,
  knownUsdAedPricing,
  orgIdsByCode,
  seededUsers,
  usdAedTransfer,
} from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { bookingAccount } from '../ledger/tsp-account-service.ts';

let s: TestServer;
let globex: string; // merchant of Atlas
let stark: string; // merchant of Meridian
let atlas1: string;
let atlas2: string;
let meridian: string;
let ops: string;
let atlasId: string;
let globexId: string;
let usdWallet: string;
let aedWallet: string;

const M = '/v2/merchant/transactions';
const S = '/v2/sp/transactions';
const MC = `${M}/merchant-charges`;
const SMC = '/sp/v2/transactions/merchant-charges';
const CC = `${S}/correspondent-charges`;
const DP = '/transactions/deal/profit';

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) => callAs(s, method, url, token, payload);
const get = async (url: string, token: string) => {
  const res = await call('GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

type Charge = z.output<typeof chargeRecord>;
type SummaryRow = z.output<typeof chargeSummaryRow>;
type ProfitSummaryRow = z.output<typeof dealProfitSummaryRow>;
/** A transfer of `amount` USD from Globex's USD wallet to its AED wallet, awaiting its approvals. */
const newTransfer = (amount: string) => usdAedTransfer(s, globex, { usd: usdWallet, aed: aedWallet }, amount);

/** The same transfer with both sides approved by two Atlas users: COMPLETED. */
async function completedTransfer(amount: string) {
  const t = await newTransfer(amount);
  await approveBothSides(s, t.transactionId, atlas1, atlas2);
  return t;
}

/** What the conversion voucher of the transfer credited to accounts (no wallet) whose code starts with `prefix`. */
async function credited(transactionId: string, code: string): Promise<string> {
  const lines = await s.services.db
    .select({ amount: voucherLines.amountInFc })
    .from(voucherLines)
    .where(
      and(
        eq(voucherLines.transactionId, transactionId),
        eq(voucherLines.debitOrCredit, 'C'),
        isNull(voucherLines.walletId),
        like(voucherLines.accountCode, code),
      ),
    );
  return lines.reduce((acc, l) => acc.plus(l.amount), new Dec(0)).toFixed();
}

const rowOf = <T extends { chargeMode?: string; group?: string; currency: string }>(rows: T[], key: string, currency: string) =>
  rows.find((r) => (r.chargeMode ?? r.group) === key && r.currency === currency);
const delta = (after: string | undefined, before: string | undefined) => new Dec(after ?? '0').minus(before ?? '0').toFixed();

let big: { transactionId: string };
let small: { transactionId: string };
let cancelled: { transactionId: string };
let pending: { transactionId: string };
let payment: { id: string; paymentId: string; status: string };
let before: { merchant: SummaryRow[]; sp: SummaryRow[]; corr: SummaryRow[]; profit: ProfitSummaryRow[]; byType: ProfitSummaryRow[] };

beforeAll(async () => {
  s = await startTestServer();
  ({ globex, stark, atlas: atlas1, meridian } = await seededUsers(s));
  // A second Atlas user approves the target side (maker-checker), operations read the internal summaries.
  [atlas2, ops] = await Promise.all([s.token('200000011'), s.token('900000001')]);
  const db = s.services.db;
  const orgs = await orgIdsByCode(db);
  atlasId = orgs.get('ATLAS') ?? '';
  globexId = orgs.get('GLOBEX') ?? '';
  ({ usd: usdWallet, aed: aedWallet } = await globexAtlasWallets(db, orgs));
  // Known pricing: a flat 5 USD merchant fee and a flat 2 USD correspondent fee, both borne by the sender (OUR)
  // with the merchant rule's 10 % VAT on each; a flat 1 USD rebate to the merchant (untaxed).
  // The deal's IBR is 3.6725 and a layer 1 markup of -25 pips sells at 3.6700, so the TSP keeps a margin.
  const dealId = await knownUsdAedPricing(s, atlasId, 'fee-charges-test');
  const vat = [{ name: 'VAT', percentage: '10' }];
  await db.update(feeRules).set({ taxes: vat }).where(eq(feeRules.id, 'fee-charges-test'));
  await db
    .insert(feeRules)
    .values([
      flatUsdFeeRule({ id: 'fee-charges-corr', tspId: atlasId, kind: 'CORRESPONDENT', chargeMode: 'OUR', fee: '2', taxes: vat }),
      flatUsdFeeRule({ id: 'fee-charges-rebate', tspId: atlasId, kind: 'MERCHANT', chargeMode: 'REBATE', fee: '1', taxes: vat }),
    ]);
  await db.insert(markupLayers).values({
    id: 'ml-charges-test',
    layer: 1,
    serviceProviderId: atlasId,
    transactionCategory: 'PAYOUT',
    currencyDealConfigId: dealId,
    markupType: 'PIP',
    askMarkup: '-25',
    bidMarkup: '-25',
  });
  forgetRates(rateBookOf(s.services));
  await creditByOperations(s, ops, usdWallet, '100000');

  // The seeded demo transfers are there too: summaries are compared before and after this file's transfers.
  before = {
    merchant: await get(`${MC}/summary`, globex),
    sp: await get(`${SMC}/summary`, atlas1),
    corr: await get(`${CC}/summary`, atlas1),
    profit: await get(`${DP}/summary`, atlas1),
    byType: await get(`${DP}/summary/deal-type`, atlas1),
  };
  big = await completedTransfer('1000');
  small = await completedTransfer('500');
  cancelled = await completedTransfer('300');
  const today = s.config.now().toISOString().slice(0, 10);
  const req = await call('POST', `${S}/cancellations`, atlas1, {
    mainTransactionId: cancelled.transactionId,
    reason: 'Duplicate deal',
    cancellationDate: today,
  });
  expect(req.statusCode, req.body).toBe(201);
  const ok = await call('PUT', `${S}/cancellations`, atlas2, { cancellationId: req.json().cancellationId, status: 'APPROVED' });
  expect(ok.statusCode, ok.body).toBe(200);
  // A same-currency payment of 100 USD, sent to the bank by Atlas and completed by it: its fee lines are charges too.
  const created = await call('POST', '/m/api/v1/transactions/payments', globex, {
    walletId: usdWallet,
    sendAmount: '100',
    receiver: { name: 'Acme Supplies LLC', countryCode: 'AE', accountNumber: 'AE070331234567890123456' },
  });
  expect(created.statusCode, created.body).toBe(201);
  payment = created.json();
  expect(payment.status).toBe('INITIATED');
  expect((await call('GET', `/s/api/v1/transactions/payments/process/${payment.id}`, atlas1)).statusCode).toBe(200);
  const paid = await inTransaction(s.services.db, (tx) => applyPaymentAction(tx, payment.id, 'complete', { type: 'BANK', name: 'Atlas correspondent' }, {}));
  expect(paid.status).toBe('COMPLETED');
  pending = await newTransfer('200');
});

afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

describe('merchant charges', () => {
  it('lists each fee line of a completed transfer with its tax and flags, under a stable id', async () => {
    const page = await get(`${MC}?settlementTransactionIds=${big.transactionId}&size=50`, globex);
    // Only the sender-borne fee is settled by the transfer itself; the rebate is not (see below).
    expect(page.content).toHaveLength(1);
    const all = (await get(`${MC}?size=200`, globex)).content as Charge[];
    const mine = all.filter((c) => c.transactionId === big.transactionId).sort((a, b) => a.chargeMode.localeCompare(b.chargeMode));
    const valueDate = (await get(`${M}/${big.transactionId}`, globex)).valueDate as string;
    expect(mine).toEqual([
      expect.objectContaining({
        chargeMode: 'OUR',
        currency: 'USD',
        amount: '5',
        taxAmount: '0.5',
        isPayable: false,
        isMerchant: true,
        isMerchantPayable: true,
        isReconciled: true,
        settlementTransactionId: big.transactionId,
        settlementDate: valueDate,
        merchantId: globexId,
      }),
      expect.objectContaining({
        chargeMode: 'REBATE',
        currency: 'USD',
        amount: '1',
        taxAmount: '0',
        isPayable: true,
        isMerchant: true,
        isMerchantPayable: false,
        isReconciled: false,
        settlementTransactionId: null,
        settlementDate: null,
      }),
    ]);
    const one = mine[0] as Charge;
    expect(await get(`${MC}/${one.id}`, globex)).toEqual(one);
    // The same id on every read.
    expect((await get(`${MC}?size=200`, globex)).content.map((c: Charge) => c.id)).toEqual(all.map((c) => c.id));
  });

  it('shows no charges of a cancelled or a pending transfer', async () => {
    const all = (await get(`${MC}?size=500`, globex)).content as Charge[];
    const ids = new Set(all.map((c) => c.transactionId));
    expect(ids.has(big.transactionId)).toBe(true);
    expect(ids.has(small.transactionId)).toBe(true);
    expect(ids.has(cancelled.transactionId)).toBe(false);
    expect(ids.has(pending.transactionId)).toBe(false);
  });

  it('filters by charge mode, payable, reconciled, amount range and settlement date', async () => {
    const of = async (q: string) => ((await get(`${MC}?size=500&${q}`, globex)).content as Charge[]).filter((c) => c.transactionId === big.transactionId);
    expect((await of('chargeModes=REBATE')).map((c) => c.chargeMode)).toEqual(['REBATE']);
    expect((await of('isPayable=true')).map((c) => c.chargeMode)).toEqual(['REBATE']);
    expect((await of('isReconciled=true')).map((c) => c.chargeMode)).toEqual(['OUR']);
    expect((await of('isMerchantPayable=false')).map((c) => c.chargeMode)).toEqual(['REBATE']);
    expect((await of('amountRange=4,6')).map((c) => c.chargeMode)).toEqual(['OUR']);
    expect((await of('amountRange=,1')).map((c) => c.chargeMode)).toEqual(['REBATE']);
    expect(await of('isMerchant=false')).toEqual([]);
    expect(await of('walletNetworkIds=ANY')).toEqual([]);
    expect(await of('fromSettlementDate=2999-01-01')).toEqual([]);
    expect((await of('toSettlementDate=2999-01-01')).map((c) => c.chargeMode)).toEqual(['OUR']);
    const page = await get(`${MC}?size=1&page=0&sort=amount,DESC`, globex);
    expect(page.content).toHaveLength(1);
    expect(page.totalElements).toBeGreaterThanOrEqual(4);
  });

  it('summaries add fee and tax by mode and currency, split into payable and receivable', async () => {
    const after = (await get(`${MC}/summary`, globex)) as SummaryRow[];
    const our = [rowOf(after, 'OUR', 'USD'), rowOf(before.merchant, 'OUR', 'USD')];
    // Two completed transfers and a payment: (5 + 0.50) x 3 receivable; 1 x 2 rebate payable (transfers only).
    expect((our[0]?.count ?? 0) - (our[1]?.count ?? 0)).toBe(3);
    expect(delta(our[0]?.totalAmount, our[1]?.totalAmount)).toBe('16.5');
    expect(delta(our[0]?.receivableAmount, our[1]?.receivableAmount)).toBe('16.5');
    expect(delta(our[0]?.payableAmount, our[1]?.payableAmount)).toBe('0');
    const rebate = [rowOf(after, 'REBATE', 'USD'), rowOf(before.merchant, 'REBATE', 'USD')];
    expect(delta(rebate[0]?.payableAmount, rebate[1]?.payableAmount)).toBe('2');
    // The TSP sees its merchants' charges the same way, and operations see the same for the TSP.
    const sp = (await get(`${SMC}/summary`, atlas1)) as SummaryRow[];
    expect(delta(rowOf(sp, 'OUR', 'USD')?.totalAmount, rowOf(before.sp, 'OUR', 'USD')?.totalAmount)).toBe('16.5');
    expect(await get(`/v1/internal/transactions/merchant/charges/summary?serviceProviderId=${atlasId}`, ops)).toEqual(sp);
    expect(await get(`/v1/internal/transactions/merchant/charges/summary?serviceProviderId=${atlasId}&chargeModes=OUR`, ops)).toEqual(
      sp.filter((r) => r.chargeMode === 'OUR'),
    );
  });

  it("agrees with the ledger: a transfer's reconciled charges are what its voucher credited to the charges account", async () => {
    const charges = (await bookingAccount(s.services.db, usdWallet, atlasId, 'chargesAccount', 'USD')).code;
    for (const t of [big, small]) {
      const reconciled = ((await get(`${MC}?size=50&isReconciled=true&settlementTransactionIds=${t.transactionId}`, globex)).content as Charge[]).concat(
        (await get(`${CC}?size=500&isReconciled=true`, atlas1)).content.filter((c: Charge) => c.transactionId === t.transactionId),
      );
      const sum = reconciled.reduce((acc, c) => acc.plus(c.amount).plus(c.taxAmount), new Dec(0)).toFixed();
      // 5 + 0.50 VAT merchant fee, 2 + 0.20 VAT correspondent fee.
      expect(sum).toBe('7.7');
      expect(await credited(t.transactionId, charges)).toBe(sum);
    }
    // A payment's fee lines: 5 + 0.50 merchant, 2 + 0.20 correspondent, as its settlement credited them.
    const paid = [
      ...((await get(`${MC}?size=50&settlementTransactionIds=${payment.paymentId}`, globex)).content as Charge[]),
      ...((await get(`${CC}?size=50&settlementTransactionIds=${payment.paymentId}`, atlas1)).content as Charge[]),
    ];
    expect(paid.map((c) => [c.chargeMode, c.isMerchant, c.amount, c.taxAmount, c.isReconciled])).toEqual([
      ['OUR', true, '5', '0.5', true],
      ['OUR', false, '2', '0.2', true],
    ]);
    expect(paid.map((c) => c.id)).toEqual([`${payment.id}-PM1`, `${payment.id}-PC2`]);
    expect(await credited(payment.paymentId, charges)).toBe('7.7');
    // A cancelled transfer's fee was credited and then reversed: it lists no charge.
    expect((await get(`${MC}?settlementTransactionIds=${cancelled.transactionId}`, globex)).content).toEqual([]);
  });

  it('is scoped: another merchant or TSP neither lists nor reads these charges; bad input names the field', async () => {
    const ours = ((await get(`${MC}?size=500`, globex)).content as Charge[]).filter((c) => c.transactionId === big.transactionId);
    const id = ours[0]?.id ?? '';
    const foreign = await call('GET', `${MC}/${id}`, stark);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().invalidParameters[0].parameter).toBe('id');
    expect(((await get(`${MC}?size=500`, stark)).content as Charge[]).every((c) => c.merchantId !== globexId)).toBe(true);
    expect(((await get(`${SMC}?size=500`, meridian)).content as Charge[]).some((c) => c.transactionId === big.transactionId)).toBe(false);
    expect((await call('GET', `${MC}/no-such-charge`, globex)).statusCode).toBe(404);
    const unknownTsp = await call('GET', '/v1/internal/transactions/merchant/charges/summary?serviceProviderId=nope', ops);
    expect(unknownTsp.statusCode).toBe(404);
    expect(unknownTsp.json().invalidParameters[0].parameter).toBe('serviceProviderId');
    const merchantAsTsp = await call('GET', `/v1/internal/transactions/merchant/charges/summary?serviceProviderId=${globexId}`, ops);
    expect(merchantAsTsp.json().invalidParameters[0].parameter).toBe('serviceProviderId');
    for (const [url, field] of [
      [`${MC}?isPayable=maybe`, 'isPayable'],
      [`${SMC}/summary?amountRange=lots`, 'amountRange'],
      [`${CC}?sort=nothing,ASC`, 'sort'],
      [`${MC}?size=0`, 'size'],
    ] as const) {
      const res = await call('GET', url, url.startsWith(M) ? globex : atlas1);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().invalidParameters[0].parameter, url).toBe(field);
    }
    expect((await call('GET', MC, atlas1)).statusCode).toBe(403);
  });
});

describe('correspondent charges', () => {
  it('lists the correspondent fee the sender bore, payable by the TSP to the correspondent', async () => {
    const rows = ((await get(`${CC}?size=500`, atlas1)).content as Charge[]).filter((c) => c.transactionId === big.transactionId);
    expect(rows).toEqual([
      expect.objectContaining({
        chargeMode: 'OUR',
        currency: 'USD',
        amount: '2',
        taxAmount: '0.2',
        isPayable: true,
        isMerchant: false,
        isMerchantPayable: true,
        isReconciled: true,
        settlementTransactionId: big.transactionId,
      }),
    ]);
    const id = rows[0]?.id ?? '';
    expect(await get(`${CC}/${id}`, atlas1)).toEqual(rows[0]);
    const foreign = await call('GET', `${CC}/${id}`, meridian);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().invalidParameters[0].parameter).toBe('id');
    // A merchant charge id is not a correspondent charge.
    const merchantId = ((await get(`${MC}?size=500`, globex)).content as Charge[]).find((c) => c.transactionId === big.transactionId)?.id ?? '';
    expect((await call('GET', `${CC}/${merchantId}`, atlas1)).statusCode).toBe(404);
    const after = (await get(`${CC}/summary`, atlas1)) as SummaryRow[];
    // Two completed transfers and a payment: (2 + 0.20) x 3 payable.
    expect(delta(rowOf(after, 'OUR', 'USD')?.payableAmount, rowOf(before.corr, 'OUR', 'USD')?.payableAmount)).toBe('6.6');
    expect(delta(rowOf(after, 'OUR', 'USD')?.receivableAmount, rowOf(before.corr, 'OUR', 'USD')?.receivableAmount)).toBe('0');
    expect(((await get(`${CC}?size=500`, meridian)).content as Charge[]).some((c) => c.transactionId === big.transactionId)).toBe(false);
  });
});

describe('deal profit', () => {
  it('is the margin against the IBR of each completed deal, as the ledger booked it to the deal-profit account', async () => {
    const one = await get(`${DP}/${big.transactionId}`, atlas1);
    // 1000 USD x 3.6725 = 3672.50 AED at cost; the merchant received 1000 x 3.67 = 3670.00: 2.50 AED profit.
    expect(one).toEqual({
      transactionId: big.transactionId,
      dealType: 'SPOT',
      sourceCurrency: 'USD',
      targetCurrency: 'AED',
      customerRate: '3.67',
      costRate: '3.6725',
      profit: '2.5',
      profitCurrency: 'AED',
      profitUSDEQ: '0.68',
      valueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(await credited(big.transactionId, 'DPR-%')).toBe('2.5');
    // 500 x 3.6725 = 1836.25 less 500 x 3.67 = 1835.00.
    expect((await get(`${DP}/${small.transactionId}`, atlas1)).profit).toBe('1.25');
    expect(await credited(small.transactionId, 'DPR-%')).toBe('1.25');
    // A cancelled deal's profit line was reversed, a pending one's never booked: both show 0.
    expect((await get(`${DP}/${cancelled.transactionId}`, atlas1)).profit).toBe('0');
    expect((await get(`${DP}/${pending.transactionId}`, atlas1)).profit).toBe('0');
  });

  it('lists only completed deals, filtered by the transaction filters', async () => {
    const page = await get(`${DP}?transactionId=${big.transactionId}`, atlas1);
    expect(page.content.map((d: { transactionId: string }) => d.transactionId)).toEqual([big.transactionId]);
    const all = (await get(`${DP}?size=500`, atlas1)).content as Array<{ transactionId: string }>;
    expect(all.map((d) => d.transactionId)).toEqual(expect.arrayContaining([big.transactionId, small.transactionId]));
    expect(all.map((d) => d.transactionId)).not.toContain(cancelled.transactionId);
    expect(all.map((d) => d.transactionId)).not.toContain(pending.transactionId);
    expect((await get(`${DP}?transactionId=${big.transactionId}&targetCurrencyCodes=EUR`, atlas1)).content).toEqual([]);
    expect((await get(`${DP}?transactionId=${big.transactionId}&createdFromDate=2999-01-01`, atlas1)).content).toEqual([]);
  });

  it('summaries add the profit by currency and by deal type; operations see the same per TSP', async () => {
    const profit = (await get(`${DP}/summary`, atlas1)) as ProfitSummaryRow[];
    expect(delta(rowOf(profit, 'AED', 'AED')?.profit, rowOf(before.profit, 'AED', 'AED')?.profit)).toBe('3.75');
    expect((rowOf(profit, 'AED', 'AED')?.count ?? 0) - (rowOf(before.profit, 'AED', 'AED')?.count ?? 0)).toBe(2);
    const byType = (await get(`${DP}/summary/deal-type`, atlas1)) as ProfitSummaryRow[];
    expect(delta(rowOf(byType, 'SPOT', 'AED')?.profit, rowOf(before.byType, 'SPOT', 'AED')?.profit)).toBe('3.75');
    expect(await get(`/v1/internal/transactions/deal/profit/summary?serviceProviderId=${atlasId}`, ops)).toEqual(profit);
    const only = (await get(`${DP}/summary?transactionId=${big.transactionId}`, atlas1)) as ProfitSummaryRow[];
    expect(only).toEqual([{ group: 'AED', currency: 'AED', count: 1, profit: '2.5' }]);
  });

  it('is scoped to the TSP that priced the deal; bad input names the field', async () => {
    const foreign = await call('GET', `${DP}/${big.transactionId}`, meridian);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().invalidParameters[0].parameter).toBe('transactionId');
    expect(((await get(`${DP}?size=500`, meridian)).content as Array<{ transactionId: string }>).map((d) => d.transactionId)).not.toContain(big.transactionId);
    expect((await get(`${DP}/summary?transactionId=${big.transactionId}`, meridian)) as ProfitSummaryRow[]).toEqual([]);
    const unknownTsp = await call('GET', '/v1/internal/transactions/deal/profit/summary?serviceProviderId=nope', ops);
    expect(unknownTsp.statusCode).toBe(404);
    expect(unknownTsp.json().invalidParameters[0].parameter).toBe('serviceProviderId');
    for (const [url, field] of [
      [`${DP}?createdFromDate=yesterday`, 'createdFromDate'],
      [`${DP}/summary?size=-1`, 'size'],
      [`${DP}?sort=profit,ASC`, 'sort'],
    ] as const) {
      const res = await call('GET', url, atlas1);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().invalidParameters[0].parameter, url).toBe(field);
    }
    expect((await call('GET', DP, globex)).statusCode).toBe(403);
  });
});
