import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Loader2, X } from 'lucide-react';
import { ExtraDetailsModal } from '@/components/payment-details/extra-details-modal.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { userTimeZone } from '@/lib/user-time-zone.ts';
import { useApproval } from '@/shared/approval/use-approval.ts';

export interface CancellationDecisionProps {
  cancellation: { cancellationId: string; mainTransactionId: string; createdAt?: string | undefined };
  onDecided: () => void;
}

/**
 * The TSP's decision on a cancellation a merchant (or a colleague) asked for: approve (the transaction is
 * cancelled: a pending one's hold released, a completed one's vouchers reversed) or reject with a reason. Sent
 * through the approval machine like every decision of the portal; a refusal (the requester may not decide
 * their own request) shows in the dialog.
 */
export function CancellationDecision({ cancellation, onDecided }: CancellationDecisionProps) {
  const { t } = useTranslation();
  const [timeZone] = useState(userTimeZone);
  const approval = useApproval({
    decide: ({ action, reason }) =>
      api.call<'cancellations.spApprove'>('cancellations.spApprove', {
        body: {
          cancellationId: cancellation.cancellationId,
          status: action === 'approve' ? 'APPROVED' : 'REJECTED',
          ...(reason ? { remarks: reason } : {}),
        },
      }),
    onSettled: ({ decided }, context) => {
      if (decided.length === 0) return;
      notify({
        type: 'success',
        i18nMessage: context.action === 'approve' ? 'transactionForms.cancellationDecision.approved' : 'transactionForms.cancellationDecision.rejected',
        messageParams: { id: cancellation.mainTransactionId },
      });
      approval.dismiss();
      onDecided();
    },
  });
  const [action, setAction] = useState<'approve' | 'reject' | null>(null);
  const open = approval.state === 'confirming' || approval.state === 'submitting' || approval.state === 'refused';
  const start = (next: 'approve' | 'reject') => {
    setAction(next);
    approval.dismiss();
    approval.start(next, [cancellation.mainTransactionId]);
  };
  const error = approval.state === 'refused' ? (approval.error?.message ?? null) : null;
  return (
    <div className="mt-3 flex flex-wrap gap-2" data-testid="cancellation-decision">
      <Button type="button" size="sm" disabled={approval.busy} onClick={() => start('approve')} data-testid="cancellation-approve">
        <Check className="size-4" aria-hidden />
        {t('transactionForms.cancellationDecision.approve')}
      </Button>
      <Button type="button" size="sm" variant="outline" disabled={approval.busy} onClick={() => start('reject')} data-testid="cancellation-reject">
        <X className="size-4" aria-hidden />
        {t('transactionForms.cancellationDecision.reject')}
      </Button>
      <Dialog open={open && action === 'approve'} onOpenChange={(isOpen) => !isOpen && approval.dismiss()}>
        <DialogContent closeLabel={t('paymentList.modal.close')} data-testid="cancellation-approve-dialog">
          <DialogHeader>
            <DialogTitle>{t('transactionForms.cancellationDecision.approveTitle')}</DialogTitle>
            <DialogDescription>
              {t('transactionForms.cancellationDecision.approveHint')} <bdi dir="ltr">{cancellation.mainTransactionId}</bdi>
            </DialogDescription>
          </DialogHeader>
          {error && (
            <p role="alert" className="text-sm text-destructive" data-testid="cancellation-decision-error">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={approval.dismiss} disabled={approval.busy}>
              {t('transactionForms.cancellationDecision.back')}
            </Button>
            <Button type="button" onClick={() => approval.confirm()} disabled={approval.busy} data-testid="cancellation-approve-confirm">
              {approval.busy && <Loader2 className="size-4 animate-spin" aria-hidden />}
              {t('transactionForms.cancellationDecision.approve')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ExtraDetailsModal
        target={
          open && action === 'reject' ? { paymentId: cancellation.mainTransactionId, createdAt: cancellation.createdAt ?? new Date().toISOString() } : null
        }
        kind="reject"
        labels="transactionForms.cancellationDecision"
        busy={approval.busy}
        timeZone={timeZone}
        error={error}
        onCancel={approval.dismiss}
        onConfirm={(reason) => approval.confirm({ reason })}
      />
    </div>
  );
}
