import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REASON_TEXTAREA_MIN_ROWS } from '@corridor/domain';
import { FormActions } from '@/components/form/form-actions.tsx';
import { TEXTAREA_CLASS } from '@/components/form/form-field.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';

export interface AuthDecisionDialogProps {
  /** The decision being confirmed, or null when the dialog is closed. */
  action: 'approve' | 'reject' | null;
  /** The transaction ids decided (several for a bulk approval). */
  transactionIds: readonly string[];
  busy: boolean;
  /** The approval machine's objection to the last confirmation (a rejection without a reason). */
  reasonMissing: boolean;
  onCancel: () => void;
  onConfirm: (reason: string | undefined) => void;
}

/**
 * Confirms an approval (of one row or the selected rows) or a rejection with its reason (the extra-details
 * modal of spec 5: 'Reason (required)', at least 4 rows). The approval machine checks the reason.
 */
export function AuthDecisionDialog(props: AuthDecisionDialogProps) {
  return (
    <Dialog open={props.action !== null} onOpenChange={(open) => !open && props.onCancel()}>
      {props.action && <DecisionContent key={`${props.action}-${props.transactionIds.join(',')}`} {...props} action={props.action} />}
    </Dialog>
  );
}

function DecisionContent({ action, transactionIds, busy, reasonMissing, onCancel, onConfirm }: AuthDecisionDialogProps & { action: 'approve' | 'reject' }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const reject = action === 'reject';
  return (
    <DialogContent closeLabel={t('spAuth.cancel')} data-testid="auth-decision-dialog">
      <DialogHeader>
        <DialogTitle>{t(reject ? 'spAuth.rejectTitle' : 'spAuth.approveTitle', { count: transactionIds.length })}</DialogTitle>
        <DialogDescription>
          <bdi dir="ltr">{transactionIds.join(', ')}</bdi>
        </DialogDescription>
      </DialogHeader>
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm(reject ? reason : undefined);
        }}
      >
        {reject && (
          <div className="flex flex-col gap-1.5">
            <label htmlFor="auth-reason" className="text-sm font-medium">
              {t('spAuth.reasonLabel')}
            </label>
            <textarea
              id="auth-reason"
              rows={REASON_TEXTAREA_MIN_ROWS}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={reasonMissing || undefined}
              aria-describedby={reasonMissing ? 'auth-reason-error' : undefined}
              className={TEXTAREA_CLASS}
              data-testid="auth-reason"
            />
            {reasonMissing && (
              <p id="auth-reason-error" role="alert" className="text-sm text-destructive">
                {t('spAuth.reasonRequired')}
              </p>
            )}
          </div>
        )}
        <FormActions
          cancel={t('spAuth.cancel')}
          submit={t(reject ? 'spAuth.confirmReject' : 'spAuth.confirmApprove', { count: transactionIds.length })}
          busy={busy}
          destructive={reject}
          onCancel={onCancel}
          testIds={{ submit: 'auth-confirm' }}
        />
      </form>
    </DialogContent>
  );
}
