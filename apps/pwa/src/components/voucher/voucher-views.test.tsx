import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VoucherEntryTable } from './voucher-entry-table.tsx';
import { VoucherPrintView } from './voucher-print-view.tsx';
import type { VoucherView } from './voucher-types.ts';

const VOUCHER: VoucherView = {
  voucherNo: 'JV-2026-0042',
  branchName: 'Atlas Bank HQ',
  modifiedBy: 'Ops Maker',
  modifiedDate: '2026-11-20T10:00:00Z',
  status: 'POSTED',
  voucherDate: '2026-11-20',
  totalDebitAmountInLc: '1100',
  totalCreditAmountInLc: '1100',
  voucherDetails: [
    {
      accountName: 'Nostro EUR',
      accountCode: '400-EUR',
      accountCcyCode: 'EUR',
      rate: '1.1',
      debitORCredit: 'D',
      amountInFC: '1000',
      amountInLC: '1100',
      description1: 'Top-up',
      description2: null,
    },
    {
      accountName: 'Merchant payable',
      accountCode: '600-USD',
      accountCcyCode: 'USD',
      rate: '1',
      debitORCredit: 'C',
      amountInFC: '1100',
      amountInLC: '1100',
      description1: null,
      description2: 'Globex',
    },
  ],
};

describe('voucher entry table (spec 2)', () => {
  it('shows the empty state texts when the voucher has no lines', () => {
    render(<VoucherEntryTable lines={[]} />);
    expect(screen.getByText('No voucher entries')).toBeTruthy();
    expect(screen.getByText('This voucher has no accounting lines yet.')).toBeTruthy();
  });

  it('lists the lines with D/C, FC amounts in the currency decimals and collapses', () => {
    render(<VoucherEntryTable lines={VOUCHER.voucherDetails} dpOf={(c) => (c === 'EUR' ? 2 : 3)} />);
    const rows = screen.getAllByTestId('voucher-line');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('1,000.00')).toBeTruthy();
    expect(within(rows[0]!).getByText('1.10000000')).toBeTruthy();
    expect(within(rows[1]!).getByText('1,100.000')).toBeTruthy();
    expect(within(rows[1]!).getByText('C')).toBeTruthy();
    fireEvent.click(screen.getByTestId('voucher-entry-toggle'));
    expect(screen.queryAllByTestId('voucher-line')).toHaveLength(0);
  });
});

describe('voucher print view (spec 2)', () => {
  afterEach(() => vi.restoreAllMocks());

  it("says 'voucher print', totals in USD format and has the three signature slots", () => {
    render(<VoucherPrintView voucher={VOUCHER} onClose={() => {}} />);
    expect(screen.getByText('voucher print')).toBeTruthy();
    expect(screen.getByTestId('voucher-print-total-debit').textContent).toBe('USD 1,100.00');
    expect(screen.getByTestId('voucher-print-total-credit').textContent).toBe('USD 1,100.00');
    expect(screen.getAllByTestId('voucher-signature').map((s) => s.textContent)).toEqual(['Prepared By', 'Verified By', 'Approved By (CEO/GM)']);
    expect(document.querySelector('style')?.textContent).toContain('@media print');
  });

  it('prints with the browser and closes', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const onClose = vi.fn();
    render(<VoucherPrintView voucher={VOUCHER} onClose={onClose} />);
    fireEvent.click(screen.getByTestId('voucher-print-button'));
    expect(print).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('voucher-print-close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
