import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader2 } from 'lucide-react';
import type { z } from 'zod';
import { ApiError, newIdempotencyKey, type netOffResult } from '@corridor/api';
import { formatAmount } from '@corridor/domain';
import { FormMessage, TEXTAREA_CLASS } from '@/components/form/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Label } from '@/components/ui/label.tsx';
import { api } from '@/lib/api-client.ts';
import type { Candidate } from './clearance-columns.ts';
import { netOfSelection } from './clearance-query.ts';

export type NetOffResult = z.output<typeof netOffResult>;

/**
 * Asks before netting off the chosen items of a wallet, naming how many and what the net is. The call is sent
 * under one idempotency key per opening: pressing again after a lost answer nets nothing twice. A refusal
 * (an item netted meanwhile) is shown in the dialog, which stays open.
 */
export function NetOffDialog({
  walletId,
  currency,
  dp,
  items,
  onDone,
  onClose,
}: {
  walletId: string;
  currency: string;
  dp: number;
  items: readonly Candidate[];
  onDone: (result: NetOffResult) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [remarks, setRemarks] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  const net = netOfSelection(items);
  const execute = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      const body = { spWalletId: walletId, transactionIds: items.map((i) => i.transactionId), ...(remarks.trim() ? { remarks: remarks.trim() } : {}) };
      onDone(await api.call<'settlements.netOff'>('settlements.netOff', { body, idempotencyKey: key.current }));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setRefusal(error.invalidParameters[0]?.message ?? error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('spClearances.confirm.close')} data-testid="net-off-dialog">
        <DialogHeader>
          <DialogTitle>{t('spClearances.confirm.title')}</DialogTitle>
          <DialogDescription data-testid="net-off-summary">
            {t('spClearances.confirm.summary', { count: items.length, net: `${formatAmount(net, dp)} ${currency}` })}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor="net-off-remarks">{t('spClearances.confirm.remarks')}</Label>
          <textarea
            id="net-off-remarks"
            data-testid="net-off-remarks"
            className={TEXTAREA_CLASS}
            maxLength={255}
            value={remarks}
            onChange={(e) => setRemarks(e.target.value)}
          />
        </div>
        {refusal && <FormMessage id="net-off-refusal">{refusal}</FormMessage>}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} data-testid="net-off-cancel">
            {t('spClearances.confirm.cancel')}
          </Button>
          <Button type="button" disabled={busy} onClick={() => void execute()} data-testid="net-off-confirm">
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            {t('spClearances.confirm.execute')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
