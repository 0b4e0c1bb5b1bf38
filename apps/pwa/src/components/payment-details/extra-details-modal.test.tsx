import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExtraDetailsModal } from './extra-details-modal.tsx';

const TARGET = { paymentId: 'PAY-1', createdAt: '2026-11-20T18:30:00Z' };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T15:00:00Z'));
});
afterEach(() => vi.useRealTimers());

function open(kind: 'cancel' | 'reject') {
  const onConfirm = vi.fn();
  render(<ExtraDetailsModal target={TARGET} kind={kind} busy={false} timeZone="UTC" onCancel={vi.fn()} onConfirm={onConfirm} />);
  return onConfirm;
}
const confirm = () => screen.getByTestId('extra-details-confirm') as HTMLButtonElement;

describe('ExtraDetailsModal (cancel)', () => {
  it('keeps confirm disabled until a reason and a date in range are given, then sends the date as yyyy-MM-dd', async () => {
    const onConfirm = open('cancel');
    expect((screen.getByTestId('extra-details-date') as HTMLInputElement).value).toBe('23/11/2026');
    expect(screen.getByText('Reason (required)')).toBeTruthy();
    expect(screen.getByText('Cancellation Date')).toBeTruthy();
    expect(confirm().disabled).toBe(true);

    fireEvent.change(screen.getByTestId('extra-details-reason'), { target: { value: 'Duplicate' } });
    await waitFor(() => expect(confirm().disabled).toBe(false));

    fireEvent.change(screen.getByTestId('extra-details-date'), { target: { value: '19/11/2026' } });
    await waitFor(() => expect(confirm().disabled).toBe(true));
    expect(screen.getByRole('alert').textContent).toBe('Between 20/11/2026 and 23/11/2026');

    fireEvent.change(screen.getByTestId('extra-details-date'), { target: { value: '24/11/2026' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Between 20/11/2026 and 23/11/2026'));

    fireEvent.change(screen.getByTestId('extra-details-date'), { target: { value: '2026-11-21' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Enter a date as dd/MM/yyyy'));

    fireEvent.change(screen.getByTestId('extra-details-date'), { target: { value: '20/11/2026' } });
    await waitFor(() => expect(confirm().disabled).toBe(false));
    fireEvent.click(confirm());
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('Duplicate', '2026-11-20'));
  });
});

describe('ExtraDetailsModal (reject)', () => {
  it('asks a reason only', async () => {
    const onConfirm = open('reject');
    expect(screen.queryByTestId('extra-details-date')).toBeNull();
    expect(confirm().disabled).toBe(true);
    fireEvent.change(screen.getByTestId('extra-details-reason'), { target: { value: '  Wrong beneficiary ' } });
    await waitFor(() => expect(confirm().disabled).toBe(false));
    fireEvent.click(confirm());
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('Wrong beneficiary', undefined));
  });
});
