import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { REASON_TEXTAREA_MIN_ROWS } from '@corridor/domain';
import { FormActions } from '@/components/form/form-actions.tsx';
import { FormField, TEXTAREA_CLASS } from '@/components/form/form-field.tsx';
import {
  STATUS_REASON_MAX,
  STATUS_REASON_MIN,
  walletStatusFormSchema,
  type WalletStatusFormInput,
  type WalletStatusFormOutput,
} from './wallet-status-reason.ts';

/** The reason and the two buttons of the block/activate dialog; `onConfirm` gets the trimmed reason. */
export function WalletStatusForm({
  blocking,
  busy,
  onCancel,
  onConfirm,
}: {
  blocking: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<WalletStatusFormInput, unknown, WalletStatusFormOutput>({
    resolver: zodResolver(walletStatusFormSchema),
    defaultValues: { reason: '' },
  });
  return (
    <FormProvider {...form}>
      <form noValidate className="flex flex-col gap-2" onSubmit={(e) => void form.handleSubmit(({ reason }) => onConfirm(reason))(e)}>
        <FormField<WalletStatusFormInput, 'reason'>
          name="reason"
          id="wallet-status-reason"
          label={t('spWallet.approval.reasonLabel')}
          messageParams={{ min: STATUS_REASON_MIN, max: STATUS_REASON_MAX }}
          render={(field) => (
            <textarea {...field} rows={REASON_TEXTAREA_MIN_ROWS} maxLength={STATUS_REASON_MAX} data-testid="wallet-status-reason" className={TEXTAREA_CLASS} />
          )}
        />
        <FormActions
          cancel={t('spWallet.approval.cancel')}
          submit={t(blocking ? 'spWallet.approval.confirmBlock' : 'spWallet.approval.confirmActivate')}
          busy={busy}
          destructive={blocking}
          onCancel={onCancel}
          testIds={{ submit: 'wallet-status-confirm', cancel: 'wallet-status-cancel' }}
        />
      </form>
    </FormProvider>
  );
}
