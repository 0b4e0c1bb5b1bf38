import { fireEvent, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DealReceipt } from './deal-receipt.tsx';
import type { ReceiptDealView } from './deal-receipt-types.ts';

/** A completed AED -> USD transfer; totals worked by hand in the comments below. */
const DEAL: ReceiptDealView = {
  id: 'TRF-2026-000123',
  category: 'TRANSFER',
  type: 'SPOT',
  txnStatus: 'COMPLETED',
  approvalStatus: 'APPROVED',
  targetSPId: 'tsp-2',
  createdAt: '2026-11-20T08:30:00Z',
  createdBy: { name: 'Grace Hopper' },
  valueDate: '2026-11-22',
  remarks: 'Supplier invoice 88',
  referenceNumber: 'INV-88',
  sourceAmount: '36725.00',
  sourceCurrency: 'AED',
  targetAmount: '10000.00',
  targetCurrency: 'USD',
  exchangeRate: '0.27229408',
  correspondentCharges: [{ chargeMode: 'BEN', amount: '25', currency: 'USD' }],
  tax: [{ name: 'VAT', amount: '1.25' }],
};

const APPROVALS = [
  { data: [{ status: 'APPROVED' }], createdBy: { name: 'Omar Source' }, createdAt: '2026-11-20T09:00:00Z' },
  { data: [{ status: 'APPROVED' }], createdBy: { name: 'Rana Target' }, createdAt: '2026-11-20T10:15:00Z' },
];

afterEach(() => vi.restoreAllMocks());

describe('deal receipt (spec 2)', () => {
  it('in Arabic the receipt number and reference are isolated left to right', async () => {
    await i18n.changeLanguage('ar');
    try {
      const { container } = render(
        <div dir="rtl">
          <DealReceipt deal={{ ...DEAL, referenceNumber: '4411 2200' }} approvals={APPROVALS} issuerName="Atlas Bank" timeZone="UTC" />
        </div>,
      );
      const ltr = [...container.querySelectorAll('bdi[dir="ltr"]')].map((b) => b.textContent);
      expect(ltr).toContain('TRF-2026-000123');
      expect(ltr).toContain('4411 2200');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('prints a completed transfer: Deal Receipt, hand-worked totals, the approver, Page 1 of 1, A4 portrait', () => {
    const { container } = render(<DealReceipt deal={DEAL} approvals={APPROVALS} issuerName="Atlas Bank" timeZone="UTC" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Deal Receipt');
    expect(screen.getByText('Atlas Bank')).toBeTruthy();
    // 36,725.00 + 25 + 1.25 = 36,751.25 AED; 10,000.00 - 25 (BEN) = 9,975.00 USD; 36,725.00 + 0 - 1.25 = 36,723.75 AED
    expect(screen.getByTestId('deal-receipt-total-topup').textContent).toBe('36,751.25 AED');
    expect(screen.getByTestId('deal-receipt-total-credit').textContent).toBe('9,975.00 USD');
    expect(screen.getByTestId('deal-receipt-settlement').textContent).toBe('36,723.75 AED');
    const [block, ...others] = screen.getAllByTestId('deal-receipt-signatory');
    expect(others).toEqual([]);
    expect(within(block!).getByText('Approved by')).toBeTruthy();
    expect(within(block!).getByText('Rana Target')).toBeTruthy();
    expect(within(block!).getByText('20/11/2026 10:15:00')).toBeTruthy();
    expect(block!.getAttribute('data-approved')).toBe('true');
    expect(screen.getByTestId('deal-receipt-footer').textContent).toBe('Page 1 of 1');
    expect(container.querySelector('style')?.textContent).toContain('@page { size: A4 portrait');
    expect(screen.getByRole('article', { name: 'Deal Receipt' })).toBeTruthy();
  });

  it('names the charge each tax is levied on and shows it in that charge’s currency', () => {
    const tax: ReceiptDealView['tax'] = [
      { name: 'VAT', amount: '1.25', on: 'MERCHANT', currency: 'AED' },
      { name: 'VAT', amount: '1.84', on: 'CORRESPONDENT', currency: 'USD' },
    ];
    render(<DealReceipt deal={{ ...DEAL, tax }} approvals={APPROVALS} issuerName="Atlas Bank" timeZone="UTC" />);
    expect(screen.getByText('VAT on fees').nextElementSibling?.textContent).toBe('1.25 AED');
    expect(screen.getByText('VAT on correspondent charges').nextElementSibling?.textContent).toBe('1.84 USD');
  });

  it('reads Cancelled with a Cancelled by block when the transaction is cancelled', () => {
    render(
      <DealReceipt
        deal={{ ...DEAL, txnStatus: 'CANCELLED' }}
        approvals={APPROVALS}
        cancellation={{ cancelledBy: { name: 'Lina Ops' }, cancelledOn: '2026-11-21T07:00:00Z' }}
        timeZone="UTC"
      />,
    );
    expect(screen.getByTestId('deal-receipt-activity').textContent).toBe('Cancelled');
    const blocks = screen.getAllByTestId('deal-receipt-signatory');
    expect(blocks.map((b) => b.querySelector('p')?.textContent)).toEqual(['Cancelled by']);
    expect(within(blocks[0]!).getByText('Lina Ops')).toBeTruthy();
  });

  it('reads TopUp for a top-up and signs a rejection with its reason', () => {
    render(
      <DealReceipt
        deal={{ ...DEAL, category: 'TOPUP', txnStatus: 'REJECTED', approvalStatus: 'REJECTED', targetCurrency: 'AED', targetAmount: '36725.00' }}
        approvals={[{ data: [{ status: 'REJECTED', remarks: 'Funds not received' }], createdBy: { name: 'Omar Source' }, createdAt: '2026-11-20T09:00:00Z' }]}
        timeZone="UTC"
      />,
    );
    expect(screen.getByTestId('deal-receipt-activity').textContent).toBe('TopUp');
    const [block] = screen.getAllByTestId('deal-receipt-signatory');
    expect(within(block!).getByText('Rejected by')).toBeTruthy();
    expect(within(block!).getByText('Reason: Funds not received')).toBeTruthy();
  });

  it('shows no signature block while pending, and prints on the button', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    render(<DealReceipt deal={{ ...DEAL, txnStatus: 'PENDING', approvalStatus: 'PENDING' }} timeZone="UTC" />);
    expect(screen.queryAllByTestId('deal-receipt-signatory')).toEqual([]);
    fireEvent.click(screen.getByTestId('deal-receipt-print'));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
