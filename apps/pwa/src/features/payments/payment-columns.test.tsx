import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PAYMENT_STATUSES, type PaymentStatus } from '@corridor/domain';
import { paymentFixture } from '@/test/payment-fixture.ts';
import { PaymentActionButtons } from './payment-action-buttons.tsx';
import { paymentColumns } from './payment-columns.tsx';
import type { PaymentViewer } from './payment-row-actions.ts';

function buttonsFor(status: PaymentStatus, viewer: PaymentViewer): string[] {
  const { unmount } = render(<PaymentActionButtons payment={paymentFixture({ status })} viewer={viewer} busy={false} onAction={vi.fn()} />);
  const names = screen.queryAllByRole('button').map((b) => b.dataset.testid?.replace('payment-action-', '') ?? '');
  unmount();
  return names;
}

describe('PaymentActionButtons', () => {
  it('gives the merchant the buttons its transition table allows for each status', () => {
    const shown = Object.fromEntries(PAYMENT_STATUSES.map((s) => [s, buttonsFor(s, 'MERCHANT')]));
    expect(shown).toEqual({
      DRAFTED: ['initiate', 'reject', 'cancel'],
      INITIATED: ['cancel'],
      PROCESSING: [],
      COMPLETED: [],
      CANCELLED: [],
      REJECTED: ['renew'],
      FAILED: ['renew', 'retry'],
    });
  });

  it('gives the TSP process and reject for initiated payments and re-push for processing ones', () => {
    const shown = Object.fromEntries(PAYMENT_STATUSES.map((s) => [s, buttonsFor(s, 'TSP')]));
    expect(shown).toEqual({
      DRAFTED: ['initiate', 'reject', 'cancel'],
      INITIATED: ['process', 'reject', 'cancel'],
      PROCESSING: ['repush'],
      COMPLETED: [],
      CANCELLED: [],
      REJECTED: ['renew'],
      FAILED: ['renew'],
    });
  });

  it('labels each button with the payment and acts without opening the row', () => {
    const onAction = vi.fn();
    const onRow = vi.fn();
    render(
      <div onClick={onRow}>
        <PaymentActionButtons payment={paymentFixture({ status: 'FAILED' })} viewer="MERCHANT" busy={false} onAction={onAction} />
      </div>,
    );
    const retry = screen.getByRole('button', { name: 'Retry PAY-0001' });
    fireEvent.click(retry);
    expect(onAction).toHaveBeenCalledWith('retry', expect.objectContaining({ id: 'pay-1' }));
    expect(onRow).not.toHaveBeenCalled();
  });
});

describe('paymentColumns', () => {
  const base = { dpOf: () => 2, actions: () => [] };
  it('the TSP list adds the merchant column with its filter; the overview offers the status filter', () => {
    const merchant = paymentColumns({ ...base, viewer: 'MERCHANT' });
    expect(merchant.map((c) => c.id)).toEqual(['paymentId', 'reference', 'receiver', 'sendAmount', 'receiveAmount', 'status', 'createdAt', 'actions']);
    expect(merchant.find((c) => c.id === 'status')?.filterType).toBeUndefined();
    expect(merchant.find((c) => c.id === 'createdAt')?.filterType).toBe('date-range');

    const tsp = paymentColumns({
      ...base,
      viewer: 'TSP',
      merchantOptions: [{ value: 'm-1', name: 'Globex' }],
      statusOptions: [{ value: 'FAILED', name: 'Failed' }],
    });
    const merchantColumn = tsp.find((c) => c.id === 'merchant');
    expect(merchantColumn?.filterKey).toBe('merchantIds');
    expect(merchantColumn?.cell?.(paymentFixture())).toBe('Globex');
    expect(tsp.find((c) => c.id === 'status')?.filterKey).toBe('status');
  });

  it('shows FAILED as a red tag', () => {
    const status = paymentColumns({ ...base, viewer: 'MERCHANT' }).find((c) => c.id === 'status');
    render(<>{status?.cell?.(paymentFixture({ status: 'FAILED' }))}</>);
    const tag = screen.getByText('Failed');
    expect(tag.dataset.tone).toBe('red');
  });
});
