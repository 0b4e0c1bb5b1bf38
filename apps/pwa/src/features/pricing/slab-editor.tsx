import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import { FormField } from '@/components/form/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { emptySlab, nextSlabStart, type FeeRuleForm, type SlabForm } from './fee-form.ts';
import { NumberInput } from './pricing-inputs.tsx';

const AMOUNT_RE = /^\d+(\.\d+)?$/;
const FIELDS: ReadonlyArray<keyof SlabForm> = ['slabValueFrom', 'slabValueTo', 'flatFee', 'percentageFee', 'minFee', 'maxFee'];

/**
 * The fee's slabs: one row per amount band. A new slab starts where the last one ends plus one
 * minor unit of the currency, so the usual schedule is contiguous without arithmetic by hand.
 */
export function SlabEditor({ dp }: { dp: number | undefined }) {
  const { t } = useTranslation();
  const { control, getValues, watch } = useFormContext<FeeRuleForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'slabs' });
  const slabs = watch('slabs');
  const startAfter = (i: number): string => {
    const previousTo = slabs[i - 1]?.slabValueTo.trim() ?? '';
    return dp !== undefined && AMOUNT_RE.test(previousTo) ? nextSlabStart(previousTo, dp) : '';
  };
  const add = () => {
    const last = getValues('slabs').at(-1);
    const to = last?.slabValueTo.trim() ?? '';
    append(emptySlab(dp !== undefined && AMOUNT_RE.test(to) ? nextSlabStart(to, dp) : ''));
  };
  return (
    <fieldset className="grid gap-3" data-testid="fee-slabs">
      <legend className="mb-2 text-sm font-medium">{t('pricing.slabs.title')}</legend>
      {fields.map((field, i) => {
        const params = { dp: dp ?? '-', start: startAfter(i), min: slabs[i]?.minFee ?? '', from: slabs[i]?.slabValueFrom ?? '' };
        return (
          <div key={field.id} className="grid gap-2 rounded-md border p-3" data-testid="fee-slab">
            <div className="flex items-center justify-between">
              <span className="text-xs font-medium text-muted-foreground">{t('pricing.slabs.slab', { n: i + 1 })}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t('pricing.slabs.remove', { n: i + 1 })}
                data-testid={`fee-slab-remove-${i}`}
                disabled={fields.length === 1}
                onClick={() => remove(i)}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {FIELDS.map((name) => (
                <FormField<FeeRuleForm, `slabs.${number}.${keyof SlabForm}`>
                  key={name}
                  name={`slabs.${i}.${name}`}
                  id={`fee-slab-${i}-${name}`}
                  label={t(`pricing.slabs.${name}`)}
                  messageParams={params}
                  render={(f) => (
                    <NumberInput
                      {...f}
                      value={f.value}
                      data-testid={`fee-slab-${i}-${name}`}
                      placeholder={
                        name === 'slabValueTo' ? t('pricing.slabs.openEnded') : name === 'minFee' || name === 'maxFee' ? t('pricing.slabs.none') : undefined
                      }
                    />
                  )}
                />
              ))}
            </div>
          </div>
        );
      })}
      <Button type="button" variant="outline" size="sm" className="justify-self-start" data-testid="fee-slab-add" onClick={add} disabled={fields.length >= 50}>
        <Plus aria-hidden />
        {t('pricing.slabs.add')}
      </Button>
    </fieldset>
  );
}
