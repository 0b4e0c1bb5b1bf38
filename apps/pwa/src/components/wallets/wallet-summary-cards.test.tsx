import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WalletSummaryCards, positionFigures } from './wallet-summary-cards.tsx';
import type { WalletPosition } from './wallet-types.ts';

describe('wallet summary cards', () => {
  it("show money in the spec's summary form (M at a million, B at a billion) with the full figure in the title; the cost rate in full", () => {
    render(
      <WalletSummaryCards
        dp={2}
        figures={{
          values: { costRate: '1.08', merchantReserve: '999999.99', openPosition: '2500000000', pendingAuthorization: '0', balance: '1250000' },
          currencies: { costRate: null, merchantReserve: 'AED', openPosition: 'AED', pendingAuthorization: 'AED', balance: 'AED' },
        }}
      />,
    );
    const balance = screen.getByTestId('wallet-summary-balance').querySelector('p[dir="ltr"]');
    expect(balance?.textContent).toBe('1.25MAED');
    expect(balance?.getAttribute('title')).toBe('1,250,000.00');
    expect(screen.getByTestId('wallet-summary-openPosition').textContent).toContain('2.50B');
    expect(screen.getByTestId('wallet-summary-merchantReserve').textContent).toContain('999,999.99');
    expect(screen.getByTestId('wallet-summary-costRate').textContent).toContain('1.08000000');
  });

  it("show one wallet's position with the T form past a trillion and each figure's currency", () => {
    const money = (amount: string, currency = 'AED') => ({ amount, currency });
    const position = {
      costRate: money('0.2723', 'USD'),
      merchantReserve: money('0'),
      openPosition: money('12.5'),
      pendingAuthorization: money('0'),
      balance: money('3400000000000'),
    } as unknown as WalletPosition;
    render(<WalletSummaryCards dp={2} figures={positionFigures(position)} />);
    expect(screen.getByTestId('wallet-summary-balance').textContent).toContain('3.40TAED');
    expect(screen.getByTestId('wallet-summary-openPosition').textContent).toContain('12.50AED');
    expect(screen.getByTestId('wallet-summary-costRate').textContent).toContain('0.27230000USD');
  });

  it('show dashes, not zeros, while a wallet has no position', () => {
    render(<WalletSummaryCards dp={2} figures={positionFigures(null)} />);
    expect(screen.getByTestId('wallet-summary-balance').textContent).not.toMatch(/\d/);
  });
});
