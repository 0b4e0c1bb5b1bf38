import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@corridor/api';
import { ProfileFormDialog, profileFormSchema } from './profile-form-dialog.tsx';

describe('profile form', () => {
  it('requires a name, leaves a blank description out and trims', () => {
    expect(profileFormSchema.safeParse({ name: ' ', description: '', enabled: true }).success).toBe(false);
    expect(profileFormSchema.parse({ name: ' Gold ', description: ' ', enabled: true })).toEqual({ name: 'Gold', enabled: true });
    expect(profileFormSchema.parse({ name: 'Gold', description: 'Top tier', enabled: false })).toEqual({
      name: 'Gold',
      description: 'Top tier',
      enabled: false,
    });
  });

  it('edits a stored profile, disabling it, and shows a refused name on the name field', async () => {
    const onSave = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError({
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Invalid',
          invalidParameters: [{ parameter: 'name', message: 'a fee profile named Silver already exists' }],
        }),
      )
      .mockResolvedValueOnce(undefined);
    const onClose = vi.fn();
    render(
      <ProfileFormDialog
        title="Edit fee profile"
        description="Fee profiles"
        initial={{ name: 'Gold', description: null, enabled: true }}
        testIdPrefix="fee-profile"
        onSave={onSave}
        onClose={onClose}
      />,
    );
    fireEvent.change(screen.getByTestId('fee-profile-name'), { target: { value: 'Silver' } });
    fireEvent.click(screen.getByTestId('fee-profile-enabled'));
    fireEvent.click(screen.getByTestId('fee-profile-submit'));
    expect((await screen.findByTestId('fee-profile-name-error')).textContent).toBe('a fee profile named Silver already exists');
    expect(onSave).toHaveBeenLastCalledWith({ name: 'Silver', enabled: false });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('fee-profile-name'), { target: { value: 'Platinum' } });
    fireEvent.click(screen.getByTestId('fee-profile-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenLastCalledWith({ name: 'Platinum', enabled: false });
  });
});
