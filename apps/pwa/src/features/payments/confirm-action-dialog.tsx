import { useTranslation } from 'react-i18next';
import { Loader2 } from 'lucide-react';
import type { PaymentAction } from '@corridor/domain';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import type { PaymentView } from '@/components/payment-details/payment-view.ts';

/** Asks before an action that moves money (holds funds, or sends the payment to the bank), naming the payment and amount. */
export function ConfirmActionDialog({
  pending,
  busy,
  onCancel,
  onConfirm,
}: {
  pending: { action: PaymentAction; payment: PaymentView } | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const p = pending?.payment;
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && onCancel()}>
      {pending && p && (
        <DialogContent closeLabel={t('paymentList.modal.close')} data-testid="payment-confirm-dialog">
          <DialogHeader>
            <DialogTitle>{t(`paymentList.confirm.${pending.action}Title`)}</DialogTitle>
            <DialogDescription>
              {t(`paymentList.confirm.${pending.action}Hint`)}{' '}
              <bdi dir="ltr" className="font-medium text-foreground">
                {p.paymentId} · {p.sender.sendingAmount} {p.sender.sendingCurrencyCode}
              </bdi>
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel} data-testid="payment-confirm-cancel">
              {t('paymentList.modal.back')}
            </Button>
            <Button type="button" disabled={busy} onClick={onConfirm} data-testid="payment-confirm-ok">
              {busy && <Loader2 className="animate-spin" aria-hidden />}
              {t(`paymentList.actions.${pending.action}`)}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
