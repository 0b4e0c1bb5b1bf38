import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REASON_TEXTAREA_MIN_ROWS, formatAmount, formatDate } from '@corridor/domain';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Label } from '@/components/ui/label.tsx';
import type { WalletRow } from './sp-wallet-types.ts';
import { nextWalletStatus } from './wallet-approval-tabs.ts';
import { STATUS_REASON_MAX, STATUS_REASON_MIN, statusReasonError } from './wallet-status-reason.ts';

export interface WalletStatusDialogProps {
  /** The wallet to block (when active) or activate (when inactive); null keeps the dialog closed. */
  wallet: WalletRow | null;
  /** Decimals of the wallet's currency. */
  dp: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (wallet: WalletRow, status: 'ACTIVE' | 'INACTIVE', reason: string) => void;
}

/**
 * Confirms a block or an activation: names the wallet and the money it holds, and asks why. Nothing is
 * sent until the TSP confirms with a reason; Escape, the close button and Cancel leave the wallet as it was.
 */
export function WalletStatusDialog(props: WalletStatusDialogProps) {
  const { wallet } = props;
  return (
    <Dialog open={wallet !== null} onOpenChange={(open) => !open && props.onCancel()}>
      {wallet && <StatusContent key={`${wallet.id}-${wallet.status}`} {...props} wallet={wallet} />}
    </Dialog>
  );
}

function StatusContent({ wallet, dp, busy, onCancel, onConfirm }: WalletStatusDialogProps & { wallet: WalletRow }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const next = nextWalletStatus(wallet.status);
  const blocking = next === 'INACTIVE';
  const error = statusReasonError(reason);
  const balance = wallet.position?.balance;

  const submit = () => {
    setTouched(true);
    if (error !== null) return;
    onConfirm(wallet, next, reason.trim());
  };

  return (
    <DialogContent closeLabel={t('spWallet.approval.cancel')} data-testid="wallet-status-dialog">
      <DialogHeader>
        <DialogTitle>{t(blocking ? 'spWallet.approval.blockTitle' : 'spWallet.approval.activateTitle')}</DialogTitle>
        <DialogDescription>{t(blocking ? 'spWallet.approval.blockHint' : 'spWallet.approval.activateHint')}</DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-2 gap-3 rounded-lg border bg-muted/30 p-3 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">{t('spWallet.approval.wallet')}</dt>
          <dd className="font-semibold" data-testid="wallet-status-alias">
            {wallet.alias}
          </dd>
          {wallet.merchantService?.name && <dd className="text-xs text-muted-foreground">{wallet.merchantService.name}</dd>}
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('spWallet.approval.balance')}</dt>
          <dd className="font-semibold tabular-nums" data-testid="wallet-status-balance">
            <bdi>
              {balance ? `${formatAmount(balance.amount, dp)} ${balance.currency}` : `– ${wallet.currency.code}`}
            </bdi>
          </dd>
        </div>
        {wallet.statusReason && (
          <div className="col-span-2" data-testid="wallet-status-last">
            <dt className="text-xs text-muted-foreground">{t('spWallet.approval.lastChange')}</dt>
            <dd>
              {wallet.statusReason}
              {wallet.statusChangedAt && <span className="text-muted-foreground"> · {formatDate(wallet.statusChangedAt)}</span>}
            </dd>
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
        <Label htmlFor="wallet-status-reason">{t('spWallet.approval.reasonLabel')}</Label>
        <textarea
          id="wallet-status-reason"
          rows={REASON_TEXTAREA_MIN_ROWS}
          maxLength={STATUS_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={touched && error !== null}
          aria-describedby={touched && error !== null ? 'wallet-status-reason-error' : undefined}
          data-testid="wallet-status-reason"
          className="min-h-24 w-full rounded-md border bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
        />
        {touched && error !== null && (
          <p id="wallet-status-reason-error" className="text-xs text-destructive" role="alert">
            {t(`spWallet.approval.reasonErrors.${error}`, { min: STATUS_REASON_MIN, max: STATUS_REASON_MAX })}
          </p>
        )}
        <DialogFooter className="mt-2">
          <Button type="button" variant="outline" onClick={onCancel} data-testid="wallet-status-cancel">
            {t('spWallet.approval.cancel')}
          </Button>
          <Button type="submit" variant={blocking ? 'destructive' : 'default'} disabled={busy} data-testid="wallet-status-confirm">
            {t(blocking ? 'spWallet.approval.confirmBlock' : 'spWallet.approval.confirmActivate')}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
