import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { FormProvider, useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { REASON_TEXTAREA_MIN_ROWS, sanitizeAmountInput } from '@corridor/domain';
import { FormActions } from '@/components/form/form-actions.tsx';
import { FormField, TEXTAREA_CLASS } from '@/components/form/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import type { CreditGrant } from './credit-decision.ts';
import { approveFormSchema, rejectFormSchema, type ApproveFormInput, type RejectFormInput } from './credit-decision-schema.ts';
import type { CreditRequestRow } from './credit-types.ts';

/** The form element and the dialog's buttons around one decision's fields. */
function DecisionForm<T extends FieldValues, O>({
  form,
  reject,
  busy,
  onCancel,
  onValid,
  children,
}: {
  form: UseFormReturn<T, unknown, O>;
  reject: boolean;
  busy: boolean;
  onCancel: () => void;
  onValid: (values: O) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FormProvider {...form}>
      <form noValidate className="flex flex-col gap-3" onSubmit={(e) => void form.handleSubmit(onValid)(e)}>
        {children}
        <FormActions
          cancel={t('spCredit.cancel')}
          submit={t(reject ? 'spCredit.confirmReject' : 'spCredit.confirmApprove')}
          busy={busy}
          destructive={reject}
          onCancel={onCancel}
          testIds={{ submit: 'credit-confirm' }}
        />
      </form>
    </FormProvider>
  );
}

/** Approve: the approved limit (the requested amount by default) and the validity it is granted for. */
export function ApproveForm({
  request,
  busy,
  onCancel,
  onApprove,
}: {
  request: CreditRequestRow;
  busy: boolean;
  onCancel: () => void;
  onApprove: (grant: CreditGrant) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<ApproveFormInput, unknown, CreditGrant>({
    resolver: zodResolver(approveFormSchema(request)),
    defaultValues: { amount: request.amount, validFrom: request.validFrom, validTo: request.validTo },
  });
  const validFrom = form.watch('validFrom');
  return (
    <DecisionForm form={form} reject={false} busy={busy} onCancel={onCancel} onValid={onApprove}>
      <FormField<ApproveFormInput, 'amount'>
        name="amount"
        id="credit-approved-amount"
        label={t('spCredit.approvedLimit', { currency: request.currency })}
        render={(field) => (
          <Input {...field} inputMode="decimal" data-testid="credit-approved-amount" onChange={(e) => field.onChange(sanitizeAmountInput(e.target.value))} />
        )}
      />
      <div className="grid grid-cols-1 gap-3 min-[380px]:grid-cols-2">
        <FormField<ApproveFormInput, 'validFrom'>
          name="validFrom"
          id="credit-valid-from"
          label={t('spCredit.validFrom')}
          render={(field) => <Input {...field} type="date" data-testid="credit-valid-from" />}
        />
        <FormField<ApproveFormInput, 'validTo'>
          name="validTo"
          id="credit-valid-to"
          label={t('spCredit.validTo')}
          render={(field) => <Input {...field} type="date" min={validFrom} data-testid="credit-valid-to" />}
        />
      </div>
      <p className="text-xs text-muted-foreground">{t('spCredit.validityHint')}</p>
    </DecisionForm>
  );
}

/** Reject: 'Reason (required)', at least 4 rows (spec 5 extra-details modal). */
export function RejectForm({ busy, onCancel, onReject }: { busy: boolean; onCancel: () => void; onReject: (reason: string) => void }) {
  const { t } = useTranslation();
  const form = useForm<RejectFormInput, unknown, { reason: string }>({ resolver: zodResolver(rejectFormSchema), defaultValues: { reason: '' } });
  return (
    <DecisionForm form={form} reject busy={busy} onCancel={onCancel} onValid={({ reason }) => onReject(reason)}>
      <FormField<RejectFormInput, 'reason'>
        name="reason"
        id="credit-reason"
        label={t('spCredit.reasonLabel')}
        render={(field) => <textarea {...field} rows={REASON_TEXTAREA_MIN_ROWS} data-testid="credit-reason" className={TEXTAREA_CLASS} />}
      />
    </DecisionForm>
  );
}
