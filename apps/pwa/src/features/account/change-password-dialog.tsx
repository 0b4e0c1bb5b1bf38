import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoaderCircle } from 'lucide-react';
import type { CurrentUser } from '@corridor/api';
import { passwordChangeAudience, passwordChangePayload } from '@corridor/domain';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { api } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session-context.tsx';
import {
  validateChangePasswordForm,
  type ChangePasswordFieldErrors,
  type ChangePasswordValues,
} from './change-password-form.ts';

type Field = keyof ChangePasswordValues;
const FIELDS: { field: Field; label: string; autoComplete: string }[] = [
  { field: 'current', label: 'changePassword.current', autoComplete: 'current-password' },
  { field: 'newPassword', label: 'changePassword.new', autoComplete: 'new-password' },
  { field: 'confirm', label: 'changePassword.confirm', autoComplete: 'new-password' },
];

const EMPTY: ChangePasswordValues = { current: '', newPassword: '', confirm: '' };

/** Spec 6: the service-provider user endpoint for SERVICE_PROVIDER, the merchant one otherwise. */
function changePassword(user: CurrentUser, values: ChangePasswordValues): Promise<unknown> {
  const body = passwordChangePayload({ userId: user.id, current: values.current, newPassword: values.newPassword });
  return passwordChangeAudience(user.role) === 'service-provider'
    ? api.call<'users.spPasswordChange'>('users.spPasswordChange', { body })
    : api.call<'users.merchantPasswordChange'>('users.merchantPasswordChange', { body });
}

/** Change Password modal (spec 1, sections 4.6 and 5). */
export function ChangePasswordDialog({ user, open, onClose }: { user: CurrentUser; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const [values, setValues] = useState<ChangePasswordValues>(EMPTY);
  const [dirty, setDirty] = useState<Partial<Record<Field, boolean>>>({});
  const [saving, setSaving] = useState(false);
  const errors: ChangePasswordFieldErrors = validateChangePasswordForm(values);

  const reset = () => {
    setValues(EMPTY);
    setDirty({});
    setSaving(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(errors).length > 0) {
      // "An invalid submit marks all fields dirty."
      setDirty({ current: true, newPassword: true, confirm: true });
      return;
    }
    setSaving(true);
    try {
      await changePassword(user, values);
      reset();
      onClose();
      session.send({ type: 'PASSWORD_CHANGED' });
    } catch {
      // The failure was reported by the error catalogue; the form stays for another try.
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          reset();
          onClose();
        }
      }}
    >
      <DialogContent closeLabel={t('notification.close')} data-testid="change-password-dialog">
        <DialogHeader>
          <DialogTitle>{t('changePassword.title')}</DialogTitle>
          <DialogDescription>{t('changePassword.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={(e) => void submit(e)}>
          {FIELDS.map(({ field, label, autoComplete }) => {
            const error = dirty[field] ? errors[field] : undefined;
            const id = `change-password-${field}`;
            return (
              <div key={field} className="grid gap-2">
                <Label htmlFor={id}>{t(label)}</Label>
                <Input
                  id={id}
                  data-testid={id}
                  type="password"
                  autoComplete={autoComplete}
                  value={values[field]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e) => {
                    setValues({ ...values, [field]: e.target.value });
                    setDirty({ ...dirty, [field]: true });
                  }}
                />
                {error ? (
                  <p id={`${id}-error`} className="text-sm text-destructive">
                    {t(error)}
                  </p>
                ) : null}
              </div>
            );
          })}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('changePassword.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" data-testid="change-password-submit" disabled={saving}>
              {saving ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
              {t('changePassword.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
