import { useTranslation } from 'react-i18next';
import { FileText } from 'lucide-react';
import { formatAmount, formatTimestamp } from '@corridor/domain';
import { StatusCell } from '@/components/data-table/status-cell.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet.tsx';
import { api } from '@/lib/api-client.ts';
import { CachedAge } from '@/lib/local-first/cached-age.tsx';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import type { WalletRow } from './sp-wallet-types.ts';
import { WalletSummaryCards } from './wallet-summary-cards.tsx';
import { accountCategoryText } from './wallet-list-columns.ts';
import { regionName } from '@/lib/region-name.ts';

/** How many recent activity lines the detail shows. */
const RECENT_ACTIVITY = 8;

export interface WalletDetailSheetProps {
  wallet: WalletRow | null;
  dpOf: (code: string | null | undefined) => number;
  onClose: () => void;
  /** Opens the voucher view of a transaction or of the wallet. */
  onShowVouchers: (entityId: string) => void;
}

/** A TSP wallet's detail: mini wallet details card, summary card row, recent activity with vouchers. */
export function WalletDetailSheet({ wallet, dpOf, onClose, onShowVouchers }: WalletDetailSheetProps) {
  const { t } = useTranslation();
  return (
    <Sheet open={wallet !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent closeLabel={t('spWallet.close')} className="w-full overflow-y-auto sm:max-w-3xl" data-testid="sp-wallet-detail">
        {wallet && <WalletDetail wallet={wallet} dpOf={dpOf} onShowVouchers={onShowVouchers} />}
      </SheetContent>
    </Sheet>
  );
}

function WalletDetail({ wallet, dpOf, onShowVouchers }: Omit<WalletDetailSheetProps, 'wallet' | 'onClose'> & { wallet: WalletRow }) {
  const { t } = useTranslation();
  const dp = dpOf(wallet.currency.code);
  const position = useLocalFirst({
    key: cacheKey('spWallets.position', { id: wallet.id }),
    store: 'positions',
    fetch: () => api.call<'spWallets.position'>('spWallets.position', { path: { id: wallet.id } }),
  });
  const activityQuery = { walletIds: [wallet.id], page: 0, size: RECENT_ACTIVITY, sort: ['date,DESC,ignorecase'] };
  const activity = useLocalFirst({
    key: cacheKey('spWallets.activity', activityQuery),
    fetch: () => api.call<'spWallets.activity'>('spWallets.activity', { query: activityQuery }),
  });
  const details: [string, string][] = [
    ['spWallet.columns.accountCategory', accountCategoryText(t, wallet.accountCategoryId)],
    ['spWallet.detail.accountNumber', wallet.walletAccountNumber ?? '-'],
    ['spWallet.columns.currency', wallet.currency.code],
    ['spWallet.columns.country', regionName(wallet.country.code, wallet.country.name)],
    ['spWallet.columns.bank', wallet.bank?.name ?? '-'],
    ['spWallet.detail.iban', wallet.bankAccount?.iban ?? '-'],
    ['spWallet.detail.bic', wallet.bankAccount?.bic ?? '-'],
    ['spWallet.detail.coveringModel', wallet.coveringModel ?? '-'],
  ];
  return (
    <div className="flex flex-col gap-5 p-4">
      <SheetHeader className="p-0">
        <SheetTitle className="flex items-center gap-2">
          {wallet.alias} <StatusCell status={wallet.status} />
        </SheetTitle>
        <SheetDescription className="flex flex-wrap items-center gap-3">
          <span className="font-mono text-xs">{wallet.id}</span>
          <CachedAge updatedAt={position.updatedAt} offline={position.offline} refreshing={position.refreshing} />
        </SheetDescription>
      </SheetHeader>
      <WalletSummaryCards position={position.data ?? wallet.position} dp={dp} loading={position.loading && !wallet.position} />
      <section className="rounded-lg border p-4" data-testid="mini-wallet-card">
        <h3 className="mb-3 text-sm font-semibold">{t('spWallet.detail.title')}</h3>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
          {details.map(([label, value]) => (
            <div key={label} className="flex flex-col">
              <dt className="text-xs text-muted-foreground">{t(label)}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="flex flex-col gap-2">
        <div className="flex items-center justify-between">
          <h3 className="text-sm font-semibold">{t('spWallet.detail.activity')}</h3>
          <Button size="sm" variant="outline" onClick={() => onShowVouchers(wallet.id)} data-testid="sp-wallet-vouchers">
            <FileText className="size-4" aria-hidden />
            {t('spWallet.detail.vouchers')}
          </Button>
        </div>
        <div className="overflow-hidden rounded-lg border">
          {(activity.data?.content ?? []).length === 0 ? (
            <p className="p-4 text-center text-sm text-muted-foreground">{t('spWallet.detail.noActivity')}</p>
          ) : (
            <table className="w-full text-sm">
              <tbody>
                {activity.data?.content.map((line, index) => (
                  <tr key={`${line.transactionId ?? 'line'}-${index}`} className="border-b last:border-0" data-testid="sp-activity-row">
                    <td className="px-3 py-2">
                      <div className="font-medium">{line.description ?? line.action}</div>
                      <div className="text-xs text-muted-foreground">{formatTimestamp(line.date)} · {line.category}</div>
                    </td>
                    <td className={line.mode === 'CREDIT' ? 'px-3 py-2 text-end tabular-nums text-emerald-700' : 'px-3 py-2 text-end tabular-nums text-red-700'}>
                      <bdi>{formatAmount(line.amount, dp, { sign: line.mode === 'CREDIT' ? 'credit' : 'debit' })}</bdi>
                    </td>
                    <td className="w-10 px-2 py-2 text-end">
                      {line.transactionId && (
                        <Button
                          size="icon"
                          variant="ghost"
                          aria-label={t('spWallet.detail.viewVoucher')}
                          title={t('spWallet.detail.viewVoucher')}
                          onClick={() => line.transactionId && onShowVouchers(line.transactionId)}
                          data-testid="sp-activity-voucher"
                        >
                          <FileText className="size-4" aria-hidden />
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </section>
    </div>
  );
}
