import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/components/form/form-actions.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { AddBeneficiaryFields, type CountryChoice } from './add-beneficiary-fields.tsx';
import { useAddBeneficiaryForm } from './use-add-beneficiary-form.ts';
import type { Beneficiary } from './use-beneficiaries.ts';

interface AddBeneficiaryProps {
  countries: readonly CountryChoice[];
  currencies: readonly { code: string }[];
  onCreated: (b: Beneficiary) => void;
}

/** 'Add beneficiary' (beneficiaries POST). The form lives in the content, so each opening starts fresh. */
export function AddBeneficiaryDialog({ open, onOpenChange, ...props }: AddBeneficiaryProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('beneficiaries.dialog.close')} data-testid="beneficiary-dialog" className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('beneficiaries.dialog.title')}</DialogTitle>
          <DialogDescription>{t('beneficiaries.dialog.description')}</DialogDescription>
        </DialogHeader>
        <AddBeneficiaryForm {...props} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function AddBeneficiaryForm({ onClose, countries, currencies, onCreated }: AddBeneficiaryProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const { form, send, sending } = useAddBeneficiaryForm(onCreated);
  const submit = form.handleSubmit(async (body) => {
    if (await send(body)) onClose();
  });
  return (
    <FormProvider {...form}>
      <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <AddBeneficiaryFields countries={countries} currencies={currencies} />
        <FormActions
          cancel={t('beneficiaries.dialog.cancel')}
          submit={t('beneficiaries.dialog.submit')}
          busy={sending}
          onCancel={onClose}
          testIds={{ submit: 'beneficiary-submit' }}
        />
      </form>
    </FormProvider>
  );
}
