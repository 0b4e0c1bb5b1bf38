import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Plus } from 'lucide-react';
import type { pricingModelBody } from '@corridor/api';
import { FormActions } from '@/components/form/form-actions.tsx';
import { FormField } from '@/components/form/form-field.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { showServerRefusals } from './server-refusals.ts';

interface ProfileForm {
  name: string;
  description: string;
}

/** A profile name is required and at most 80 characters; the description is optional. */
const profileFormSchema = z
  .object({
    name: z.string().trim().min(1, 'pricing.errors.required').max(80, 'pricing.errors.tooLong'),
    description: z.string().trim().max(500, 'pricing.errors.tooLong'),
  })
  .transform((f): z.input<typeof pricingModelBody> => ({ name: f.name, ...(f.description === '' ? {} : { description: f.description }), enabled: true }));

/** The TSP's fee profiles (pricing models): rules of a profile apply to the merchants assigned to it. */
export function FeeProfilesPanel({
  profiles,
  onSaved,
}: {
  profiles: readonly { id: string; name: string; description: string | null; enabled: boolean }[];
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <section className="grid gap-3 rounded-lg border p-4" data-testid="fee-profiles">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-sm font-semibold">{t('pricing.profiles.title')}</h2>
          <p className="text-sm text-muted-foreground">{t('pricing.profiles.description')}</p>
        </div>
        <Button variant="outline" size="sm" data-testid="fee-profile-new" onClick={() => setOpen(true)}>
          <Plus aria-hidden />
          {t('pricing.profiles.new')}
        </Button>
      </div>
      <ul className="flex flex-wrap gap-2">
        {profiles.map((p) => (
          <li key={p.id} title={p.description ?? undefined}>
            <Badge variant={p.enabled ? 'secondary' : 'outline'}>{p.name}</Badge>
          </li>
        ))}
      </ul>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={t('pricing.dialog.close')} data-testid="fee-profile-dialog">
          <DialogHeader>
            <DialogTitle>{t('pricing.profiles.new')}</DialogTitle>
            <DialogDescription>{t('pricing.profiles.description')}</DialogDescription>
          </DialogHeader>
          <ProfileFormBody onClose={() => setOpen(false)} onSaved={onSaved} />
        </DialogContent>
      </Dialog>
    </section>
  );
}

function ProfileFormBody({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const form = useForm<ProfileForm, unknown, z.output<typeof profileFormSchema>>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { name: '', description: '' },
  });
  const [sending, setSending] = useState(false);
  const submit = form.handleSubmit(async (body) => {
    setSending(true);
    try {
      await api.call<'pricing.createFeeProfile'>('pricing.createFeeProfile', { body });
      notify({ type: 'success', i18nMessage: 'pricing.profiles.created' });
      onSaved();
      onClose();
    } catch (error) {
      showServerRefusals(form, error);
    } finally {
      setSending(false);
    }
  });
  return (
    <FormProvider {...form}>
      <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <FormField<ProfileForm, 'name'>
          name="name"
          id="fee-profile-name"
          label={t('pricing.profiles.name')}
          render={(f) => <Input {...f} data-testid="fee-profile-name" />}
        />
        <FormField<ProfileForm, 'description'>
          name="description"
          id="fee-profile-description"
          label={t('pricing.profiles.descriptionField')}
          render={(f) => <Input {...f} data-testid="fee-profile-description" />}
        />
        <FormActions
          cancel={t('pricing.dialog.cancel')}
          submit={t('pricing.dialog.save')}
          busy={sending}
          onCancel={onClose}
          testIds={{ submit: 'fee-profile-submit' }}
        />
      </form>
    </FormProvider>
  );
}
