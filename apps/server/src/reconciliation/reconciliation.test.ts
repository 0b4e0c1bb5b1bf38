import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '@corridor/domain';
import { post } from '../ledger/ledger-service.ts';
import { callAs, expectField } from '../test/calls.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { orgIdsByCode, walletPosition } from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { wallets } from '../db/schema.ts';
import { eq } from 'drizzle-orm';

/*
 * Reconciliation of Meridian's demo settlements (seed/demo-reconciliation.ts): one reconciled day, one settlement
 * paid out twice (an excess), one dated in the past and never posted (unsettled). Oliver and Priya are Meridian's
 * two users: resolving with a reason is one person's act, an adjustment moves money and takes both.
 */

interface Day {
  walletId: string;
  currency: string;
  settlementDate: string;
  expectedAmount: string;
  settledAmount: string;
  excessAmount: string;
  exceptions: number;
  openExceptions: number;
  isReconciled: boolean;
  status: string;
  settlementTransactionIds: string[];
}
interface Exception {
  id: string;
  kind: string;
  status: string;
  settlementTransactionId: string;
  walletId: string;
  currency: string;
  settlementDate: string;
  expectedAmount: string;
  settledAmount: string;
  differenceAmount: string;
  reason: string | null;
  adjustment: boolean;
  requestedBy: string | null;
  requestedAt: string | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
  adjustmentVoucherNo: string | null;
}

const R = '/v1/service-provider/reconciliation';
let s: TestServer;
let oliver: string;
let priya: string;
let amira: string;
let stark: string;

