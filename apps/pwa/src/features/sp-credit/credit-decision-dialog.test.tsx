import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CreditDecisionDialog, type CreditDecisionDialogProps } from './credit-decision-dialog.tsx';
import type { CreditRequestRow } from './credit-types.ts';

const REQUEST: CreditRequestRow = {
  id: 'cr-1',
  merchantId: 'm-3',
  walletId: 'w-9',
  transactionId: null,
  tspId: 'tsp-1',
  tspWalletId: null,
  currency: 'KWD',
  amount: '1500.125',
  approvedAmount: null,
  validFrom: '2026-11-22',
  validTo: '2027-02-20',
  allocationMode: 'WALLET',
  status: 'REQUESTED',
  remarks: 'Season stock',
  linked: false,
};

function renderDialog(overrides: Partial<CreditDecisionDialogProps>) {
  const props: CreditDecisionDialogProps = {
    request: REQUEST,
    kind: 'approve',
    walletLabel: 'Umbrella Logistics KWD payments',
    dp: 3,
    busy: false,
    onCancel: vi.fn(),
    onApprove: vi.fn(),
    onReject: vi.fn(),
    ...overrides,
  };
  render(<CreditDecisionDialog {...props} />);
  return props;
}

describe('credit decision dialog', () => {
  it('approves with the requested amount by default and shows the validity and amount in the currency decimals', async () => {
    const props = renderDialog({});
    expect(screen.getByText('1,500.125 KWD')).toBeTruthy();
    expect(screen.getByTestId('credit-validity').textContent).toBe('22/11/2026 – 20/02/2027');
    fireEvent.click(screen.getByTestId('credit-confirm'));
    await waitFor(() => expect(props.onApprove).toHaveBeenCalledWith(REQUEST, { approvedAmount: '1500.125', validFrom: '2026-11-22', validTo: '2027-02-20' }));
  });

  it('refuses a limit above the request, and sends a smaller one', async () => {
    const props = renderDialog({});
    const input = screen.getByTestId('credit-approved-amount');
    fireEvent.change(input, { target: { value: '2000' } });
    fireEvent.click(screen.getByTestId('credit-confirm'));
    expect((await screen.findByRole('alert')).textContent).toBe('The approved limit cannot exceed the requested amount.');
    expect(props.onApprove).not.toHaveBeenCalled();
    // Only digits and a dot can be typed (spec 5).
    fireEvent.change(input, { target: { value: '1,000.5x' } });
    expect((input as HTMLInputElement).value).toBe('1000.5');
    fireEvent.click(screen.getByTestId('credit-confirm'));
    await waitFor(() => expect(props.onApprove).toHaveBeenCalledWith(REQUEST, { approvedAmount: '1000.5', validFrom: '2026-11-22', validTo: '2027-02-20' }));
  });

  it('grants another validity, never one that ends before it starts', async () => {
    const props = renderDialog({});
    fireEvent.change(screen.getByTestId('credit-valid-to'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByTestId('credit-confirm'));
    expect((await screen.findByRole('alert')).textContent).toBe('The validity cannot end before it starts.');
    expect(props.onApprove).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('credit-valid-from'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByTestId('credit-valid-to'), { target: { value: '2027-01-31' } });
    fireEvent.click(screen.getByTestId('credit-confirm'));
    await waitFor(() => expect(props.onApprove).toHaveBeenCalledWith(REQUEST, { approvedAmount: '1500.125', validFrom: '2026-12-01', validTo: '2027-01-31' }));
  });

  it("rejects only with a reason ('Reason (required)', 4 rows)", async () => {
    const props = renderDialog({ kind: 'reject' });
    expect(screen.getByText('Reason (required)')).toBeTruthy();
    const reason = screen.getByTestId('credit-reason');
    expect(reason.getAttribute('rows')).toBe('4');
    fireEvent.click(screen.getByTestId('credit-confirm'));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the reason for the rejection.');
    expect(props.onReject).not.toHaveBeenCalled();
    fireEvent.change(reason, { target: { value: '  Turnover too low  ' } });
    fireEvent.click(screen.getByTestId('credit-confirm'));
    await waitFor(() => expect(props.onReject).toHaveBeenCalledWith(REQUEST, 'Turnover too low'));
  });
});
