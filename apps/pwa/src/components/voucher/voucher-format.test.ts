import { describe, expect, it } from 'vitest';
import { formatUsdTotal, voucherLcTotals, vouchersOf } from './voucher-format.ts';
import type { AccountingEntryView, VoucherView } from './voucher-types.ts';

function voucher(no: string, overrides: Partial<VoucherView> = {}): VoucherView {
  return {
    voucherNo: no,
    branchName: 'Atlas Bank HQ',
    modifiedBy: null,
    modifiedDate: null,
    status: 'POSTED',
    voucherDate: '2026-11-20',
    totalDebitAmountInLc: '1234.5',
    totalCreditAmountInLc: '1234.5',
    voucherDetails: [],
    ...overrides,
  };
}

function entry(id: string, own: VoucherView | null, related: VoucherView[] = []): AccountingEntryView {
  return {
    id,
    voucherNo: own?.voucherNo ?? id,
    transactionId: 'tx-1',
    tspId: 'tsp-1',
    tspWalletId: null,
    merchantId: null,
    msWalletId: null,
    category: 'TOPUP',
    subCategory: null,
    transactionType: null,
    voucher: own,
    relatedVouchers: related,
  };
}

describe('voucher formatting', () => {
  it('shows totals in USD format: grouped, two decimals, USD-labelled; missing is "-"', () => {
    expect(formatUsdTotal('1234.5')).toBe('USD 1,234.50');
    expect(formatUsdTotal('1000000')).toBe('USD 1,000,000.00');
    expect(formatUsdTotal(null)).toBe('-');
  });

  it('takes the ledger totals, and sums the lines when the header has none', () => {
    expect(voucherLcTotals(voucher('V-1'))).toEqual({ debit: '1234.5', credit: '1234.5' });
    const lines = [
      {
        accountName: 'A',
        accountCode: '1',
        accountCcyCode: 'EUR',
        rate: '1.1',
        debitORCredit: 'D' as const,
        amountInFC: '100',
        amountInLC: '110',
        description1: null,
        description2: null,
      },
      {
        accountName: 'B',
        accountCode: '2',
        accountCcyCode: 'USD',
        rate: '1',
        debitORCredit: 'C' as const,
        amountInFC: '110',
        amountInLC: '110',
        description1: null,
        description2: null,
      },
    ];
    expect(voucherLcTotals(voucher('V-2', { totalDebitAmountInLc: '', totalCreditAmountInLc: '', voucherDetails: lines }))).toEqual({
      debit: '110',
      credit: '110',
    });
  });

  it('lists every voucher of the entries once, own voucher first', () => {
    const a = voucher('V-1');
    const b = voucher('V-2');
    const c = voucher('V-3');
    expect(vouchersOf([entry('e1', a, [b]), entry('e2', b, [a, c]), entry('e3', null)]).map((v) => v.voucherNo)).toEqual(['V-1', 'V-2', 'V-3']);
  });
});
