import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CurrentUser } from '@corridor/api';
import { passwordChangeAudience } from '@corridor/domain';
import { api } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session-context.tsx';
import { changePasswordSchema, type ChangePasswordValues, type PasswordChangeBody } from './change-password-form.ts';

const EMPTY_PASSWORDS: ChangePasswordValues = { current: '', newPassword: '', confirm: '' };

/** Spec 6: the service-provider user endpoint for SERVICE_PROVIDER, the merchant one otherwise. */
function changePassword(user: CurrentUser, body: PasswordChangeBody): Promise<unknown> {
  return passwordChangeAudience(user.role) === 'service-provider'
    ? api.call<'users.spPasswordChange'>('users.spPasswordChange', { body })
    : api.call<'users.merchantPasswordChange'>('users.merchantPasswordChange', { body });
}

/**
 * The Change Password form (spec 1, section 5): a field's message shows once it is typed in, an
 * invalid submit shows them all; a changed password signs the user out to sign in again.
 */
export function useChangePasswordForm(user: CurrentUser, onDone: () => void) {
  const session = useSession();
  const form = useForm<ChangePasswordValues, unknown, PasswordChangeBody>({
    mode: 'onChange',
    resolver: zodResolver(changePasswordSchema(user.id)),
    defaultValues: EMPTY_PASSWORDS,
  });
  const [saving, setSaving] = useState(false);
  const submit = form.handleSubmit(async (body) => {
    setSaving(true);
    try {
      await changePassword(user, body);
      form.reset(EMPTY_PASSWORDS);
      onDone();
      session.send({ type: 'PASSWORD_CHANGED' });
    } catch {
      // The failure was reported by the error catalogue; the form stays for another try.
    } finally {
      setSaving(false);
    }
  });
  return { form, submit, saving };
}
