import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthDecisionDialog, type AuthDecisionDialogProps } from './auth-decision-dialog.tsx';

function renderDialog(overrides: Partial<AuthDecisionDialogProps>) {
  const props: AuthDecisionDialogProps = {
    action: 'reject',
    transactionIds: ['TXN1'],
    busy: false,
    reasonMissing: false,
    onCancel: vi.fn(),
    onConfirm: vi.fn(),
    ...overrides,
  };
  const view = render(<AuthDecisionDialog {...props} />);
  return { props, view };
}

describe('authorization decision dialog', () => {
  it('a rejection sends the reason typed', () => {
    const { props } = renderDialog({});
    fireEvent.change(screen.getByTestId('auth-reason'), { target: { value: 'No such credit on the statement' } });
    fireEvent.click(screen.getByTestId('auth-confirm'));
    expect(props.onConfirm).toHaveBeenCalledWith('No such credit on the statement');
  });

  it('says a reason is required when the approval machine refused the confirmation, and marks the field', () => {
    renderDialog({ reasonMissing: true });
    expect(screen.getByRole('alert').textContent).toBe('Enter the reason for the rejection.');
    expect(screen.getByTestId('auth-reason').getAttribute('aria-invalid')).toBe('true');
  });

  it('an approval (of the selected rows) asks for no reason and lists the transactions', () => {
    const { props } = renderDialog({ action: 'approve', transactionIds: ['TXN1', 'TXN2'] });
    expect(screen.queryByTestId('auth-reason')).toBeNull();
    expect(screen.getByTestId('auth-decision-dialog').textContent).toContain('TXN1, TXN2');
    fireEvent.click(screen.getByTestId('auth-confirm'));
    expect(props.onConfirm).toHaveBeenCalledWith(undefined);
  });

  it('closed while no decision is open; busy disables the confirmation', () => {
    const { view } = renderDialog({ action: null });
    expect(screen.queryByTestId('auth-decision-dialog')).toBeNull();
    view.unmount();
    renderDialog({ action: 'approve', busy: true });
    expect((screen.getByTestId('auth-confirm') as HTMLButtonElement).disabled).toBe(true);
  });
});
