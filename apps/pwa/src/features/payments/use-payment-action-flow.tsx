import { useState, type ReactNode } from 'react';
import type { PaymentAction, PaymentStatus } from '@corridor/domain';
import { ExtraDetailsModal } from '@/components/payment-details/extra-details-modal.tsx';
import type { PaymentView } from '@/components/payment-details/payment-view.ts';
import { notify } from '@/lib/notifications.ts';
import { userTimeZone } from '@/lib/user-time-zone.ts';
import { ConfirmActionDialog } from './confirm-action-dialog.tsx';
import { runPaymentAction, type ActionDetails } from './payment-calls.ts';
import { movesMoney, needsDetails, type PaymentViewer } from './payment-row-actions.ts';

interface Pending {
  action: PaymentAction;
  payment: PaymentView;
}

/**
 * One way every payment action runs, from a row or a details page: cancel and reject ask their details in
 * the extra-details modal, money-moving actions are confirmed, the rest run at once. A refusal keeps the
 * dialog open (the portal's notification shows the server's message); success notifies and calls `onDone`.
 */
export function usePaymentActionFlow(
  viewer: PaymentViewer,
  onDone: () => void,
): { start: (action: PaymentAction, p: PaymentView) => void; busyId: string | null; dialogs: ReactNode } {
  const [detailsFor, setDetailsFor] = useState<Pending | null>(null);
  const [confirmFor, setConfirmFor] = useState<Pending | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const run = async (pending: Pending, details?: ActionDetails) => {
    setBusyId(pending.payment.id);
    try {
      await runPaymentAction(viewer, pending.action, pending.payment, details);
      setDetailsFor(null);
      setConfirmFor(null);
      notify({ type: 'success', i18nMessage: `paymentList.done.${pending.action}`, messageParams: { id: pending.payment.paymentId } });
      onDone();
    } catch {
      // Told to the user by the portal's error notification; the dialog stays to try again.
    } finally {
      setBusyId(null);
    }
  };

  const start = (action: PaymentAction, payment: PaymentView) => {
    const pending = { action, payment };
    if (needsDetails(action)) setDetailsFor(pending);
    else if (movesMoney(payment.status as PaymentStatus, action, viewer)) setConfirmFor(pending);
    else void run(pending);
  };

  const kind = detailsFor ? needsDetails(detailsFor.action) : null;
  const dialogs = (
    <>
      <ExtraDetailsModal
        target={
          detailsFor
            ? {
                paymentId: detailsFor.payment.paymentId,
                createdAt: detailsFor.payment.createdAt ?? detailsFor.payment.transactionDate ?? new Date().toISOString(),
              }
            : null
        }
        kind={kind ?? 'reject'}
        busy={busyId !== null}
        timeZone={userTimeZone()}
        onCancel={() => setDetailsFor(null)}
        onConfirm={(reason, cancellationDate) => detailsFor && void run(detailsFor, { reason, ...(cancellationDate ? { cancellationDate } : {}) })}
      />
      <ConfirmActionDialog
        pending={confirmFor}
        busy={busyId !== null}
        onCancel={() => setConfirmFor(null)}
        onConfirm={() => confirmFor && void run(confirmFor)}
      />
    </>
  );
  return { start, busyId, dialogs };
}
