import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { WALLET_DETAIL_TABS } from '@corridor/domain';
import { StatusCell } from '@/components/data-table/status-cell.tsx';
import type { TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { PageHeader } from '@/components/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { CachedAge } from '@/lib/local-first/cached-age.tsx';
import { cn } from '@/lib/cn.ts';
import { TabNav, tabLinkClass } from '@/components/wallets/tab-nav.tsx';
import { AccountingCodeTab } from './accounting-code-tab.tsx';
import { ActivityTable } from '@/components/wallets/activity-table.tsx';
import { LazyPositionActivityTable } from '@/components/wallets/lazy-position-activity-table.tsx';
import { StatementViews, type StatementView } from '@/components/wallets/statement-views.tsx';
import { CurrencyBadge } from './currency-badge.tsx';
import { dpOf } from '@/components/wallets/currency-dp.ts';
import { EmptyWalletPlaceholder } from './empty-wallet-placeholder.tsx';
import { ExportStatementAction } from './export-statement-action.tsx';
import { FigureGrid } from './figure-grid.tsx';
import { tabLabelKey, type WalletDetailTab } from './wallet-detail-tabs.ts';
import { WalletDetailsTab } from './wallet-details-tab.tsx';
import { merchantTransactionLink } from './wallet-transaction-link.tsx';
import { useMerchantWallet, useWalletCurrencies } from './wallet-queries.ts';
import type { Wallet } from './wallet-types.ts';

export interface WalletDetailScreenProps {
  walletId: string;
  tab: WalletDetailTab;
  /** The view of the activity statements tab: the statement, or the holds and releases. */
  view: StatementView;
  /** The route whose search holds the tables' state. */
  tableRoute: TableSearchRoute;
  /** The wallet's credit requests (composed by the route from the credit feature). */
  creditRequests: (wallet: Wallet) => ReactNode;
}

/** Wallet detail (spec 2 wallet detail tabs): details, deal position (disabled), activity statements, credit, accounting code, merchant reserve, payables, receivables. */
export function WalletDetailScreen({ walletId, tab, view, tableRoute, creditRequests }: WalletDetailScreenProps) {
  const { t } = useTranslation();
  const wallet = useMerchantWallet(walletId);
  const currencies = useWalletCurrencies();
  const data = wallet.data;
  const dp = dpOf(currencies.data, data?.currency.code);

  return (
    <div className="flex flex-col gap-5" data-testid="wallet-detail-screen">
      <PageHeader
        back="/merchant/wallet"
        title={data?.alias ?? (wallet.loading ? <Skeleton className="h-6 w-48" /> : t('merchantWallets.detail.unknown'))}
        adornment={data ? <CurrencyBadge code={data.currency.code} /> : undefined}
        description={
          data ? (
            <>
              {data.bank?.name ?? ''}
              {data.walletAccountNumber ? (
                <>
                  {' · '}
                  <bdi dir="ltr">{data.walletAccountNumber}</bdi>
                </>
              ) : null}
            </>
          ) : undefined
        }
        actions={
          <div className="flex items-center gap-3">
            {data && <StatusCell status={data.status} />}
            {data && <ExportStatementAction wallet={data} />}
            <CachedAge updatedAt={wallet.updatedAt} offline={wallet.offline} refreshing={wallet.refreshing} />
          </div>
        }
      />
      <TabNav label={t('merchantWallets.detail.tabs')} testId="wallet-detail-tabs">
        {WALLET_DETAIL_TABS.map((def) => {
          const className = tabLinkClass(def.slug === tab);
          if ('disabled' in def && def.disabled) {
            return (
              <span
                key={def.slug}
                aria-disabled="true"
                data-testid={`wallet-tab-${def.slug}`}
                className={cn(className, 'cursor-not-allowed opacity-50 hover:border-transparent hover:text-muted-foreground')}
              >
                {t(tabLabelKey(def.slug))}
              </span>
            );
          }
          return (
            <Link
              key={def.slug}
              to="/merchant/wallet/$walletId"
              params={{ walletId }}
              search={{ tab: def.slug }}
              data-testid={`wallet-tab-${def.slug}`}
              aria-current={def.slug === tab ? 'page' : undefined}
              className={className}
            >
              {t(tabLabelKey(def.slug))}
            </Link>
          );
        })}
      </TabNav>
      {!data ? (
        wallet.loading ? (
          <Skeleton className="h-64 rounded-xl" />
        ) : (
          <EmptyWalletPlaceholder
            title={t('merchantWallets.detail.missingTitle')}
            description={t(wallet.offline ? 'merchantWallets.empty.offline' : 'merchantWallets.detail.missingDescription')}
            action={{ label: t('merchantWallets.detail.backToList'), to: '/merchant/wallet' }}
          />
        )
      ) : (
        <WalletTabContent tab={tab} view={view} wallet={data} dp={dp} tableRoute={tableRoute} creditRequests={creditRequests} />
      )}
    </div>
  );
}

function WalletTabContent({
  tab,
  view,
  wallet,
  dp,
  tableRoute,
  creditRequests,
}: {
  tab: WalletDetailTab;
  view: StatementView;
  wallet: Wallet;
  dp: number;
  tableRoute: TableSearchRoute;
  creditRequests: (wallet: Wallet) => ReactNode;
}) {
  const { t } = useTranslation();
  const p = wallet.position;
  const ccy = wallet.currency.code;
  switch (tab) {
    case 'details':
    case 'deal-position':
      return <WalletDetailsTab wallet={wallet} dp={dp} />;
    case 'activity-statements':
      return (
        <StatementViews
          view={view}
          statement={<ActivityTable route={tableRoute} walletId={wallet.id} dp={dp} tableKey={`merchant-wallet-activity-${wallet.id}`} />}
          holds={
            <LazyPositionActivityTable
              call="merchantWallets.positionActivity"
              route={tableRoute}
              walletId={wallet.id}
              dp={dp}
              tableKey={`merchant-wallet-holds-${wallet.id}`}
              transactionLink={merchantTransactionLink}
            />
          }
        />
      );
    case 'credit': {
      const c = p?.creditPosition;
      return (
        <div className="flex flex-col gap-6">
          <section className="flex flex-col gap-3">
            <h2 className="text-sm font-semibold">{t('merchantWallets.credit.position')}</h2>
            <FigureGrid
              testId="credit-position"
              dp={dp}
              figures={[
                { id: 'creditLimit', label: t('merchantWallets.credit.creditLimit'), amount: c?.creditLimit.amount, currency: ccy },
                { id: 'openCredit', label: t('merchantWallets.credit.openCredit'), amount: c?.openCredit.amount, currency: ccy },
                { id: 'creditPayable', label: t('merchantWallets.credit.creditPayable'), amount: c?.creditPayable.amount, currency: ccy },
                { id: 'creditReserve', label: t('merchantWallets.credit.creditReserve'), amount: c?.creditReserve.amount, currency: ccy },
                {
                  id: 'merchantCreditReserveAmount',
                  label: t('merchantWallets.credit.merchantCreditReserveAmount'),
                  amount: c?.merchantCreditReserveAmount.amount,
                  currency: ccy,
                },
              ]}
            />
          </section>
          {creditRequests(wallet)}
        </div>
      );
    }
    case 'accounting-code':
      return <AccountingCodeTab walletId={wallet.id} />;
    case 'merchant-reserve':
      return (
        <section className="flex flex-col gap-3">
          <p className="text-sm text-muted-foreground">{t('merchantWallets.reserve.explain')}</p>
          <FigureGrid
            testId="merchant-reserve"
            dp={dp}
            figures={[
              { id: 'merchantReserve', label: t('merchantWallets.summary.merchantReserve'), amount: p?.merchantReserve.amount, currency: ccy },
              { id: 'reserve', label: t('merchantWallets.reserve.reserve'), amount: p?.reserve.amount, currency: ccy },
              {
                id: 'merchantCreditReserveAmount',
                label: t('merchantWallets.credit.merchantCreditReserveAmount'),
                amount: p?.creditPosition.merchantCreditReserveAmount.amount,
                currency: ccy,
              },
              { id: 'balance', label: t('merchantWallets.summary.balance'), amount: p?.balance.amount, currency: ccy },
            ]}
          />
        </section>
      );
    case 'payables':
      return (
        <section className="flex flex-col gap-4">
          <FigureGrid
            testId="payables"
            dp={dp}
            figures={[
              { id: 'creditPayable', label: t('merchantWallets.credit.creditPayable'), amount: p?.creditPosition.creditPayable.amount, currency: ccy },
              { id: 'pendingAuthorization', label: t('merchantWallets.summary.pendingAuthorization'), amount: p?.pendingAuthorization.amount, currency: ccy },
            ]}
          />
          <p className="text-sm text-muted-foreground">{t('merchantWallets.payables.explain')}</p>
          <ActivityTable route={tableRoute} walletId={wallet.id} dp={dp} mode="DEBIT" tableKey={`merchant-wallet-payables-${wallet.id}`} />
        </section>
      );
    case 'receivables':
      return (
        <section className="flex flex-col gap-4">
          <FigureGrid
            testId="receivables"
            dp={dp}
            figures={[
              { id: 'openPosition', label: t('merchantWallets.summary.openPosition'), amount: p?.openPosition.amount, currency: ccy },
              { id: 'balance', label: t('merchantWallets.summary.balance'), amount: p?.balance.amount, currency: ccy },
            ]}
          />
          <p className="text-sm text-muted-foreground">{t('merchantWallets.receivables.explain')}</p>
          <ActivityTable route={tableRoute} walletId={wallet.id} dp={dp} mode="CREDIT" tableKey={`merchant-wallet-receivables-${wallet.id}`} />
        </section>
      );
  }
}
