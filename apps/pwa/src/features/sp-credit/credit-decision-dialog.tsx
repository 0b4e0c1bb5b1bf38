import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate } from '@corridor/domain';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import type { CreditGrant } from './credit-decision.ts';
import { ApproveForm, RejectForm } from './credit-decision-form.tsx';
import type { CreditRequestRow } from './credit-types.ts';

export type CreditDecisionKind = 'approve' | 'reject';

export interface CreditDecisionDialogProps {
  request: CreditRequestRow | null;
  kind: CreditDecisionKind;
  walletLabel: string;
  dp: number;
  busy: boolean;
  onCancel: () => void;
  onApprove: (request: CreditRequestRow, grant: CreditGrant) => void;
  onReject: (request: CreditRequestRow, reason: string) => void;
}

/**
 * Approve (with the approved limit and validity, the requested ones by default) or reject with a reason
 * (the extra-details modal of spec 5: 'Reason (required)', at least 4 rows).
 */
export function CreditDecisionDialog(props: CreditDecisionDialogProps) {
  const { request } = props;
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && props.onCancel()}>
      {request && <DecisionContent key={`${request.id}-${props.kind}`} {...props} request={request} />}
    </Dialog>
  );
}

function DecisionContent({ request, kind, walletLabel, dp, busy, onCancel, onApprove, onReject }: CreditDecisionDialogProps & { request: CreditRequestRow }) {
  const { t } = useTranslation();
  return (
    <DialogContent closeLabel={t('spCredit.cancel')} data-testid="credit-decision-dialog">
      <DialogHeader>
        <DialogTitle>{t(kind === 'approve' ? 'spCredit.approveTitle' : 'spCredit.rejectTitle')}</DialogTitle>
        <DialogDescription>{walletLabel}</DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-2 gap-3 rounded-lg border bg-muted/30 p-3 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">{t('spCredit.columns.amount')}</dt>
          <dd className="font-semibold tabular-nums">
            <bdi>
              {formatAmount(request.amount, dp)} {request.currency}
            </bdi>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('spCredit.columns.validity')}</dt>
          <dd className="font-medium" data-testid="credit-validity">
            {formatDate(request.validFrom)} – {formatDate(request.validTo)}
          </dd>
        </div>
        {request.remarks && (
          <div className="col-span-2">
            <dt className="text-xs text-muted-foreground">{t('spCredit.columns.remarks')}</dt>
            <dd>{request.remarks}</dd>
          </div>
        )}
      </dl>
      {kind === 'approve' ? (
        <ApproveForm request={request} busy={busy} onCancel={onCancel} onApprove={(grant) => onApprove(request, grant)} />
      ) : (
        <RejectForm busy={busy} onCancel={onCancel} onReject={(reason) => onReject(request, reason)} />
      )}
    </DialogContent>
  );
}
