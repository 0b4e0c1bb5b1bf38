import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ban } from 'lucide-react';
import { ExtraDetailsModal } from '@/components/payment-details/extra-details-modal.tsx';
import { Button } from '@/components/ui/button.tsx';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { userTimeZone } from '@/lib/user-time-zone.ts';
import { useApproval } from '@/shared/approval/use-approval.ts';
import { cancellationWindow } from './cancel-rules.ts';

/**
 * The merchant's Cancel on a transaction's page: a reason and a cancellation date (between the
 * transaction's day and today), sent through the approval machine like every cancel of the portal. The
 * request waits for a TSP; a refusal shows in the dialog, which stays open to change and send again.
 */
export function CancelTransaction({ transaction, onRequested }: { transaction: { transactionId: string; createdAt: string }; onRequested: () => void }) {
  const { t } = useTranslation();
  const [timeZone] = useState(userTimeZone);
  const approval = useApproval({
    decide: ({ id, reason, cancellationDate }) =>
      api.call<'cancellations.merchantCancel'>('cancellations.merchantCancel', {
        body: { mainTransactionId: id, reason: reason ?? '', cancellationDate: cancellationDate ?? '' },
      }),
    onSettled: ({ decided }) => {
      if (!decided.includes(transaction.transactionId)) return;
      notify({ type: 'success', i18nMessage: 'transactionForms.cancel.requested', messageParams: { id: transaction.transactionId } });
      onRequested();
    },
  });
  const open = approval.state === 'confirming' || approval.state === 'submitting' || approval.state === 'refused';
  return (
    <>
      <Button
        type="button"
        variant="destructive"
        data-testid="transaction-cancel"
        onClick={() => approval.start('cancel', [transaction.transactionId], cancellationWindow(transaction.createdAt, new Date(), timeZone))}
      >
        <Ban className="size-4" aria-hidden />
        {t('transactionForms.cancel.open')}
      </Button>
      <ExtraDetailsModal
        target={open ? { paymentId: transaction.transactionId, createdAt: transaction.createdAt } : null}
        kind="cancel"
        labels="transactionForms.cancel"
        busy={approval.busy}
        timeZone={timeZone}
        error={approval.state === 'refused' ? (approval.error?.message ?? null) : null}
        onCancel={approval.dismiss}
        onConfirm={(reason, cancellationDate) => approval.confirm({ reason, ...(cancellationDate ? { cancellationDate } : {}) })}
      />
    </>
  );
}
