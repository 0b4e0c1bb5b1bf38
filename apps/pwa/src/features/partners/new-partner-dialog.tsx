import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormActions } from '@/components/form/form-actions.tsx';
import { FormField } from '@/components/form/form-field.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect, type SelectChoice } from '@/components/ui/native-select.tsx';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { useCreateForm } from '@/shared/form/use-create-form.ts';
import { PARTNER_FORM_FIELDS, emptyPartnerForm, partnerFormSchema, type PartnerCreateBody, type PartnerForm } from './partner-form.ts';
import type { PartnerDetail } from './use-partners.ts';

interface NewPartnerProps {
  countries: readonly SelectChoice[];
  businessTypes: readonly SelectChoice[];
  onCreated: (created: PartnerDetail) => void;
}

/** 'Onboard a partner' (POST partners/on-boarding): the record starts NEW. Each opening starts a fresh form. */
export function NewPartnerDialog({ open, onOpenChange, ...props }: NewPartnerProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('partners.dialog.close')} data-testid="partner-dialog" className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('partners.dialog.title')}</DialogTitle>
          <DialogDescription>{t('partners.dialog.description')}</DialogDescription>
        </DialogHeader>
        <NewPartnerForm {...props} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

const SELECTS = new Set<keyof PartnerForm>(['partnerType', 'businessType', 'countryOfRegistration']);
const DATES = new Set<keyof PartnerForm>(['licenseDateOfIssue', 'licenseDateOfExpiry']);
const LTR = new Set<keyof PartnerForm>(['businessTelephoneNumber', 'licenseNumber']);
const REQUIRED = new Set<keyof PartnerForm>(['partnerType', 'businessType', 'countryOfRegistration', 'tradingName', 'registeredBusinessAddress']);

function NewPartnerForm({ countries, businessTypes, onCreated, onClose }: NewPartnerProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const { form, send, sending } = useCreateForm<PartnerForm, PartnerCreateBody, PartnerDetail>({
    resolver: zodResolver(partnerFormSchema),
    defaultValues: emptyPartnerForm,
    // One key per record the user means: a lost answer sent again opens nothing twice.
    create: (body, idempotencyKey) => api.call<'partners.create'>('partners.create', { body, idempotencyKey }),
    onCreated: (created) => {
      notify({ type: 'success', i18nMessage: 'partners.created', messageParams: { name: created.tradingName, reference: created.referenceId } });
      onCreated(created);
    },
  });
  const submit = form.handleSubmit(async (body) => {
    if (await send(body)) onClose();
  });
  const choicesOf = (name: keyof PartnerForm): readonly SelectChoice[] =>
    name === 'partnerType'
      ? (['MERCHANT', 'SERVICE_PROVIDER'] as const).map((v) => ({ value: v, label: t(`partners.types.${v}`) }))
      : name === 'businessType'
        ? businessTypes
        : countries;
  return (
    <FormProvider {...form}>
      <form className="grid gap-4 sm:grid-cols-2" onSubmit={(e) => void submit(e)} noValidate data-testid="partner-form">
        {PARTNER_FORM_FIELDS.map((name) => {
          const label = `${t(`partners.fields.${name}`)}${REQUIRED.has(name) ? ' *' : ''}`;
          return (
            <FormField<PartnerForm, typeof name>
              key={name}
              name={name}
              id={`partner-${name}`}
              label={label}
              messageParams={{ field: t(`partners.fields.${name}`) }}
              className={name === 'registeredBusinessAddress' ? 'sm:col-span-2' : undefined}
              render={(f) =>
                SELECTS.has(name) ? (
                  <NativeSelect
                    {...f}
                    data-testid={`partner-${name}`}
                    {...(name === 'partnerType' ? {} : { placeholder: t('partners.dialog.choose') })}
                    choices={choicesOf(name)}
                  />
                ) : (
                  <Input
                    {...f}
                    data-testid={`partner-${name}`}
                    type={DATES.has(name) ? 'date' : name === 'businessTelephoneNumber' ? 'tel' : 'text'}
                    dir={LTR.has(name) || DATES.has(name) ? 'ltr' : undefined}
                    autoComplete="off"
                  />
                )
              }
            />
          );
        })}
        <div className="sm:col-span-2">
          <FormActions
            cancel={t('partners.dialog.cancel')}
            submit={t('partners.dialog.submit')}
            busy={sending}
            onCancel={onClose}
            testIds={{ submit: 'partner-submit' }}
          />
        </div>
      </form>
    </FormProvider>
  );
}