const get = async <T>(url: string, token = oliver): Promise<T> => {
  const res = await callAs(s, 'GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const exceptions = async (q = '') => (await get<{ content: Exception[] }>(`${R}/exceptions?size=100${q}`)).content;
const days = async (q = '') => get<Day[]>(`${R}/days${q}`);
const act = (id: string, what: 'resolve' | 'approve' | 'reject', token: string, payload?: object, headers: Record<string, string> = {}) =>
  callAs(s, 'POST', `${R}/exceptions/${id}/${what}`, token, payload, headers);
const balance = async (walletId: string) => (await walletPosition(s.services.db, walletId)).balance;

beforeAll(async () => {
  s = await startTestServer();
  [oliver, priya, amira, stark] = await Promise.all([s.token('200000002'), s.token('200000012'), s.token('200000001'), s.token('100000004')]);
}, 120_000);

afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

const byKind = async (kind: string) => {
  const found = (await exceptions()).find((e) => e.kind === kind && e.status === 'OPEN');
  if (!found) throw new Error(`no open ${kind} exception`);
  return found;
};

describe('figures', () => {
  it('puts each settlement day against the ledger: reconciled days, an excess, a shortfall, an unsettled one', async () => {
    const all = await days();
    expect(all.map((d) => d.status)).toEqual(expect.arrayContaining(['RECONCILED', 'EXCEPTIONS']));
    // Newest day first.
    expect(all.map((d) => d.settlementDate)).toEqual([...all.map((d) => d.settlementDate)].sort().reverse());
    const found = await exceptions();
    expect(found.map((e) => e.kind).sort()).toEqual(['EXCESS', 'SHORTFALL', 'UNSETTLED']);
    for (const e of found) {
      const diff = new Dec(e.settledAmount).minus(e.expectedAmount);
      expect(new Dec(e.differenceAmount).eq(diff.abs()), e.kind).toBe(true);
      const day = all.find((d) => d.settlementTransactionIds.includes(e.settlementTransactionId));
      expect(day?.status).toBe('EXCEPTIONS');
      expect(day?.isReconciled).toBe(false);
      expect(day?.openExceptions).toBe(1);
    }
    const excess = found.find((e) => e.kind === 'EXCESS') as Exception;
    expect(all.find((d) => d.settlementTransactionIds.includes(excess.settlementTransactionId))?.excessAmount).toBe(excess.differenceAmount);
    expect(new Dec(excess.settledAmount).eq(new Dec(excess.expectedAmount).times(2))).toBe(true);
    const unsettled = found.find((e) => e.kind === 'UNSETTLED') as Exception;
    expect(unsettled.settledAmount).toBe('0');
    for (const d of all.filter((x) => x.status === 'RECONCILED')) {
      expect(d.settledAmount).toBe(d.expectedAmount);
      expect(d.excessAmount).toBe('0');
      expect(d.isReconciled).toBe(true);
    }
  });

  it('reads settled amounts from the ledger: the sum of the settlement vouchers on the wallet', async () => {
    const e = await byKind('EXCESS');
    const res = await callAs(s, 'GET', `/v1/accounting/accounting_entries?transactionId=${e.settlementTransactionId}&size=50`, oliver);
    expect(res.statusCode, res.body).toBe(200);
    const lines = (
      res.json() as { content: Array<{ voucher: { voucherDetails: Array<{ debitORCredit: string; amountInFC: string; description2: string | null }> } }> }
    ).content.flatMap((v) => v.voucher.voucherDetails);
    const debits = lines.filter((l) => l.debitORCredit === 'D').reduce((sum, l) => sum.plus(l.amountInFC), new Dec(0));
    expect(debits.toFixed()).toBe(e.settledAmount);
  });

  it('filters days and exceptions by date, wallet, currency, kind and status', async () => {
    const e = await byKind('SHORTFALL');
    expect((await days(`?fromDate=${e.settlementDate}&toDate=${e.settlementDate}`)).map((d) => d.settlementDate)).toEqual([e.settlementDate]);
    expect(await days(`?currencyCodes=JPY`)).toEqual([]);
    expect((await days(`?walletIds=${e.walletId}`)).every((d) => d.walletId === e.walletId)).toBe(true);
    expect((await exceptions('&kinds=SHORTFALL')).map((x) => x.id)).toEqual([e.id]);
    expect(await exceptions('&statuses=RESOLVED')).toEqual([]);
    const page = await get<{ content: Exception[]; totalElements: number; totalPages: number }>(`${R}/exceptions?size=2&page=1`);
    expect(page.totalElements).toBe(3);
    expect(page.totalPages).toBe(2);
    expect(page.content).toHaveLength(1);
  });
});

describe('resolving with a reason', () => {
  it('needs a reason: none, or too short, is 400 naming reason', async () => {
    const e = await byKind('UNSETTLED');
    expectField(await act(e.id, 'resolve', oliver, {}), 400, 'reason');
    expectField(await act(e.id, 'resolve', oliver, { reason: ' x ' }), 400, 'reason');
  });

  it('an unsettled settlement is not adjusted: 400 naming adjust', async () => {
    const e = await byKind('UNSETTLED');
    expectField(await act(e.id, 'resolve', oliver, { reason: 'Pay it by hand', adjust: true }), 400, 'adjust');
  });

  it('records the reason, who and when; the exception and its day are resolved; a second resolution is 409', async () => {
    const e = await byKind('UNSETTLED');
    const key = { 'idempotency-key': 'reconcile-unsettled-1' };
    const res = await act(e.id, 'resolve', oliver, { reason: 'Merchant agreed to roll it into next month' }, key);
    expect(res.statusCode, res.body).toBe(201);
    const done = res.json() as Exception;
    expect(done).toMatchObject({
      id: e.id,
      status: 'RESOLVED',
      reason: 'Merchant agreed to roll it into next month',
      adjustment: false,
      requestedBy: 'Oliver Grant',
      resolvedBy: 'Oliver Grant',
      adjustmentVoucherNo: null,
    });
    expect(done.resolvedAt).not.toBeNull();
    // The same request again (a retry) answers the same, and resolves nothing twice.
    const again = await act(e.id, 'resolve', oliver, { reason: 'Merchant agreed to roll it into next month' }, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(done);
    const other = await act(e.id, 'resolve', priya, { reason: 'Another reason' });
    expect(other.statusCode, other.body).toBe(409);
    const day = (await days()).find((d) => d.settlementTransactionIds.includes(e.settlementTransactionId));
    expect(day).toMatchObject({ status: 'RESOLVED', openExceptions: 0, exceptions: 1 });
    // Still unposted: resolved by decision, not reconciled by the ledger.
    expect(day?.isReconciled).toBe(false);
    expect((await exceptions('&statuses=RESOLVED')).map((x) => x.id)).toEqual([e.id]);
  });
});

describe('resolving with an adjustment (two people)', () => {
  it('waits for a second user; the user who asked cannot approve; the approval posts the adjustment and the day reconciles', async () => {
    const e = await byKind('EXCESS');
    const msWallet = (await s.services.db.select().from(wallets).where(eq(wallets.id, e.walletId)))[0];
    expect(msWallet).toBeDefined();
    const spBefore = await balance(e.walletId);
    const res = await act(e.id, 'resolve', oliver, { reason: 'Paid twice by the bank; take the second payout back', adjust: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'PENDING_APPROVAL', adjustment: true, requestedBy: 'Oliver Grant', resolvedBy: null });
    // Nothing moved yet.
    expect((await balance(e.walletId)).eq(spBefore)).toBe(true);
    const own = await act(e.id, 'approve', oliver);
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json()).toMatchObject({ code: 'MAKER_CHECKER' });
    expect((await balance(e.walletId)).eq(spBefore)).toBe(true);

    const approved = await act(e.id, 'approve', priya);
    expect(approved.statusCode, approved.body).toBe(200);
    const done = approved.json() as Exception;
    expect(done).toMatchObject({ id: e.id, status: 'RESOLVED', requestedBy: 'Oliver Grant', resolvedBy: 'Priya Shah', differenceAmount: e.differenceAmount });
    expect(done.adjustmentVoucherNo).toMatch(/^JV/);
    // The excess came back to the settlement wallet.
    expect((await balance(e.walletId)).minus(spBefore).toFixed()).toBe(e.differenceAmount);
    const day = (await days()).find((d) => d.settlementTransactionIds.includes(e.settlementTransactionId));
    expect(day).toMatchObject({ status: 'RESOLVED', isReconciled: true, openExceptions: 0, excessAmount: '0' });
    expect(day?.settledAmount).toBe(day?.expectedAmount);
    // Approving again posts nothing more.
    const twice = await act(e.id, 'approve', priya);
    expect(twice.statusCode).toBe(409);
    expect((await balance(e.walletId)).minus(spBefore).toFixed()).toBe(e.differenceAmount);
  });

  it('a second user may refuse: nothing moves and the exception is open again; then a shortfall is paid on approval', async () => {
    const e = await byKind('SHORTFALL');
    const spBefore = await balance(e.walletId);
    expect((await act(e.id, 'resolve', priya, { reason: 'Pay the rest of the settlement', adjust: true })).statusCode).toBe(201);
    expect((await act(e.id, 'reject', priya)).statusCode).toBe(403);
    const refused = await act(e.id, 'reject', oliver);
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ status: 'OPEN', reason: null });
    expect((await balance(e.walletId)).eq(spBefore)).toBe(true);
    expect((await act(e.id, 'resolve', priya, { reason: 'Pay the rest of the settlement', adjust: true })).statusCode).toBe(201);
    const ok = await act(e.id, 'approve', oliver);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(spBefore.minus(await balance(e.walletId)).toFixed()).toBe(e.differenceAmount);
    expect(await exceptions('&statuses=OPEN,PENDING_APPROVAL')).toEqual([]);
  });

  it('a new mismatch on a reconciled settlement is a new exception', async () => {
    const day = (await days()).find((d) => d.status === 'RECONCILED');
    if (!day) throw new Error('no reconciled day');
    const stId = day.settlementTransactionIds[0] ?? '';
    const orgs = await orgIdsByCode(s.services.db);
    const [w] = await s.services.db.select().from(wallets).where(eq(wallets.id, day.walletId));
    if (!w) throw new Error('no wallet');
    const [pool] = await s.services.db
      .select()
      .from(wallets)
      .where(eq(wallets.serviceProviderId, orgs.get('MERIDIAN') ?? ''));
    expect(pool).toBeDefined();
    // 0.10 more paid out of the settlement wallet against the settlement (to the TSP's own account: balanced).
    await post(
      s.services.db,
      {
        category: 'SETTLEMENT',
        transactionId: stId,
        tspId: orgs.get('MERIDIAN') ?? '',
        tspWalletId: w.id,
        lines: [
          { accountCode: w.ledgerCode, accountName: w.alias, currency: w.currencyCode, side: 'D', amount: '0.10', walletId: w.id, bucket: 'balance' },
          { accountCode: w.ledgerCode, accountName: w.alias, currency: w.currencyCode, side: 'C', amount: '0.10' },
        ],
      },
      new Date(),
    );
    const found = (await exceptions('&statuses=OPEN')).find((x) => x.settlementTransactionId === stId);
    expect(found).toMatchObject({ kind: 'EXCESS', differenceAmount: '0.1' });
  });
});

