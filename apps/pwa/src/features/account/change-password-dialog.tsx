import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoaderCircle } from 'lucide-react';
import type { CurrentUser } from '@corridor/api';
import { FormField } from '@/components/form/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import type { ChangePasswordValues } from './change-password-form.ts';
import { useChangePasswordForm } from './use-change-password-form.ts';

const FIELDS: { field: keyof ChangePasswordValues; label: string; autoComplete: string }[] = [
  { field: 'current', label: 'changePassword.current', autoComplete: 'current-password' },
  { field: 'newPassword', label: 'changePassword.new', autoComplete: 'new-password' },
  { field: 'confirm', label: 'changePassword.confirm', autoComplete: 'new-password' },
];

/** Change Password modal (spec 1, sections 4.6 and 5); closing it drops what was typed. */
export function ChangePasswordDialog({ user, open, onClose }: { user: CurrentUser; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t('notification.close')} data-testid="change-password-dialog">
        <DialogHeader>
          <DialogTitle>{t('changePassword.title')}</DialogTitle>
          <DialogDescription>{t('changePassword.description')}</DialogDescription>
        </DialogHeader>
        <ChangePasswordForm user={user} onClose={onClose} />
      </DialogContent>
    </Dialog>
  );
}

function ChangePasswordForm({ user, onClose }: { user: CurrentUser; onClose: () => void }) {
  const { t } = useTranslation();
  const { form, submit, saving } = useChangePasswordForm(user, onClose);
  return (
    <FormProvider {...form}>
      <form noValidate className="grid gap-4" onSubmit={(e) => void submit(e)}>
        {FIELDS.map(({ field: name, label, autoComplete }) => (
          <FormField<ChangePasswordValues, typeof name>
            key={name}
            name={name}
            id={`change-password-${name}`}
            label={t(label)}
            render={(field) => (
              <Input
                {...field}
                data-testid={field.id}
                type="password"
                autoComplete={autoComplete}
                onChange={(e) => {
                  field.onChange(e);
                  // The confirmation is checked against the new password as either one changes.
                  if (name === 'newPassword' && (form.getValues('confirm') !== '' || form.formState.isSubmitted)) void form.trigger('confirm');
                }}
              />
            )}
          />
        ))}
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
    </FormProvider>
  );
}
