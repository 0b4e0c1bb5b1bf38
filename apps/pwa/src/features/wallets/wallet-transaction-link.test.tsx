import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '@/test/render-in-router.tsx';
import { merchantTransactionLink } from './wallet-transaction-link.tsx';

describe("a wallet movement's transaction link in the merchant portal", () => {
  it('opens the payment, top-up or transfer page by the voucher category, and nothing else', async () => {
    await renderInRouter(() => (
      <div>
        {merchantTransactionLink('PMT1', { category: 'PAYMENT' })}
        {merchantTransactionLink('TXN2', { category: 'TOPUP' })}
        {merchantTransactionLink('TXN3', { category: 'TRANSFER' })}
        {merchantTransactionLink('REV4', { category: 'REVALUATION' }) ?? <span>none</span>}
      </div>
    ));
    expect(screen.getByRole('link', { name: 'PMT1' }).getAttribute('href')).toBe('/merchant/transactions/payments/PMT1');
    expect(screen.getByRole('link', { name: 'TXN2' }).getAttribute('href')).toBe('/merchant/transactions/top-ups/TXN2');
    expect(screen.getByRole('link', { name: 'TXN3' }).getAttribute('href')).toBe('/merchant/transactions/transfers/TXN3');
    expect(screen.getByText('none')).toBeTruthy();
  });
});
