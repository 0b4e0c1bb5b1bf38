import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REASON_TEXTAREA_MIN_ROWS, formatAmount, formatDate, sanitizeAmountInput } from '@corridor/domain';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { isReasonValid, validateApprovedAmount, validateValidity, type CreditGrant } from './credit-decision.ts';
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
  const [amount, setAmount] = useState(request.amount);
  const [validFrom, setValidFrom] = useState(request.validFrom);
  const [validTo, setValidTo] = useState(request.validTo);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const amountError = kind === 'approve' ? validateApprovedAmount(amount, request) : null;
  const reasonError = kind === 'reject' && !isReasonValid(reason);
  const validityError = kind === 'approve' ? validateValidity(validFrom, validTo) : null;
  const invalid = amountError !== null || validityError !== null || reasonError;

  const submit = () => {
    setTouched(true);
    if (invalid) return;
    if (kind === 'approve') onApprove(request, { approvedAmount: amount.trim(), validFrom, validTo });
    else onReject(request, reason.trim());
  };

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
      <form
        noValidate
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {kind === 'approve' ? (
          <>
            <Label htmlFor="credit-approved-amount">{t('spCredit.approvedLimit', { currency: request.currency })}</Label>
            <Input
              id="credit-approved-amount"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(sanitizeAmountInput(e.target.value))}
              aria-invalid={touched && amountError !== null}
              data-testid="credit-approved-amount"
            />
            {touched && amountError && (
              <p className="text-xs text-destructive" role="alert">
                {t(`spCredit.amountErrors.${amountError}`)}
              </p>
            )}
            <div className="mt-2 grid grid-cols-2 gap-3">
              <div className="flex flex-col gap-2">
                <Label htmlFor="credit-valid-from">{t('spCredit.validFrom')}</Label>
                <Input
                  id="credit-valid-from"
                  type="date"
                  value={validFrom}
                  onChange={(e) => setValidFrom(e.target.value)}
                  data-testid="credit-valid-from"
                />
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor="credit-valid-to">{t('spCredit.validTo')}</Label>
                <Input
                  id="credit-valid-to"
                  type="date"
                  value={validTo}
                  min={validFrom}
                  onChange={(e) => setValidTo(e.target.value)}
                  aria-invalid={touched && validityError !== null}
                  data-testid="credit-valid-to"
                />
              </div>
            </div>
            {touched && validityError && (
              <p className="text-xs text-destructive" role="alert">
                {t(`spCredit.validityErrors.${validityError}`)}
              </p>
            )}
            <p className="text-xs text-muted-foreground">{t('spCredit.validityHint')}</p>
          </>
        ) : (
          <>
            <Label htmlFor="credit-reason">{t('spCredit.reasonLabel')}</Label>
            <textarea
              id="credit-reason"
              rows={REASON_TEXTAREA_MIN_ROWS}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={touched && reasonError}
              data-testid="credit-reason"
              className="min-h-24 w-full rounded-md border bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
            />
            {touched && reasonError && (
              <p className="text-xs text-destructive" role="alert">
                {t('spCredit.reasonRequired')}
              </p>
            )}
          </>
        )}
        <DialogFooter className="mt-2">
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('spCredit.cancel')}
          </Button>
          <Button
            type="submit"
            variant={kind === 'reject' ? 'destructive' : 'default'}
            disabled={busy}
            data-testid="credit-confirm"
          >
            {t(kind === 'approve' ? 'spCredit.confirmApprove' : 'spCredit.confirmReject')}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
