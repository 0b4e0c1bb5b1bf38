import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetailsProblem, HttpErrorLike } from '@corridor/state-machines';
import { FormActions } from '@/components/form/form-actions.tsx';
import { FormMessage, TEXTAREA_CLASS } from '@/components/form/form-field.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Label } from '@/components/ui/label.tsx';
import type { PartnerMove } from './partner-moves.ts';

interface PartnerMoveDialogProps {
  move: PartnerMove | null;
  partnerName: string;
  busy: boolean;
  problems: readonly DetailsProblem[];
  error: HttpErrorLike | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** Confirms one move; rejecting and sending back ask for the reason (spec 1 section 5, extra-details modal). */
export function PartnerMoveDialog(props: PartnerMoveDialogProps) {
  return (
    <Dialog open={props.move !== null} onOpenChange={(open) => !open && props.onCancel()}>
      {props.move && <MoveContent key={props.move.to} {...props} move={props.move} />}
    </Dialog>
  );
}

function MoveContent({ move, partnerName, busy, problems, error, onConfirm, onCancel }: PartnerMoveDialogProps & { move: PartnerMove }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const needsReason = move.action === 'reject';
  const reasonMissing = problems.includes('reasonRequired');
  return (
    <DialogContent closeLabel={t('partners.dialog.cancel')} data-testid="partner-move-dialog">
      <DialogHeader>
        <DialogTitle>{t(move.labelKey)}</DialogTitle>
        <DialogDescription>{t(`partners.confirm.${move.to}`, { name: partnerName })}</DialogDescription>
      </DialogHeader>
      <form
        className="grid gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm(reason);
        }}
      >
        {needsReason && (
          <div className="grid gap-1.5">
            <Label htmlFor="partner-move-reason">{t('partners.fields.reason')}</Label>
            <textarea
              id="partner-move-reason"
              data-testid="partner-move-reason"
              className={TEXTAREA_CLASS}
              rows={4}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={reasonMissing || undefined}
              aria-describedby={reasonMissing ? 'partner-move-reason-error' : undefined}
            />
            {reasonMissing && <FormMessage id="partner-move-reason-error">{t('partners.errors.required', { field: t('partners.fields.reason') })}</FormMessage>}
          </div>
        )}
        {error && (
          <FormMessage id="partner-move-error">{error.invalidParameters?.map((p) => `${p.parameter}: ${p.message}`).join('; ') || error.message}</FormMessage>
        )}
        <FormActions
          cancel={t('partners.dialog.cancel')}
          submit={t(move.labelKey)}
          busy={busy}
          destructive={move.to === 'REJECTED'}
          onCancel={onCancel}
          testIds={{ submit: 'partner-move-confirm' }}
        />
      </form>
    </DialogContent>
  );
}