describe('trust', () => {
  it('another TSP sees none of the exceptions and cannot act on them (404 naming exceptionId)', async () => {
    expect((await get<{ content: Exception[] }>(`${R}/exceptions`, amira)).content).toEqual([]);
    expect(await get<Day[]>(`${R}/days`, amira)).toEqual([]);
    const e = (await exceptions())[0] as Exception;
    expectField(await act(e.id, 'resolve', amira, { reason: 'Not mine to resolve' }), 404, 'exceptionId');
    expectField(await act(e.id, 'approve', amira), 404, 'exceptionId');
    expectField(await act(e.id, 'reject', amira), 404, 'exceptionId');
    expectField(await act('RX-NOSUCH', 'resolve', oliver, { reason: 'No such exception' }), 404, 'exceptionId');
  });

  it("a filter naming another TSP's wallet is 404 naming walletIds; bad filters are 400 naming the field", async () => {
    const orgs = await orgIdsByCode(s.services.db);
    const [atlasWallet] = await s.services.db
      .select()
      .from(wallets)
      .where(eq(wallets.serviceProviderId, orgs.get('ATLAS') ?? ''));
    expectField(await callAs(s, 'GET', `${R}/days?walletIds=${atlasWallet?.id ?? ''}`, oliver), 404, 'walletIds');
    expectField(await callAs(s, 'GET', `${R}/exceptions?walletIds=${atlasWallet?.id ?? ''}`, oliver), 404, 'walletIds');
    expectField(await callAs(s, 'GET', `${R}/exceptions?kinds=LOST`, oliver), 400, 'kinds.0');
    expectField(await callAs(s, 'GET', `${R}/days?fromDate=2026-02-30`, oliver), 400, 'fromDate');
  });

  it('a merchant user is refused', async () => {
    expect((await callAs(s, 'GET', `${R}/days`, stark)).statusCode).toBe(403);
  });
});
