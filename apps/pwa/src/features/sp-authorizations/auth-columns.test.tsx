import { fireEvent, render, screen } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { renderCell } from '@/components/data-table/cell-renderer.tsx';
import { authColumns, type AuthColumnsOptions } from './auth-columns.tsx';
import type { AuthDecision, AuthRow } from './auth-rows.ts';

const t = ((key: string) => key) as unknown as TFunction;
const options = (kind: AuthColumnsOptions['kind']): AuthColumnsOptions => ({
  kind,
  tspId: null,
  walletName: () => 'wallet',
  dpOf: () => 2,
  currencies: ['USD'],
  refusalOf: () => undefined,
  decisionOf: () => undefined,
  userId: null,
  busy: false,
  onDecide: () => {},
});

describe('authorization list columns', () => {
  it('show the amounts right after the transaction, before the wallets, and the decision last', () => {
    expect(authColumns(t, options('transfers')).map((c) => c.id)).toEqual([
      'transactionId',
      'sourceAmount',
      'targetAmount',
      'sourceWallet',
      'targetWallet',
      'status',
      'sourceApproval',
      'targetApproval',
      'side',
      'createdAt',
      'actions',
    ]);
    expect(authColumns(t, options('top-ups')).map((c) => c.id)).toEqual([
      'transactionId',
      'targetAmount',
      'targetWallet',
      'status',
      'sourceApproval',
      'side',
      'createdAt',
      'actions',
    ]);
  });
});

/** A transfer awaiting its source side, Atlas's, created by u-maker. */
const pending = {
  id: 'row-1',
  transactionId: 'TXN1',
  category: 'TRANSFER',
  type: 'FX_DEAL',
  status: 'PENDING',
  sourceApprovalStatus: 'PENDING',
  targetApprovalStatus: 'PENDING',
  referenceNumber: null,
  serviceProviderId: 'ATLAS',
  targetSPId: 'ATLAS',
  sourceWalletId: 'w-usd',
  targetWalletId: 'w-aed',
  sourceAmount: '1000',
  sourceCurrency: 'USD',
  targetAmount: '3672.5',
  targetCurrency: 'AED',
  createdBy: { id: 'u-maker', name: 'Maker' },
} as unknown as AuthRow;

function decisionColumnOf(over: Partial<AuthColumnsOptions>) {
  const column = authColumns(t, { ...options('transfers'), tspId: 'ATLAS', userId: 'u-checker', ...over }).find((c) => c.id === 'actions')!;
  return { column, view: (row: AuthRow) => render(<div>{renderCell(column, row)}</div>) };
}

describe('authorization decision column', () => {
  it('offers Approve and Reject as the row’s actions (one menu button on a phone), the server’s refusal under them', () => {
    const onDecide = vi.fn();
    const { column, view } = decisionColumnOf({ onDecide, refusalOf: (id) => (id === 'row-1' ? { code: 'LIMIT', message: 'Over the limit' } : undefined) });
    expect(column.rowActions?.(pending).map((a) => a.testId)).toEqual(['auth-approve', 'auth-reject']);
    view(pending);
    expect(screen.getByTestId('row-actions-menu').getAttribute('aria-label')).toContain('TXN1');
    expect(screen.getByTestId('auth-refusal').textContent).toBe('Over the limit');
    fireEvent.click(screen.getByTestId('auth-reject'));
    expect(onDecide).toHaveBeenCalledWith(pending, 'reject');
  });

  it('says another approver decides where this user made the transaction: no actions, no menu', () => {
    const { column, view } = decisionColumnOf({ userId: 'u-maker' });
    expect(column.rowActions?.(pending)).toEqual([]);
    view(pending);
    expect(screen.getByTestId('auth-four-eyes').textContent).toBe('spAuth.makerChecker');
    expect(screen.queryByTestId('row-actions-menu')).toBeNull();
  });

  it('shows the last decision where this TSP has none to take', () => {
    const last = {
      transactionId: 'TXN1',
      step: 'SOURCE',
      data: [{ status: 'APPROVED', remarks: 'Fine' }],
      createdBy: { id: 'u-2', name: 'Omar' },
    } as unknown as AuthDecision;
    const { column, view } = decisionColumnOf({ tspId: 'OTHER', decisionOf: () => last });
    expect(column.rowActions?.(pending)).toEqual([]);
    view(pending);
    expect(screen.getByTestId('auth-last-decision').dataset.decision).toBe('APPROVED');
    expect(screen.getByText('Fine')).toBeTruthy();
    expect(screen.queryByTestId('row-actions-menu')).toBeNull();
  });
});
