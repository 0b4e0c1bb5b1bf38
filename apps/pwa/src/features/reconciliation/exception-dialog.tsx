import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader2 } from 'lucide-react';
import { ApiError, newIdempotencyKey } from '@corridor/api';
import { formatAmount } from '@corridor/domain';
import { FormMessage, TEXTAREA_CLASS } from '@/components/form/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Label } from '@/components/ui/label.tsx';
import { api } from '@/lib/api-client.ts';
import type { ReconciliationException } from './reconciliation-columns.tsx';

export type ExceptionAction = 'resolve' | 'approve' | 'reject';

/** The least a reason says (the server's rule: at least 3 characters once trimmed). */
const MIN_REASON = 3;

/**
 * Resolving an exception (a reason, and whether to post an adjustment, which a second user must approve), or
 * deciding on an adjustment another user asked for. The resolution is sent under one idempotency key per
 * opening: pressing again after a lost answer resolves nothing twice. A refusal (your own adjustment, an
 * exception resolved meanwhile) is shown in the dialog, which stays open. Needs the network.
 */
export function ExceptionDialog({
  exception,
  action,
  dp,
  onDone,
  onClose,
}: {
  exception: ReconciliationException;
  action: ExceptionAction;
  dp: number;
  onDone: (result: ReconciliationException) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [adjust, setAdjust] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  const canAdjust = exception.kind !== 'UNSETTLED';
  const tooShort = action === 'resolve' && reason.trim().length < MIN_REASON;
  const difference = `${formatAmount(exception.differenceAmount, dp)} ${exception.currency}`;
  const submit = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      const path = { exceptionId: exception.id };
      const result =
        action === 'resolve'
          ? await api.call<'reconciliation.resolve'>('reconciliation.resolve', {
              path,
              body: { reason: reason.trim(), adjust: canAdjust && adjust },
              idempotencyKey: key.current,
            })
          : action === 'approve'
            ? await api.call<'reconciliation.approve'>('reconciliation.approve', { path })
            : await api.call<'reconciliation.reject'>('reconciliation.reject', { path });
      onDone(result);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setRefusal(error.invalidParameters[0]?.message ?? error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('reconciliation.dialog.close')} data-testid="exception-dialog">
        <DialogHeader>
          <DialogTitle>{t(`reconciliation.dialog.${action}Title`)}</DialogTitle>
          <DialogDescription data-testid="exception-dialog-summary">
            {t('reconciliation.dialog.summary', {
              kind: t(`reconciliation.kinds.${exception.kind}`),
              settlement: exception.settlementTransactionId,
              difference,
            })}
          </DialogDescription>
        </DialogHeader>
        {action === 'resolve' ? (
          <>
            <div className="grid gap-1.5">
              <Label htmlFor="exception-reason">{t('reconciliation.dialog.reason')}</Label>
              <textarea
                id="exception-reason"
                data-testid="exception-reason"
                className={TEXTAREA_CLASS}
                maxLength={500}
                value={reason}
                aria-describedby="exception-reason-hint"
                onChange={(e) => setReason(e.target.value)}
              />
              <span id="exception-reason-hint" className="text-xs text-muted-foreground">
                {t('reconciliation.dialog.reasonHint')}
              </span>
            </div>
            {canAdjust && (
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" className="mt-1 size-4" data-testid="exception-adjust" checked={adjust} onChange={(e) => setAdjust(e.target.checked)} />
                <span>
                  {t(exception.kind === 'EXCESS' ? 'reconciliation.dialog.adjustExcess' : 'reconciliation.dialog.adjustShortfall', { difference })}
                  <span className="block text-xs text-muted-foreground">{t('reconciliation.dialog.adjustHint')}</span>
                </span>
              </label>
            )}
          </>
        ) : (
          <div className="grid gap-1 text-sm" data-testid="exception-dialog-request">
            <span>{t('reconciliation.requestedBy', { name: exception.requestedBy ?? '', at: exception.requestedAt?.slice(0, 10) ?? '' })}</span>
            <span className="text-muted-foreground">{exception.reason}</span>
          </div>
        )}
        {refusal && <FormMessage id="exception-refusal">{refusal}</FormMessage>}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} data-testid="exception-cancel">
            {t('reconciliation.dialog.cancel')}
          </Button>
          <Button
            type="button"
            variant={action === 'reject' ? 'destructive' : 'default'}
            disabled={busy || tooShort}
            onClick={() => void submit()}
            data-testid="exception-confirm"
          >
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            {t(`reconciliation.actions.${action}`)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
