import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Loader2 } from 'lucide-react';
import { REASON_TEXTAREA_MIN_ROWS, formatDate } from '@corridor/domain';
import { FormField, FormMessage, TEXTAREA_CLASS } from '@/components/form/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { cancelDetailsSchema, reasonOnlySchema, toWireDate } from './cancel-details.ts';

interface Values {
  reason: string;
  cancellationDate: string;
}

export interface ExtraDetailsModalProps {
  /** Open while set: the payment's creation time bounds the cancellation date. */
  target: { paymentId: string; createdAt: string } | null;
  /** 'cancel' asks for a reason and a cancellation date; 'reject' for a reason. */
  kind: 'cancel' | 'reject';
  busy: boolean;
  timeZone: string;
  onCancel: () => void;
  /** Where the title, hint and confirm words are (`<prefix>.cancelTitle`...); the payment's by default. */
  labels?: string;
  /** The server's last refusal, shown above the buttons (the dialog stays open to change and confirm again). */
  error?: string | null;
  /** The reason, trimmed, and the date as yyyy-MM-dd (cancel only). */
  onConfirm: (reason: string, cancellationDate: string | undefined) => void;
}

/** Spec 1 section 5's extra-details modal for a cancellation or a rejection: confirm stays disabled while invalid. */
export function ExtraDetailsModal(props: ExtraDetailsModalProps) {
  return (
    <Dialog open={props.target !== null} onOpenChange={(open) => !open && props.onCancel()}>
      {props.target && <ModalContent key={props.target.paymentId} {...props} target={props.target} />}
    </Dialog>
  );
}

function ModalContent({
  target,
  kind,
  busy,
  timeZone,
  onCancel,
  onConfirm,
  labels = 'paymentList.modal',
  error = null,
}: ExtraDetailsModalProps & { target: { paymentId: string; createdAt: string } }) {
  const { t } = useTranslation();
  const schema = useMemo(
    () => (kind === 'cancel' ? cancelDetailsSchema(target.createdAt, new Date(), timeZone) : reasonOnlySchema),
    [kind, target.createdAt, timeZone],
  );
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: { reason: '', cancellationDate: kind === 'cancel' ? formatDate(new Date(), timeZone) : '' },
  });
  const submit = form.handleSubmit(({ reason, cancellationDate }) => onConfirm(reason.trim(), kind === 'cancel' ? toWireDate(cancellationDate) : undefined));
  return (
    <DialogContent closeLabel={t('paymentList.modal.close')} data-testid="extra-details-modal">
      <DialogHeader>
        <DialogTitle>{t(`${labels}.${kind}Title`)}</DialogTitle>
        <DialogDescription>
          {t(`${labels}.${kind}Hint`)} <bdi dir="ltr">{target.paymentId}</bdi>
        </DialogDescription>
      </DialogHeader>
      <FormProvider {...form}>
        <form noValidate className="flex flex-col gap-3" onSubmit={(e) => void submit(e)}>
          <FormField<Values, 'reason'>
            name="reason"
            id="extra-details-reason"
            label={t('paymentList.modal.reason')}
            render={(field) => (
              <textarea {...field} rows={REASON_TEXTAREA_MIN_ROWS} maxLength={255} data-testid="extra-details-reason" className={TEXTAREA_CLASS} />
            )}
          />
          {kind === 'cancel' && (
            <FormField<Values, 'cancellationDate'>
              name="cancellationDate"
              id="extra-details-date"
              label={t('paymentList.modal.cancellationDate')}
              messageParams={{ from: formatDate(target.createdAt, timeZone), to: formatDate(new Date(), timeZone) }}
              render={(field) => <Input {...field} dir="ltr" inputMode="numeric" placeholder="dd/MM/yyyy" data-testid="extra-details-date" />}
            />
          )}
          {error && <FormMessage id="extra-details-error">{error}</FormMessage>}
          <DialogFooter className="mt-2">
            <Button type="button" variant="outline" onClick={onCancel} data-testid="extra-details-cancel">
              {t('paymentList.modal.back')}
            </Button>
            <Button type="submit" variant="destructive" disabled={busy || !form.formState.isValid} data-testid="extra-details-confirm">
              {busy && <Loader2 className="animate-spin" aria-hidden />}
              {t(`${labels}.${kind}Confirm`)}
            </Button>
          </DialogFooter>
        </form>
      </FormProvider>
    </DialogContent>
  );
}
