import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@corridor/api';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';

describe('confirm delete dialog', () => {
  it('deletes only when confirmed, then closes', async () => {
    const onDelete = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    render(<ConfirmDeleteDialog title="Delete volatile layer" subject="USD/AED · SPOT" onDelete={onDelete} onClose={onClose} />);
    expect(screen.getByTestId('confirm-delete-subject').textContent).toBe('USD/AED · SPOT');
    fireEvent.click(screen.getByTestId('confirm-delete-cancel'));
    expect(onDelete).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('confirm-delete-ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal and stays open", async () => {
    const onDelete = vi.fn(() =>
      Promise.reject(
        new ApiError({ status: 409, code: 'INVALID_STATE_TRANSITION', message: 'The fee profile still has fee rules; delete or move them first' }),
      ),
    );
    const onClose = vi.fn();
    render(<ConfirmDeleteDialog title="Delete fee profile" subject="Gold" onDelete={onDelete} onClose={onClose} />);
    fireEvent.click(screen.getByTestId('confirm-delete-ok'));
    expect((await screen.findByTestId('confirm-delete-refusal')).textContent).toBe('The fee profile still has fee rules; delete or move them first');
    expect(onClose).not.toHaveBeenCalled();
  });
});
