import {
  CONFIRM_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_REQUIRED,
  NEW_PASSWORD_POLICY,
  PASSWORD_MISMATCH,
  passwordChangePayload,
  validateChangePassword,
} from '@corridor/domain';
import { z } from 'zod';
import { passwordChange } from '@corridor/api';

/** The change-password form's fields (spec 1, section 5). */
export interface ChangePasswordValues {
  current: string;
  newPassword: string;
  confirm: string;
}

export type ChangePasswordFieldErrors = Partial<Record<keyof ChangePasswordValues, string>>;

/** The domain states the spec's messages in English; the portal shows them through i18n keys. */
const MESSAGE_KEYS: Record<string, string> = {
  [CURRENT_PASSWORD_REQUIRED]: 'changePassword.currentRequired',
  [NEW_PASSWORD_POLICY]: 'changePassword.newRule',
  [CONFIRM_PASSWORD_REQUIRED]: 'changePassword.confirmRequired',
  [PASSWORD_MISMATCH]: 'changePassword.mismatch',
};

/** @internal */
export function validateChangePasswordForm(values: ChangePasswordValues): ChangePasswordFieldErrors {
  const errors: ChangePasswordFieldErrors = {};
  for (const [field, message] of Object.entries(validateChangePassword(values)) as [keyof ChangePasswordValues, string | undefined][]) {
    if (message) errors[field] = MESSAGE_KEYS[message] ?? message;
  }
  return errors;
}

/**
 * The form's schema: the domain's rules with the spec's messages (as i18n keys), then the contract's
 * `passwordChange` body for the signed-in user.
 */
export function changePasswordSchema(userId: string) {
  return z
    .object({ current: z.string(), newPassword: z.string(), confirm: z.string() })
    .superRefine((values, ctx) => {
      for (const [field, key] of Object.entries(validateChangePasswordForm(values))) {
        ctx.addIssue({ code: 'custom', path: [field], message: key });
      }
    })
    .transform((values) => passwordChangePayload({ userId, current: values.current, newPassword: values.newPassword }))
    .pipe(passwordChange);
}

export type PasswordChangeBody = z.output<typeof passwordChange>;
