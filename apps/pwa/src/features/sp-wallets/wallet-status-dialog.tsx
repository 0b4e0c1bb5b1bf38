import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate } from '@corridor/domain';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import type { WalletRow } from './sp-wallet-types.ts';
import { nextWalletStatus } from './wallet-approval-tabs.ts';
import { WalletStatusForm } from './wallet-status-form.tsx';

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
  const next = nextWalletStatus(wallet.status);
  const blocking = next === 'INACTIVE';
  const balance = wallet.position?.balance;

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
            <bdi>{balance ? `${formatAmount(balance.amount, dp)} ${balance.currency}` : `– ${wallet.currency.code}`}</bdi>
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
      <WalletStatusForm blocking={blocking} busy={busy} onCancel={onCancel} onConfirm={(reason) => onConfirm(wallet, next, reason)} />
    </DialogContent>
  );
}
