import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderCell } from '@/components/data-table/cell-renderer.tsx';
import { WrappedLines, walletBalanceColumn, walletNameColumn } from './wallet-columns.tsx';
import type { Wallet } from './wallet-types.ts';

const wallet = {
  id: 'w1',
  alias: 'Atlas Bank Merchant settlement AED',
  walletAccountNumber: 'SW-32A5A8F56CB02F',
  currency: { code: 'AED' },
  position: { balance: { amount: '7368118.94', currency: 'AED' } },
} as unknown as Wallet;
const dpOf = () => 2;

describe('shared wallet columns', () => {
  it('show the balance with its code, or without it where a currency column stands in the row', () => {
    const withCode = render(<>{renderCell(walletBalanceColumn(dpOf), wallet)}</>);
    expect(withCode.container.textContent).toBe('7,368,118.94 AED');
    const bare = render(<>{renderCell(walletBalanceColumn(dpOf, false), wallet)}</>);
    expect(bare.container.textContent).toBe('7,368,118.94');
  });

  it('hold a long name within a set width, the test hook and wallet id on the cell', () => {
    const { container } = render(
      <>
        {renderCell(
          walletNameColumn((w) => w.walletAccountNumber, 'sp-wallet-row'),
          wallet,
        )}
      </>,
    );
    const cell = container.querySelector('[data-testid="sp-wallet-row"]') as HTMLElement;
    expect(cell.dataset.walletId).toBe('w1');
    expect(cell.style.maxWidth).toBe('8rem');
    expect(cell.textContent).toBe('Atlas Bank Merchant settlement AEDSW-32A5A8F56CB02F');
  });

  it('let an IBAN wrap anywhere when asked, and cut other identifiers with the value in the title', () => {
    const iban = 'AE264457338694418581937';
    const broken = render(<WrappedLines lines={['Atlas Bank', iban]} width="8rem" breakIds />);
    expect(broken.getByText(iban).className).toContain('break-all');
    const cut = render(<WrappedLines lines={['Atlas Bank', iban]} width="8rem" />);
    expect(cut.getAllByText(iban).at(-1)?.className).toContain('truncate');
    expect(cut.getAllByText(iban).at(-1)?.getAttribute('title')).toBe(iban);
  });
});
