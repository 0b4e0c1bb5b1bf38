import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { StatusCell } from '@/components/data-table/status-cell.tsx';
import type { TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { PageHeader } from '@/components/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { VoucherViewModal } from '@/components/voucher/voucher-view-modal.tsx';
import { ActivityTable } from '@/components/wallets/activity-table.tsx';
import { LazyPositionActivityTable } from '@/components/wallets/lazy-position-activity-table.tsx';
import { StatementViews, type StatementView } from '@/components/wallets/statement-views.tsx';
import { TabNav, tabLinkClass } from '@/components/wallets/tab-nav.tsx';
import { WalletSummaryCards, positionFigures } from '@/components/wallets/wallet-summary-cards.tsx';
import type { Wallet } from '@/components/wallets/wallet-types.ts';
import { api } from '@/lib/api-client.ts';
import { CachedAge } from '@/lib/local-first/cached-age.tsx';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { regionName } from '@/lib/region-name.ts';
import { SP_WALLET_DETAIL_TABS, spWalletPath, type SpWalletDetailTab, type SpWalletOwner } from './sp-wallet-detail-tabs.ts';
import { SpWalletDealPositions } from './sp-wallet-deal-positions.tsx';
import { SpWalletVouchers } from './sp-wallet-vouchers.tsx';
import { spTransactionLink } from './sp-wallet-transaction-link.tsx';
import { useSpCurrencies } from './use-sp-currencies.ts';
import { accountCategoryText } from './wallet-list-columns.tsx';
import { BidiText } from '@/components/ui/bidi-text.tsx';

/** Where the back link of each kind of wallet returns to: the list its rows open from. */
const BACK: Record<SpWalletOwner, string> = {
  own: '/service-provider/wallet/wallet-list',
  merchant: '/service-provider/wallet/network',
};

export interface SpWalletDetailScreenProps {
  walletId: string;
  owner: SpWalletOwner;
  tab: SpWalletDetailTab;
  /** The view of the statement tab: the statement, or the holds and releases. */
  view: StatementView;
  /** The route whose search holds the statement table's state. */
  tableRoute: TableSearchRoute;
}

/** One wallet, read from the device first: the TSP's own through its call, a merchant's through the network call. */
function useSpWallet(walletId: string, owner: SpWalletOwner) {
  return useLocalFirst({
    key: cacheKey(owner === 'own' ? 'spWallets.get' : 'spWallets.merchantWallet', { id: walletId }),
    store: 'positions',
    fetch: () =>
      owner === 'own'
        ? api.call<'spWallets.get'>('spWallets.get', { path: { id: walletId } })
        : api.call<'spWallets.merchantWallet'>('spWallets.merchantWallet', { path: { id: walletId } }),
  });
}

/**
 * A wallet's page in the service-provider portal (its own URL, like the merchant's wallet page):
 * details with the position cards, the deal positions, the statement, and the wallet's vouchers, the open tab in the URL.
 */
export function SpWalletDetailScreen({ walletId, owner, tab, view, tableRoute }: SpWalletDetailScreenProps) {
  const { t } = useTranslation();
  const wallet = useSpWallet(walletId, owner);
  const { dpOf } = useSpCurrencies();
  const data = wallet.data;
  const dp = dpOf(data?.currency.code);
  const [voucherOf, setVoucherOf] = useState<string | null>(null);

  return (
    <div className="flex min-w-0 flex-col gap-5" data-testid="sp-wallet-detail">
      <PageHeader
        back={BACK[owner]}
        title={data?.alias ?? (wallet.loading ? <Skeleton className="h-6 w-48" /> : t('merchantWallets.detail.unknown'))}
        adornment={data ? <StatusCell status={data.status} /> : undefined}
        description={
          data ? (
            <bdi dir="ltr" className="font-mono text-xs">
              {data.walletAccountNumber ?? data.id}
            </bdi>
          ) : undefined
        }
        actions={<CachedAge updatedAt={wallet.updatedAt} offline={wallet.offline} refreshing={wallet.refreshing} />}
      />
      <TabNav label={t('spWallet.detail.tabs.label')} testId="sp-wallet-detail-tabs">
        {SP_WALLET_DETAIL_TABS.map((slug) => (
          <Link
            key={slug}
            to={spWalletPath(owner)}
            params={{ walletId }}
            search={{ tab: slug }}
            data-testid={`sp-wallet-detail-tab-${slug}`}
            aria-current={slug === tab ? 'page' : undefined}
            className={tabLinkClass(slug === tab)}
          >
            {t(`spWallet.detail.tabs.${slug}`)}
          </Link>
        ))}
      </TabNav>
      {!data ? (
        wallet.loading ? (
          <Skeleton className="h-64 rounded-xl" />
        ) : (
          <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground" data-testid="sp-wallet-missing">
            {t(wallet.offline ? 'merchantWallets.empty.offline' : 'merchantWallets.detail.missingDescription')}
          </p>
        )
      ) : tab === 'details' ? (
        <SpWalletDetails wallet={data} dp={dp} owner={owner} />
      ) : tab === 'deal-position' ? (
        <SpWalletDealPositions walletId={data.id} dpOf={dpOf} />
      ) : tab === 'statement' ? (
        <StatementViews
          view={view}
          statement={
            <ActivityTable
              call={owner === 'own' ? 'spWallets.activity' : 'spWallets.merchantActivity'}
              route={tableRoute}
              walletId={data.id}
              dp={dp}
              tableKey={`sp-wallet-statement-${data.id}`}
              onOpenLine={(line) => line.transactionId && setVoucherOf(line.transactionId)}
            />
          }
          holds={
            <LazyPositionActivityTable
              call={owner === 'own' ? 'spWallets.positionActivity' : 'spWallets.merchantPositionActivity'}
              route={tableRoute}
              walletId={data.id}
              dp={dp}
              tableKey={`sp-wallet-holds-${data.id}`}
              transactionLink={spTransactionLink}
            />
          }
        />
      ) : (
        <SpWalletVouchers entityId={data.id} dpOf={dpOf} />
      )}
      <VoucherViewModal entityId={voucherOf} onClose={() => setVoucherOf(null)} dpOf={dpOf} />
    </div>
  );
}

/** The details tab: the position cards (the TSP's own wallets read their live position) and what identifies the wallet. */
function SpWalletDetails({ wallet, dp, owner }: { wallet: Wallet; dp: number; owner: SpWalletOwner }) {
  const { t } = useTranslation();
  const position = useLocalFirst({
    key: cacheKey('spWallets.position', { id: wallet.id }),
    store: 'positions',
    fetch: () => api.call<'spWallets.position'>('spWallets.position', { path: { id: wallet.id } }),
    enabled: owner === 'own',
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
  const live = owner === 'own' ? position.data : undefined;
  return (
    <div className="flex flex-col gap-5">
      <WalletSummaryCards figures={positionFigures(live ?? wallet.position)} dp={dp} loading={owner === 'own' && position.loading && !wallet.position} />
      <section className="rounded-xl border bg-card p-4 shadow-xs" data-testid="mini-wallet-card">
        <h2 className="mb-3 text-sm font-semibold">{t('spWallet.detail.title')}</h2>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
          {details.map(([label, value]) => (
            <div key={label} className="flex min-w-0 flex-col">
              <dt className="text-xs text-muted-foreground">{t(label)}</dt>
              <dd className="break-words font-medium">
                <BidiText text={value} />
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
