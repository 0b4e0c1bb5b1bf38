import type { ReactElement } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usesIban } from '@corridor/domain';
import { FormField, type FieldControlProps } from '@/components/form/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect, codeChoices } from '@/components/ui/native-select.tsx';
import type { BeneficiaryField, BeneficiaryForm } from './beneficiary-form.ts';

export interface CountryChoice {
  code: string;
  name: string;
  currencyCode?: string | null;
}

/** One field of the form: its label key, test hook and error id all follow the field's name. */
function Field<N extends BeneficiaryField>({ name, render }: { name: N; render: (field: FieldControlProps<BeneficiaryForm, N>) => ReactElement }) {
  const { t } = useTranslation();
  return <FormField<BeneficiaryForm, N> name={name} id={`beneficiary-${name}`} label={t(`beneficiaries.fields.${name}`)} render={render} />;
}

const text = (name: BeneficiaryField, extra: Record<string, string> = {}) =>
  function TextInput(field: FieldControlProps<BeneficiaryForm, typeof name>) {
    return <Input {...field} data-testid={`beneficiary-${name}`} {...extra} />;
  };

/**
 * The Add beneficiary fields. The country decides how the account is named: an IBAN where the
 * country uses IBANs, else an account number; choosing a country suggests its currency.
 */
export function AddBeneficiaryFields({ countries, currencies }: { countries: readonly CountryChoice[]; currencies: readonly { code: string }[] }) {
  const { t } = useTranslation();
  const { setValue, watch, getValues } = useFormContext<BeneficiaryForm>();
  const country = watch('countryCode');
  const iban = country === '' || usesIban(country);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <Field
          name="type"
          render={(field) => (
            <NativeSelect
              {...field}
              data-testid="beneficiary-type"
              choices={(['BUSINESS', 'INDIVIDUAL'] as const).map((type) => ({ value: type, label: t(`beneficiaries.types.${type}`) }))}
            />
          )}
        />
        <Field name="name" render={text('name', { autoComplete: 'off' })} />
      </div>
      <Field name="displayName" render={text('displayName', { autoComplete: 'off' })} />
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <Field
          name="countryCode"
          render={(field) => (
            <NativeSelect
              {...field}
              data-testid="beneficiary-countryCode"
              placeholder={t('beneficiaries.fields.chooseCountry')}
              choices={countries.map((c) => ({ value: c.code, label: c.name }))}
              onChange={(e) => {
                field.onChange(e.target.value);
                const suggested = countries.find((c) => c.code === e.target.value)?.currencyCode;
                if (suggested && getValues('currencyCode') === '') setValue('currencyCode', suggested);
              }}
            />
          )}
        />
        <Field
          name="currencyCode"
          render={(field) => <NativeSelect {...field} data-testid="beneficiary-currencyCode" placeholder="—" choices={codeChoices(currencies)} />}
        />
      </div>
      {iban ? (
        <Field name="iban" render={text('iban', { dir: 'ltr', autoComplete: 'off', spellCheck: 'false', className: 'font-mono' })} />
      ) : (
        <Field name="accountNumber" render={text('accountNumber', { dir: 'ltr', inputMode: 'numeric', autoComplete: 'off', className: 'font-mono' })} />
      )}
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <Field name="bic" render={text('bic', { dir: 'ltr', autoComplete: 'off', className: 'font-mono uppercase' })} />
        <Field name="bankName" render={text('bankName')} />
      </div>
    </>
  );
}
