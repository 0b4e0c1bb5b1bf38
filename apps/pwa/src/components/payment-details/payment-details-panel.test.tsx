import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentDetailsPanel } from './payment-details-panel.tsx';
import { paymentFixture } from '@/test/payment-fixture.ts';
import type { PaymentFeeLine } from './payment-view.ts';

const FEES: PaymentFeeLine[] = [
  { feeType: 'OUR', amount: '10', currency: 'USD' },
  { feeType: 'BEN', amount: '2.5', currency: 'EUR' },
  { feeType: 'REBATE', amount: '1', currency: 'USD' },
];
const dpOf = () => 2;

describe('PaymentDetailsPanel', () => {
  it('shows the TSP the target amount in the title, the merchant what the beneficiary receives', () => {
    const { unmount } = render(<PaymentDetailsPanel payment={paymentFixture()} viewer="TSP" fees={FEES} dpOf={dpOf} />);
    expect(screen.getByTestId('payment-details-title-amount').textContent).toBe('920.50 EUR');
    expect(screen.getByText('Target Amount', { selector: 'h2 span' })).toBeTruthy();
    unmount();
    render(<PaymentDetailsPanel payment={paymentFixture()} viewer="MERCHANT" fees={FEES} dpOf={dpOf} />);
    expect(screen.getByTestId('payment-details-title-amount').textContent).toBe('918.00 EUR');
    expect(screen.getByText('Receive Amount')).toBeTruthy();
  });

  it('lists amounts, value date dd/MM/yyyy and the exchange rate', () => {
    render(<PaymentDetailsPanel payment={paymentFixture()} viewer="MERCHANT" fees={null} dpOf={dpOf} />);
    expect(screen.getByTestId('payment-details-source').textContent).toContain('1,000.00 USD');
    expect(screen.getByTestId('payment-details-value-date').textContent).toContain('24/11/2026');
    expect(screen.getByTestId('payment-details-rate').textContent).toContain('1 USD = 0.9205 EUR');
    expect(screen.getByTestId('payment-details-target').textContent).toContain('sw-eur');
  });

  it('opens the wallet details and the fee section (Our, Ben, Rebate) on demand', () => {
    render(<PaymentDetailsPanel payment={paymentFixture()} viewer="MERCHANT" fees={FEES} dpOf={dpOf} />);
    expect(screen.queryByTestId('payment-details-wallet')).toBeNull();
    fireEvent.click(screen.getByTestId('payment-details-wallet-toggle'));
    expect(screen.getByTestId('payment-details-wallet').textContent).toContain('w-usd');

    const toggle = screen.getByTestId('payment-details-fee-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('payment-details-fee-total').textContent).toBe('12.50 USD');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('payment-details-fee-OUR').textContent).toContain('10.00 USD');
    expect(screen.getByTestId('payment-details-fee-BEN').textContent).toContain('2.50 EUR');
    expect(screen.getByTestId('payment-details-fee-REBATE').textContent).toBe('Rebate Receivables1.00 USD');
  });

  it('names the rebate payable for the TSP and shows a dash for unknown charges', () => {
    render(<PaymentDetailsPanel payment={paymentFixture()} viewer="TSP" fees={null} dpOf={dpOf} />);
    fireEvent.click(screen.getByTestId('payment-details-fee-toggle'));
    expect(screen.getByTestId('payment-details-fee-REBATE').textContent).toBe('Rebate Payables-');
  });
});
