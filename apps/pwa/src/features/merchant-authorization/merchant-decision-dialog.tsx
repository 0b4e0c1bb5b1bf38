import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REASON_TEXTAREA_MIN_ROWS } from '@corridor/domain';
import { FormActions } from '@/components/form/form-actions.tsx';
import { TEXTAREA_CLASS } from '@/components/form/form-field.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { endField, type MerchantAction } from './merchant-auth-actions.ts';

export interface MerchantDecisionDialogProps {
  /** The decision being confirmed and the merchant's name, or null when closed. */
  decision: { action: MerchantAction; merchant: string } | null;
  busy: boolean;
  /** The approval machine's objection to the last confirmation (no reason). */
  reasonMissing: boolean;
  onCancel: () => void;
  onConfirm: (reason: string, endDate: string | undefined) => void;
}

/**
 * Confirms an authorization decision with its reason ('Reason (required)', at least 4 rows), and the new end of
 * the authorization where the decision makes it ACTIVE (required to renew an expired merchant).
 */
export function MerchantDecisionDialog(props: MerchantDecisionDialogProps) {
  return (
    <Dialog open={props.decision !== null} onOpenChange={(open) => !open && props.onCancel()}>
      {props.decision && <DecisionContent key={`${props.decision.action}-${props.decision.merchant}`} {...props} decision={props.decision} />}
    </Dialog>
  );
}

function DecisionContent({
  decision,
  busy,
  reasonMissing,
  onCancel,
  onConfirm,
}: MerchantDecisionDialogProps & { decision: { action: MerchantAction; merchant: string } }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [end, setEnd] = useState('');
  const [endMissing, setEndMissing] = useState(false);
  const needsEnd = endField(decision.action);
  const destructive = decision.action === 'block' || decision.action === 'pause';
  return (
    <DialogContent closeLabel={t('merchantAuth.cancel')} data-testid="merchant-decision-dialog">
      <DialogHeader>
        <DialogTitle>{t(`merchantAuth.titles.${decision.action}`)}</DialogTitle>
        <DialogDescription>{decision.merchant}</DialogDescription>
      </DialogHeader>
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (needsEnd === 'required' && end === '') {
            setEndMissing(true);
            return;
          }
          onConfirm(reason, end === '' ? undefined : end);
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor="merchant-auth-reason" className="text-sm font-medium">
            {t('merchantAuth.reasonLabel')}
          </label>
          <textarea
            id="merchant-auth-reason"
            rows={REASON_TEXTAREA_MIN_ROWS}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={reasonMissing || undefined}
            aria-describedby={reasonMissing ? 'merchant-auth-reason-error' : undefined}
            className={TEXTAREA_CLASS}
            data-testid="merchant-auth-reason"
          />
          {reasonMissing && (
            <p id="merchant-auth-reason-error" role="alert" className="text-sm text-destructive">
              {t('merchantAuth.reasonRequired')}
            </p>
          )}
        </div>
        {needsEnd !== 'none' && (
          <div className="flex flex-col gap-1.5">
            <label htmlFor="merchant-auth-end" className="text-sm font-medium">
              {t(needsEnd === 'required' ? 'merchantAuth.endRequired' : 'merchantAuth.endOptional')}
            </label>
            <Input
              id="merchant-auth-end"
              type="date"
              dir="ltr"
              value={end}
              onChange={(e) => {
                setEnd(e.target.value);
                setEndMissing(false);
              }}
              aria-invalid={endMissing || undefined}
              aria-describedby={endMissing ? 'merchant-auth-end-error' : undefined}
              data-testid="merchant-auth-end"
            />
            {endMissing && (
              <p id="merchant-auth-end-error" role="alert" className="text-sm text-destructive">
                {t('merchantAuth.endMissing')}
              </p>
            )}
          </div>
        )}
        <FormActions
          cancel={t('merchantAuth.cancel')}
          submit={t(`merchantAuth.actions.${decision.action}`)}
          busy={busy}
          destructive={destructive}
          onCancel={onCancel}
          testIds={{ submit: 'merchant-auth-confirm' }}
        />
      </form>
    </DialogContent>
  );
}
