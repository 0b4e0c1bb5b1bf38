import { describe, expect, it } from 'vitest';
import { validateChangePasswordForm } from './change-password-form.ts';

describe('change password validation (spec 1, section 5)', () => {
  it('every field required, with the spec messages', () => {
    expect(validateChangePasswordForm({ current: '', newPassword: '', confirm: '' })).toEqual({
      current: 'changePassword.currentRequired',
      newPassword: 'changePassword.newRule',
      confirm: 'changePassword.confirmRequired',
    });
  });

  it('"minimum 8 characters, at least one uppercase letter and one digit"', () => {
    const rule = (p: string) => validateChangePasswordForm({ current: 'a', newPassword: p, confirm: p }).newPassword;
    expect(rule('Corrid26')).toBeUndefined();
    expect(rule('Corri26')).toBe('changePassword.newRule');
    expect(rule('corridor26')).toBe('changePassword.newRule');
    expect(rule('Corridorxx')).toBe('changePassword.newRule');
  });

  it('"confirm ... equal to the new one (\'Password is incorrect!\')"', () => {
    expect(validateChangePasswordForm({ current: 'a', newPassword: 'Corridor2026', confirm: 'Corridor2027' })).toEqual({
      confirm: 'changePassword.mismatch',
    });
  });
});
