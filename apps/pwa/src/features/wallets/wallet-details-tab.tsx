import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MISSING_VALUE } from '@corridor/domain';
import { StatusCell } from '@/components/data-table/status-cell.tsx';
import { timestampText } from '@/components/wallets/format-time.ts';
import { WalletSummaryCards, positionFigures } from '@/components/wallets/wallet-summary-cards.tsx';
import type { Wallet } from './wallet-types.ts';
import { regionName } from '@/lib/region-name.ts';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4" data-testid={testId}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium sm:text-end">{children}</dd>
    </div>
  );
}

/** Details tab: the wallet's summary card row and what identifies the wallet (spec 3 Wallet). */
export function WalletDetailsTab({ wallet, dp }: { wallet: Wallet; dp: number }) {
  const { t } = useTranslation();
  const figures = positionFigures(wallet.position);
  return (
    <div className="flex flex-col gap-6">
      <WalletSummaryCards figures={figures} dp={dp} />
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="rounded-xl border bg-card px-5 py-2 shadow-xs">
          <h3 className="pt-3 text-sm font-semibold">{t('merchantWallets.details.account')}</h3>
          <dl className="divide-y">
            <Row label={t('merchantWallets.details.alias')} testId="wallet-detail-alias">
              {wallet.alias}
            </Row>
            <Row label={t('merchantWallets.details.accountNumber')} testId="wallet-detail-account-number">
              <bdi dir="ltr">{wallet.walletAccountNumber ?? MISSING_VALUE}</bdi>
            </Row>
            <Row label={t('merchantWallets.details.type')}>{wallet.types.map((x) => t(`merchantWallets.type.${x}`)).join(', ')}</Row>
            <Row label={t('merchantWallets.details.status')}>
              <StatusCell status={wallet.status} />
            </Row>
            <Row label={t('merchantWallets.details.currency')} testId="wallet-detail-currency">
              {wallet.currency.code}
            </Row>
            <Row label={t('merchantWallets.details.country')}>{regionName(wallet.country.code, wallet.country.name)}</Row>
          </dl>
        </section>
        <section className="rounded-xl border bg-card px-5 py-2 shadow-xs">
          <h3 className="pt-3 text-sm font-semibold">{t('merchantWallets.details.bank')}</h3>
          <dl className="divide-y">
            <Row label={t('merchantWallets.details.bankName')}>{wallet.bank?.name ?? MISSING_VALUE}</Row>
            <Row label={t('merchantWallets.details.iban')}>
              <bdi dir="ltr" className="font-mono">
                {wallet.bankAccount?.iban ?? MISSING_VALUE}
              </bdi>
            </Row>
            <Row label={t('merchantWallets.details.bic')}>
              <bdi dir="ltr" className="font-mono">
                {wallet.bankAccount?.bic ?? MISSING_VALUE}
              </bdi>
            </Row>
            <Row label={t('merchantWallets.details.serviceProvider')}>{wallet.serviceProvider?.name ?? MISSING_VALUE}</Row>
            <Row label={t('merchantWallets.details.created')}>{timestampText(wallet.createdAt)}</Row>
            <Row label={t('merchantWallets.details.positionUpdated')}>{timestampText(wallet.position?.updatedAt)}</Row>
          </dl>
        </section>
      </div>
    </div>
  );
}
