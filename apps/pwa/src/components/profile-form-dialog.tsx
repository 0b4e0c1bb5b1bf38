import { useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '@corridor/api/light';
import { FormActions } from '@/components/form/form-actions.tsx';
import { FormField, SERVER_ERROR } from '@/components/form/form-field.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';

/** What a named profile (fee profile, markup profile) holds as typed. */
interface ProfileForm {
  name: string;
  description: string;
  enabled: boolean;
}

/** The body both profile calls take: a blank description is left out rather than stored as ''. */
export interface ProfileBody {
  name: string;
  description?: string;
  enabled: boolean;
}

/**
 * A profile name is required and at most 80 characters; the description is optional, at most 500.
 * @internal used by its tests
 */
export const profileFormSchema = z
  .object({
    name: z.string().trim().min(1, 'profileForm.errors.required').max(80, 'profileForm.errors.tooLong'),
    description: z.string().trim().max(500, 'profileForm.errors.tooLong'),
    enabled: z.boolean(),
  })
  .transform((f): ProfileBody => ({ name: f.name, ...(f.description === '' ? {} : { description: f.description }), enabled: f.enabled }));

/**
 * Creates or edits a named profile. `initial` given: an edit, with the enabled switch (a new profile
 * starts enabled). The server's refusals land on the field they name (`name`: a profile of that name exists).
 */
export function ProfileFormDialog({
  title,
  description,
  initial,
  testIdPrefix,
  onSave,
  onClose,
}: {
  title: ReactNode;
  description: ReactNode;
  initial?: { name: string; description: string | null; enabled: boolean };
  /** 'fee-profile' gives the fields fee-profile-name, fee-profile-submit... */
  testIdPrefix: string;
  onSave: (body: ProfileBody) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<ProfileForm, unknown, ProfileBody>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { name: initial?.name ?? '', description: initial?.description ?? '', enabled: initial?.enabled ?? true },
  });
  const [sending, setSending] = useState(false);
  const submit = form.handleSubmit(async (body) => {
    setSending(true);
    try {
      await onSave(body);
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      for (const p of error.invalidParameters) {
        const name = p.parameter.split('.').pop() ?? p.parameter;
        if (name === 'name' || name === 'description') form.setError(name, { type: SERVER_ERROR, message: p.message }, { shouldFocus: true });
      }
    } finally {
      setSending(false);
    }
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('profileForm.close')} data-testid={`${testIdPrefix}-dialog`}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <FormProvider {...form}>
          <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
            <FormField<ProfileForm, 'name'>
              name="name"
              id={`${testIdPrefix}-name`}
              label={t('profileForm.name')}
              render={(f) => <Input {...f} data-testid={`${testIdPrefix}-name`} />}
            />
            <FormField<ProfileForm, 'description'>
              name="description"
              id={`${testIdPrefix}-description`}
              label={t('profileForm.description')}
              render={(f) => <Input {...f} data-testid={`${testIdPrefix}-description`} />}
            />
            {initial && (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  data-testid={`${testIdPrefix}-enabled`}
                  checked={form.watch('enabled')}
                  onChange={(e) => form.setValue('enabled', e.target.checked)}
                />
                {t('profileForm.enabled')}
              </label>
            )}
            <FormActions
              cancel={t('profileForm.cancel')}
              submit={t('profileForm.save')}
              busy={sending}
              onCancel={onClose}
              testIds={{ submit: `${testIdPrefix}-submit`, cancel: `${testIdPrefix}-cancel` }}
            />
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
