import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { availableToSpend, buildVoucher, canDebit, positionsFromPostings, voucherBalances, voucherTotals } from './ledger.ts';
import type { Posting, VoucherLineInput } from './ledger.ts';
import { Dec } from './money.ts';

const line = (debitORCredit: 'D' | 'C', amountInFC: string, rate = '1', accountCode = '100'): VoucherLineInput => ({
  accountCode,
  accountCcyCode: 'USD',
  rate,
  debitORCredit,
  amountInFC,
});

describe('vouchers — ARCHITECTURE 3: "The ledger is double entry: each voucher balances in local currency"', () => {
  it('sums debits and credits in local currency', () => {
    expect(voucherTotals([line('D', '10'), line('C', '10')])).toEqual({ debit: '10', credit: '10' });
    expect(voucherTotals([line('D', '100', '1.1'), line('C', '110')])).toEqual({ debit: '110', credit: '110' });
    expect(voucherBalances([line('D', '100', '1.1'), line('C', '110')])).toBe(true);
    expect(voucherBalances([line('D', '10'), line('C', '9.99')])).toBe(false);
    expect(voucherBalances([{ ...line('D', '100', '3'), amountInLC: '300.01' }, line('C', '300')])).toBe(false);
  });
  it('builds a balanced voucher with spec 3 fields', () => {
    const v = buildVoucher({
      voucherNo: 'V-1',
      voucherDate: '2026-11-22',
      lines: [line('D', '100', '1.1', '400'), { ...line('C', '110', '1', '100'), description1: 'top-up' }],
    });
    expect(v).toMatchObject({
      voucherNo: 'V-1',
      voucherDate: '2026-11-22',
      branchName: null,
      status: 'POSTED',
      totalDebitAmountInLc: '110.00',
      totalCreditAmountInLc: '110.00',
    });
    expect(v.voucherDetails.map((d) => d.amountInLC)).toEqual(['110.00', '110.00']);
  });
  it('accepts bare LC lines and a plain list of lines', () => {
    expect(
      voucherBalances([
        { debitORCredit: 'D', amountInLC: '10.50' },
        { debitORCredit: 'C', amountInLC: '10.5' },
      ]),
    ).toBe(true);
    const v = buildVoucher(
      [
        { debitORCredit: 'D', amountInLC: '30' },
        { debitORCredit: 'C', amountInFC: '20', rate: '1.5' },
      ],
      { voucherNo: 'L' },
    );
    expect(v.totalDebitAmountInLc).toBe('30.00');
    expect(v.voucherDetails[0]).toMatchObject({ amountInFC: '30', rate: '1' });
    expect(() =>
      buildVoucher([
        { debitORCredit: 'D', amountInLC: '30' },
        { debitORCredit: 'C', amountInLC: '29' },
      ]),
    ).toThrow('Voucher does not balance: debit 30, credit 29');
    expect(() => voucherBalances([{ debitORCredit: 'X' as 'D', amountInLC: '1' }])).toThrow('D or C');
  });
  it('refuses unbalanced, one-sided or non-positive input', () => {
    expect(() => buildVoucher({ voucherNo: 'V-2', voucherDate: 'd', lines: [line('D', '10'), line('C', '9')] })).toThrow(
      'Voucher V-2 does not balance: debit 10, credit 9',
    );
    expect(() => buildVoucher({ voucherNo: 'V-3', voucherDate: 'd', lines: [line('D', '10')] })).toThrow('at least one debit');
    expect(() => buildVoucher({ voucherNo: 'V-4', voucherDate: 'd', lines: [line('D', '0'), line('C', '0')] })).toThrow('positive');
    expect(() => buildVoucher({ voucherNo: 'V-5', voucherDate: 'd', lines: [line('D', 'x'), line('C', '1')] })).toThrow();
  });
  it('property: vouchers built from matched debits and credits balance', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1_000_000_00 }), { minLength: 1, maxLength: 12 }), (cents) => {
        const amounts = cents.map((c) => new Dec(c).div(100).toFixed());
        const total = amounts.reduce((acc, a) => acc.plus(a), new Dec(0)).toFixed();
        const lines = [...amounts.map((a) => line('D', a)), line('C', total, '1', '200')];
        expect(voucherBalances(lines)).toBe(true);
        const v = buildVoucher({ voucherNo: 'P', voucherDate: 'd', lines, branchName: 'Main', status: 'DRAFT' });
        expect(v.totalDebitAmountInLc).toBe(v.totalCreditAmountInLc);
      }),
    );
  });
});

