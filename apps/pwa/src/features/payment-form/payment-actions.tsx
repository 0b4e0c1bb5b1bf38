import { useTranslation } from 'react-i18next';
import type { PaymentDraftState } from '@corridor/state-machines';
import { Loader2, Save, Send } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { FormMessage } from '@/components/form/form-field.tsx';
import type { SendBlock } from '@/components/fx-panel/quote-steps.ts';
import { STORAGE_FAILED, STORAGE_FULL } from './payment-calls.ts';
import { QueuedStatus, type QueuedStatusProps } from './queued-status.tsx';

export interface PaymentActionsProps {
  state: PaymentDraftState;
  error: { status?: number; code: string; message: string } | null;
  /**
   * The quote of a cross-currency payment is expired, under edit or failed: no send until a new one,
   * and the button names that step instead.
   */
  blockedBy: SendBlock | null;
  onSend: () => void;
  onSaveDraft: () => void;
  /** The draft as the device's outbox holds it, while it waits there. */
  queued?: QueuedStatusProps | null;
}

/** Send (initiates the payment: funds held) and Save as draft, with what the draft waits for. */
export function PaymentActions({ state, error, blockedBy, onSend, onSaveDraft, queued }: PaymentActionsProps) {
  const { t } = useTranslation();
  const busy = state === 'submitting' || state === 'submitted' || state === 'queued';
  const notStored = state === 'rejected' && error?.status === 0 && (error.code === STORAGE_FULL || error.code === STORAGE_FAILED);
  return (
    <div className="grid gap-2">
      {state === 'queued' && queued && <QueuedStatus {...queued} />}
      {state === 'needsSignIn' && <FormMessage id="payment-sign-in">{t('paymentForm.needsSignIn')}</FormMessage>}
      {notStored && (
        <FormMessage id="payment-not-stored">
          {error.code === STORAGE_FULL ? t('paymentForm.storageFull') : t('paymentForm.notSaved', { message: error.message })}
        </FormMessage>
      )}
      {state === 'rejected' && error && !notStored && <FormMessage id="payment-refused">{t('paymentForm.refused', { message: error.message })}</FormMessage>}
      {state === 'quoting' && error?.code === 'QUOTE_EXPIRED' && <FormMessage id="payment-quote-expired">{t('paymentForm.quoteExpired')}</FormMessage>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" disabled={busy} onClick={onSaveDraft} data-testid="payment-save-draft">
          <Save aria-hidden />
          {t('paymentForm.saveDraft')}
        </Button>
        <Button type="button" disabled={busy || blockedBy !== null} onClick={onSend} data-testid="payment-send" data-blocked-by={blockedBy ?? undefined}>
          {state === 'submitting' ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
          {blockedBy ? t(`fxPanel.nextStep.${blockedBy}`) : t(state === 'quoting' ? 'paymentForm.sendWhenQuoted' : 'paymentForm.send')}
        </Button>
      </div>
    </div>
  );
}
