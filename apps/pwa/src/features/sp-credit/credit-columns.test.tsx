import { fireEvent, render, screen } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { renderCell } from '@/components/data-table/cell-renderer.tsx';
import { creditColumns } from './credit-columns.tsx';
import type { CreditRequestRow } from './credit-types.ts';

const t = ((key: string) => key) as unknown as TFunction;
const request = {
  id: 'cr-1',
  merchantId: 'GLOBEX',
  walletId: 'w-1',
  transactionId: 'CR20261202',
  tspId: 'ATLAS',
  tspWalletId: null,
  currency: 'USD',
  amount: '500',
  approvedAmount: null,
  validFrom: '2026-12-01',
  validTo: '2026-12-31',
  allocationMode: null,
  status: 'REQUESTED',
  remarks: null,
  linked: false,
} as unknown as CreditRequestRow;

function decisionColumn(onDecide = vi.fn()) {
  return creditColumns(t, { walletName: () => 'Main', dpOf: () => 2, currencies: ['USD'], onDecide }).at(-1)!;
}

describe('TSP credit request columns', () => {
  it('a request awaiting the TSP offers Approve and Reject as icons named by their label, one menu button on a phone', () => {
    const onDecide = vi.fn();
    render(<div>{renderCell(decisionColumn(onDecide), request)}</div>);
    expect(screen.getByTestId('credit-approve').getAttribute('aria-label')).toBe('spCredit.approve');
    expect(screen.getByTestId('row-actions-menu').getAttribute('aria-label')).toContain('CR20261202');
    fireEvent.click(screen.getByTestId('credit-reject'));
    expect(onDecide).toHaveBeenCalledWith(request, 'reject');
  });

  it('a decided request shows its remarks, without actions', () => {
    const column = decisionColumn();
    const decided = { ...request, status: 'APPROVED', remarks: 'Within limit' } as CreditRequestRow;
    expect(column.rowActions?.(decided)).toEqual([]);
    render(<div>{renderCell(column, decided)}</div>);
    expect(screen.getByText('Within limit')).toBeTruthy();
    expect(screen.queryByTestId('row-actions-menu')).toBeNull();
  });
});