describe('positions — ARCHITECTURE 3: "wallet positions (balance, reserve, open position, pending authorization, credit) are derived from postings"', () => {
  it('credits raise and debits lower each bucket per wallet', () => {
    const postings: Posting[] = [
      { walletId: 'w1', bucket: 'balance', direction: 'C', amount: '500' },
      { walletId: 'w1', bucket: 'balance', direction: 'D', amount: '120.5' },
      { walletId: 'w1', bucket: 'reserve', direction: 'C', amount: '20' },
      { walletId: 'w2', bucket: 'pendingAuthorization', direction: 'C', amount: '0.1' },
      { walletId: 'w2', bucket: 'pendingAuthorization', direction: 'C', amount: '0.2' },
      { walletId: 'w2', bucket: 'openPosition', direction: 'D', amount: '3' },
      { walletId: 'w2', bucket: 'merchantReserve', direction: 'C', amount: '4' },
    ];
    expect(positionsFromPostings(postings)).toEqual({
      w1: { balance: '379.5', reserve: '20', merchantReserve: '0', openPosition: '0', pendingAuthorization: '0' },
      w2: { balance: '0', reserve: '0', merchantReserve: '4', openPosition: '-3', pendingAuthorization: '0.3' },
    });
    expect(positionsFromPostings([])).toEqual({});
    expect(
      positionsFromPostings([
        { walletId: 'w3', amount: '10' },
        { walletId: 'w3', amount: '-2.5' },
        { walletId: 'w3', direction: 'DEBIT', amount: '1' },
        { walletId: 'w3', bucket: 'reserve', direction: 'CREDIT', amount: '1' },
      ]).w3,
    ).toMatchObject({ balance: '6.5', reserve: '1' });
    expect(() => positionsFromPostings([{ walletId: 'w', direction: 'X' as 'D', amount: '1' }])).toThrow('D or C');
    expect(() => positionsFromPostings([{ walletId: 'w', bucket: 'cash' as 'balance', amount: '1' }])).toThrow('Unknown position bucket');
  });
  it('says what a wallet can still spend, credit included', () => {
    const p = { balance: '100', reserve: '10', merchantReserve: '5', openPosition: '0', pendingAuthorization: '20' };
    expect(availableToSpend(p)).toBe('65');
    expect(availableToSpend(p, '50')).toBe('115');
    expect(canDebit(p, '65')).toBe(true);
    expect(canDebit(p, '65.01')).toBe(false);
    expect(canDebit(p, '100', '50')).toBe(true);
  });
  it('property: a reversal brings every bucket back to zero', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            walletId: fc.constantFrom('a', 'b'),
            bucket: fc.constantFrom<Posting['bucket']>('balance', 'reserve', 'merchantReserve', 'openPosition', 'pendingAuthorization'),
            direction: fc.constantFrom<'D' | 'C'>('D', 'C'),
            amount: fc.integer({ min: 1, max: 10_000_00 }).map((c) => new Dec(c).div(100).toFixed()),
          }),
          { maxLength: 20 },
        ),
        (postings) => {
          const reversed = postings.map((p) => ({ ...p, direction: p.direction === 'C' ? ('D' as const) : ('C' as const) }));
          for (const position of Object.values(positionsFromPostings([...postings, ...reversed]))) {
            for (const value of Object.values(position)) expect(new Dec(value).isZero()).toBe(true);
          }
        },
      ),
    );
  });
});
