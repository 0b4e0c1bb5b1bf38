import { useFieldArray, useFormContext, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import { FormField } from '@/components/form/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import type { TaxForm } from './fee-form.ts';
import { NumberInput } from './pricing-inputs.tsx';

interface WithTaxes extends FieldValues {
  taxes: TaxForm[];
}

/** Taxes on the fee (VAT 5 %...): a name and a percentage of the fee each, at most 10. */
export function TaxEditor() {
  const { t } = useTranslation();
  const { control } = useFormContext<WithTaxes>();
  const { fields, append, remove } = useFieldArray({ control, name: 'taxes' });
  return (
    <fieldset className="grid gap-2" data-testid="fee-taxes">
      <legend className="mb-2 text-sm font-medium">{t('pricing.taxes.title')}</legend>
      {fields.length === 0 && <p className="text-sm text-muted-foreground">{t('pricing.taxes.none')}</p>}
      {fields.map((field, i) => (
        <div key={field.id} className="grid grid-cols-[1fr_7rem_auto] items-end gap-2" data-testid="fee-tax">
          <FormField<WithTaxes, `taxes.${number}.name`>
            name={`taxes.${i}.name`}
            id={`fee-tax-${i}-name`}
            label={t('pricing.taxes.name')}
            render={(f) => <Input {...f} data-testid={`fee-tax-${i}-name`} maxLength={60} />}
          />
          <FormField<WithTaxes, `taxes.${number}.percentage`>
            name={`taxes.${i}.percentage`}
            id={`fee-tax-${i}-percentage`}
            label={t('pricing.taxes.percentage')}
            render={(f) => <NumberInput {...f} data-testid={`fee-tax-${i}-percentage`} placeholder="0" />}
          />
          <Button type="button" variant="ghost" size="icon" aria-label={t('pricing.taxes.remove', { n: i + 1 })} onClick={() => remove(i)}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      ))}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        data-testid="fee-tax-add"
        disabled={fields.length >= 10}
        onClick={() => append({ name: '', percentage: '' })}
      >
        <Plus aria-hidden />
        {t('pricing.taxes.add')}
      </Button>
    </fieldset>
  );
}
