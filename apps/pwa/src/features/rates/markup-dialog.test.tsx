import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@corridor/api';
import { MarkupDialog } from './markup-dialog.tsx';

function open(onSave: (body: unknown) => Promise<void>) {
  render(
    <MarkupDialog
      open
      onOpenChange={() => {}}
      title="Edit layer 1 markup"
      subject="PAYOUT · USD/AED"
      initial={{ markupType: 'PIP', askMarkup: '25', bidMarkup: '-25' }}
      onSave={onSave}
    />,
  );
}

describe('markup dialog', () => {
  it("shows the unit's range on the field and sends nothing until it is right", async () => {
    const onSave = vi.fn(() => Promise.resolve());
    open(onSave);
    fireEvent.change(screen.getByTestId('markup-type'), { target: { value: 'PERCENTAGE' } });
    fireEvent.click(screen.getByTestId('markup-save'));
    expect((await screen.findByTestId('markup-askMarkup-error')).textContent).toBe('Must be between -10 and 10 for PERCENTAGE');
    expect(onSave).not.toHaveBeenCalled();
    // Letters cannot be typed.
    fireEvent.change(screen.getByTestId('markup-askMarkup'), { target: { value: '0.3x' } });
    expect((screen.getByTestId('markup-askMarkup') as HTMLInputElement).value).toBe('25');
    fireEvent.change(screen.getByTestId('markup-askMarkup'), { target: { value: '0.3' } });
    fireEvent.change(screen.getByTestId('markup-bidMarkup'), { target: { value: '-0.3' } });
    fireEvent.click(screen.getByTestId('markup-save'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ markupType: 'PERCENTAGE', askMarkup: '0.3', bidMarkup: '-0.3' }));
  });

  it("puts the server's refusal on the side it names", async () => {
    const onSave = vi.fn(() =>
      Promise.reject(
        new ApiError({
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Invalid',
          invalidParameters: [{ parameter: 'bidMarkup', message: 'must have at most 8 decimals' }],
        }),
      ),
    );
    open(onSave);
    fireEvent.click(screen.getByTestId('markup-save'));
    expect((await screen.findByTestId('markup-bidMarkup-error')).textContent).toBe('must have at most 8 decimals');
  });
});
