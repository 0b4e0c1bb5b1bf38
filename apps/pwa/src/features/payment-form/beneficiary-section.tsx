import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import type { PaymentFormValues } from './payment-form-schema.ts';
import type { Beneficiary } from './use-payment-data.ts';
import { SECTION_CLASS } from './form-controls.ts';

type Values = PaymentFormValues;
type TextField = 'receiver.name' | 'receiver.countryCode' | 'receiver.iban' | 'receiver.bankCode';

/**
 * The beneficiary: one of the merchant's saved beneficiaries (which fills the fields and the
 * receive currency), or typed in: name, country, IBAN or account number, bank.
 */
export function BeneficiarySection({ beneficiaries }: { beneficiaries: Beneficiary[] }) {
  const { t } = useTranslation();
  const { setValue, watch } = useFormContext<Values>();
  const picked = watch('beneficiaryId') !== '';
  const pick = (id: string) => {
    const b = beneficiaries.find((x) => x.id === id);
    setValue('beneficiaryId', b?.id ?? '');
    setValue(
      'receiver',
      b
        ? { name: b.name, countryCode: b.countryCode, iban: b.iban ?? b.accountNumber ?? '', bankCode: b.bankCode ?? b.bic ?? '' }
        : { name: '', countryCode: '', iban: '', bankCode: '' },
    );
    if (b) setValue('receiveCurrency', b.currencyCode);
  };
  const text = (name: TextField, id: string, label: string, extra: { upper?: boolean; maxLength?: number } = {}) => (
    <FormField<Values, TextField>
      name={name}
      id={id}
      label={label}
      render={(field) => (
        <Input
          {...field}
          data-testid={id}
          readOnly={picked}
          maxLength={extra.maxLength}
          dir={name === 'receiver.name' ? undefined : 'ltr'}
          onChange={(e) => field.onChange(extra.upper ? e.target.value.toUpperCase() : e.target.value)}
        />
      )}
    />
  );
  return (
    <section className={SECTION_CLASS} aria-labelledby="payment-beneficiary-title">
      <h2 id="payment-beneficiary-title" className="font-semibold">
        {t('paymentForm.sections.beneficiary')}
      </h2>
      <FormField<Values, 'beneficiaryId'>
        name="beneficiaryId"
        id="payment-beneficiary"
        label={t('paymentForm.fields.beneficiary')}
        render={(field) => (
          <NativeSelect
            {...field}
            data-testid="payment-beneficiary"
            placeholder={t('paymentForm.fields.newBeneficiary')}
            choices={beneficiaries.map((b) => ({ value: b.id, label: `${b.displayName} (${b.currencyCode})` }))}
            onChange={(e) => pick(e.target.value)}
          />
        )}
      />
      {text('receiver.name', 'payment-receiver-name', t('paymentForm.fields.receiverName'))}
      <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
        {text('receiver.countryCode', 'payment-receiver-country', t('paymentForm.fields.country'), { upper: true, maxLength: 2 })}
        {text('receiver.iban', 'payment-receiver-account', t('paymentForm.fields.account'), { upper: true, maxLength: 34 })}
      </div>
      {text('receiver.bankCode', 'payment-receiver-bank', t('paymentForm.fields.bank'), { upper: true, maxLength: 11 })}
    </section>
  );
}
