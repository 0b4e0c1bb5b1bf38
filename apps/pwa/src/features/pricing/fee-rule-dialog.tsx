import { useEffect, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey, type FeeRule } from '@corridor/api';
import { FEE_TYPES } from '@corridor/domain';
import { FormActions } from '@/components/form/form-actions.tsx';
import { FormField } from '@/components/form/form-field.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect, codeChoices } from '@/components/ui/native-select.tsx';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { emptyFeeRuleForm, localIsoDay, feeRuleFormSchema, feeRuleToForm, type FeeRuleBody, type FeeRuleForm } from './fee-form.ts';
import { showServerRefusals } from './server-refusals.ts';
import { SlabEditor } from './slab-editor.tsx';
import { TaxEditor } from './tax-editor.tsx';
import type { FeeKind } from './use-pricing-data.ts';

interface FeeRuleDialogProps {
  kind: FeeKind;
  /** The rule edited; absent for a new one. */
  rule: FeeRule | null;
  profiles: readonly { id: string; name: string }[];
  currencies: readonly { code: string }[];
  dpOf: (code: string) => number | undefined;
  onSaved: (rule: FeeRule) => void;
}

/** Create or edit one fee rule. The form lives inside the content, so each opening starts fresh. */
export function FeeRuleDialog({ open, onOpenChange, ...props }: FeeRuleDialogProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const mode = props.rule ? 'edit' : 'create';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('pricing.dialog.close')} data-testid="fee-rule-dialog" className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t(`pricing.dialog.${mode}.${props.kind}`)}</DialogTitle>
          <DialogDescription>{t('pricing.dialog.description')}</DialogDescription>
        </DialogHeader>
        <FeeRuleFormBody {...props} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function FeeRuleFormBody({ kind, rule, profiles, currencies, dpOf, onSaved, onClose }: FeeRuleDialogProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm<FeeRuleForm, unknown, FeeRuleBody>({
    resolver: zodResolver(feeRuleFormSchema(dpOf, rule ?? undefined)),
    defaultValues: rule ? feeRuleToForm(rule) : emptyFeeRuleForm(localIsoDay(new Date())),
  });
  const [sending, setSending] = useState(false);
  const dp = dpOf(form.watch('slabCurrency'));
  // One key per rule the user means: sending the same form again after a lost answer gives back the
  // first rule instead of a second; any change makes it another rule with a new key.
  const idempotencyKey = useRef(newIdempotencyKey());
  useEffect(() => {
    const { unsubscribe } = form.watch(() => {
      idempotencyKey.current = newIdempotencyKey();
    });
    return unsubscribe;
  }, [form]);

  const submit = form.handleSubmit(async (body) => {
    setSending(true);
    try {
      const saved = rule ? await update(kind, rule.id, body) : await create(kind, body, idempotencyKey.current);
      notify({ type: 'success', i18nMessage: rule ? 'pricing.saved' : 'pricing.created' });
      onSaved(saved);
      onClose();
    } catch (error) {
      showServerRefusals(form, error);
    } finally {
      setSending(false);
    }
  });

  const select = (name: 'walletCurrencyCode' | 'payoutCurrencyCode', id: string) => (
    <FormField<FeeRuleForm, typeof name>
      name={name}
      id={id}
      label={t(`pricing.fields.${name}`)}
      render={(f) => <NativeSelect {...f} data-testid={id} placeholder={t('pricing.any')} choices={codeChoices(currencies)} />}
    />
  );

  return (
    <FormProvider {...form}>
      <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate data-testid="fee-rule-form">
        <div className="grid gap-3 sm:grid-cols-3">
          <FormField<FeeRuleForm, 'chargeMode'>
            name="chargeMode"
            id="fee-charge-mode"
            label={t('pricing.fields.chargeMode')}
            render={(f) => (
              <NativeSelect
                {...f}
                data-testid="fee-charge-mode"
                choices={FEE_TYPES.map((type) => ({ value: type.value, label: t(`pricing.feeType.${type.value}`) }))}
              />
            )}
          />
          {kind === 'MERCHANT' ? (
            <FormField<FeeRuleForm, 'merchantFeeProfileId'>
              name="merchantFeeProfileId"
              id="fee-profile"
              label={t('pricing.fields.profile')}
              render={(f) => (
                <NativeSelect
                  {...f}
                  data-testid="fee-profile"
                  placeholder={t('pricing.defaultProfile')}
                  choices={profiles.map((p) => ({ value: p.id, label: p.name }))}
                />
              )}
            />
          ) : (
            <FormField<FeeRuleForm, 'correspondentId'>
              name="correspondentId"
              id="fee-correspondent"
              label={t('pricing.fields.correspondent')}
              render={(f) => <Input {...f} data-testid="fee-correspondent" placeholder={t('pricing.any')} />}
            />
          )}
          <FormField<FeeRuleForm, 'status'>
            name="status"
            id="fee-status"
            label={t('pricing.fields.status')}
            render={(f) => (
              <NativeSelect
                {...f}
                data-testid="fee-status"
                choices={(['ACTIVE', 'INACTIVE'] as const).map((status) => ({ value: status, label: t(`pricing.status.${status}`) }))}
              />
            )}
          />
          {select('walletCurrencyCode', 'fee-wallet-currency')}
          {select('payoutCurrencyCode', 'fee-payout-currency')}
          <FormField<FeeRuleForm, 'destinationCountryCode'>
            name="destinationCountryCode"
            id="fee-destination"
            label={t('pricing.fields.destinationCountryCode')}
            render={(f) => (
              <Input
                {...f}
                data-testid="fee-destination"
                maxLength={2}
                placeholder={t('pricing.any')}
                onChange={(e) => f.onChange(e.target.value.toUpperCase())}
              />
            )}
          />
          <FormField<FeeRuleForm, 'effectiveFrom'>
            name="effectiveFrom"
            id="fee-effective-from"
            label={t('pricing.fields.effectiveFrom')}
            render={(f) => <Input {...f} type="date" data-testid="fee-effective-from" />}
          />
          <FormField<FeeRuleForm, 'effectiveTo'>
            name="effectiveTo"
            id="fee-effective-to"
            label={t('pricing.fields.effectiveTo')}
            render={(f) => <Input {...f} type="date" data-testid="fee-effective-to" />}
          />
          <FormField<FeeRuleForm, 'slabCurrency'>
            name="slabCurrency"
            id="fee-slab-currency"
            label={t('pricing.fields.slabCurrency')}
            render={(f) => <NativeSelect {...f} data-testid="fee-slab-currency" placeholder={t('pricing.chooseCurrency')} choices={codeChoices(currencies)} />}
          />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register('isPromotional')} data-testid="fee-promotional" />
          {t('pricing.fields.isPromotional')}
        </label>
        <SlabEditor dp={dp} />
        <TaxEditor />
        <FormActions
          cancel={t('pricing.dialog.cancel')}
          submit={t('pricing.dialog.save')}
          busy={sending}
          onCancel={onClose}
          testIds={{ submit: 'fee-rule-submit', cancel: 'fee-rule-cancel' }}
        />
      </form>
    </FormProvider>
  );
}

async function create(kind: FeeKind, body: FeeRuleBody, idempotencyKey: string): Promise<FeeRule> {
  return kind === 'MERCHANT'
    ? api.call<'pricing.createFee'>('pricing.createFee', { body, idempotencyKey })
    : api.call<'pricing.createCorrespondentFee'>('pricing.createCorrespondentFee', { body, idempotencyKey });
}

async function update(kind: FeeKind, id: string, body: FeeRuleBody): Promise<FeeRule> {
  const path = { id };
  return kind === 'MERCHANT'
    ? api.call<'pricing.updateFee'>('pricing.updateFee', { path, body })
    : api.call<'pricing.updateCorrespondentFee'>('pricing.updateCorrespondentFee', { path, body });
}
