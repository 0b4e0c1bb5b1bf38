import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '@/test/render-in-router.tsx';
import { spTransactionLink } from './sp-wallet-transaction-link.tsx';

describe("a wallet movement's transaction link in the service-provider portal", () => {
  it("opens a payment's page; other movements have none", async () => {
    await renderInRouter(() => (
      <div>
        {spTransactionLink('PMT1', { category: 'PAYMENT' })}
        {spTransactionLink('TXN2', { category: 'TOPUP' }) ?? <span>none</span>}
      </div>
    ));
    expect(screen.getByRole('link', { name: 'PMT1' }).getAttribute('href')).toBe('/service-provider/transactions/payments/PMT1');
    expect(screen.getByText('none')).toBeTruthy();
  });
});
