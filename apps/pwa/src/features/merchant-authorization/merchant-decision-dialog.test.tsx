import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MerchantDecisionDialog, type MerchantDecisionDialogProps } from './merchant-decision-dialog.tsx';

function renderDialog(overrides: Partial<MerchantDecisionDialogProps>) {
  const props: MerchantDecisionDialogProps = {
    decision: { action: 'pause', merchant: 'Hooli Services' },
    busy: false,
    reasonMissing: false,
    onCancel: vi.fn(),
    onConfirm: vi.fn(),
    ...overrides,
  };
  render(<MerchantDecisionDialog {...props} />);
  return props;
}

describe('merchant decision dialog', () => {
  it('a pause sends the reason typed, with no end', () => {
    const props = renderDialog({});
    expect(screen.queryByTestId('merchant-auth-end')).toBeNull();
    fireEvent.change(screen.getByTestId('merchant-auth-reason'), { target: { value: 'Licence renewal awaited' } });
    fireEvent.click(screen.getByTestId('merchant-auth-confirm'));
    expect(props.onConfirm).toHaveBeenCalledWith('Licence renewal awaited', undefined);
  });

  it('a renewal needs its new end before it is sent', () => {
    const props = renderDialog({ decision: { action: 'renew', merchant: 'Cyberdyne Systems' } });
    fireEvent.change(screen.getByTestId('merchant-auth-reason'), { target: { value: 'New contract' } });
    fireEvent.click(screen.getByTestId('merchant-auth-confirm'));
    expect(props.onConfirm).not.toHaveBeenCalled();
    expect(screen.getByTestId('merchant-auth-end').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByTestId('merchant-auth-end'), { target: { value: '2027-06-30' } });
    fireEvent.click(screen.getByTestId('merchant-auth-confirm'));
    expect(props.onConfirm).toHaveBeenCalledWith('New contract', '2027-06-30');
  });

  it('says a reason is required when the approval machine refused the confirmation', () => {
    renderDialog({ reasonMissing: true });
    expect(screen.getByRole('alert').textContent).toBe('Enter a reason.');
    expect(screen.getByTestId('merchant-auth-reason').getAttribute('aria-invalid')).toBe('true');
  });
});
