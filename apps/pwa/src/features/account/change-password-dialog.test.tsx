import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@corridor/api';
import { ChangePasswordDialog } from './change-password-dialog.tsx';

const calls: Array<{ id: string; body: unknown }> = [];
const sessionEvents: unknown[] = [];

vi.mock('@/lib/api-client.ts', () => ({
  api: {
    call: (id: string, input: { body: unknown }) => {
      calls.push({ id, body: input.body });
      return Promise.resolve(undefined);
    },
  },
}));
vi.mock('@/lib/session-context.tsx', () => ({ useSession: () => ({ send: (event: unknown) => sessionEvents.push(event) }) }));

const user = { id: 'u-7', role: 'MERCHANT_ADMIN', name: 'Ada', digit9Id: '100000003' } as unknown as CurrentUser;
const field = (name: string) => screen.getByTestId(`change-password-${name}`);
const message = (name: string) => screen.queryByTestId(`change-password-${name}-error`)?.textContent ?? null;

describe('change password dialog (spec 1, section 5)', () => {
  it('an invalid submit shows every message; a field shows its own as it is typed in', async () => {
    render(<ChangePasswordDialog user={user} open onClose={() => {}} />);
    expect(message('newPassword')).toBeNull();
    fireEvent.click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(message('current')).toBe('Please input your current password!'));
    expect(message('newPassword')).toBe('Your Password must be minimum 8 characters, one uppercase letter and one number');
    expect(message('confirm')).toBe('Please confirm your password!');
    fireEvent.change(field('newPassword'), { target: { value: 'Corridor2027' } });
    fireEvent.change(field('confirm'), { target: { value: 'Corridor2026' } });
    await waitFor(() => expect(message('confirm')).toBe('Password is incorrect!'));
    expect(message('newPassword')).toBeNull();
    // Changing the new password to match clears the confirmation's message.
    fireEvent.change(field('newPassword'), { target: { value: 'Corridor2026' } });
    await waitFor(() => expect(message('confirm')).toBeNull());
    expect(calls).toHaveLength(0);
  });

  it("sends the merchant call with the contract's body, then signs the user out to sign in again", async () => {
    const onClose = vi.fn();
    render(<ChangePasswordDialog user={user} open onClose={onClose} />);
    fireEvent.change(field('current'), { target: { value: 'Corridor2026' } });
    fireEvent.change(field('newPassword'), { target: { value: 'Corridor2027' } });
    fireEvent.change(field('confirm'), { target: { value: 'Corridor2027' } });
    fireEvent.click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([{ id: 'users.merchantPasswordChange', body: { newPassword: 'Corridor2027', oldPassword: 'Corridor2026', userId: 'u-7' } }]);
    expect(sessionEvents).toEqual([{ type: 'PASSWORD_CHANGED' }]);
  });
});
