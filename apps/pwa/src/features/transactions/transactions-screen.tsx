import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouter } from '@tanstack/react-router';
import { TRANSACTION_TABS, TRANSACTION_STATUSES, tabForSlug } from '@corridor/domain';
import { AppLink } from '@/components/app-link.tsx';
import { ListScreen } from '@/components/data-table/list-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { UnsentItems } from '@/components/sync-health/unsent-items.tsx';
import { TabNav, tabLinkClass } from '@/components/wallets/tab-nav.tsx';
import { useViewerCurrencyDp } from '@/components/wallets/use-currency-dp.ts';
import { useCurrentUser } from '@/lib/session-context.tsx';
import type { TransactionKind, TransactionViewer } from './transaction-kind.ts';
import { transactionColumns, type TransactionView } from './transaction-columns.tsx';
import { transactionPaths } from './transaction-paths.ts';
import { transactionQuery } from './transaction-query.ts';
import { useTspMerchants } from '@/components/wallets/use-tsp-merchants.ts';
import { useTransactions } from './use-transaction-data.ts';

export interface TransactionsScreenProps {
  viewer: TransactionViewer;
  kind: TransactionKind;
  route: TableSearchRoute;
  /** The open tab's slug (from the URL). */
  tab: string | undefined;
  /** The header's buttons (the merchant's New top-up or New transfer). */
  actions?: ReactNode;
}

const TITLE: Record<TransactionKind, string> = { TOP_UP: 'transactionList.topUpsTitle', TRANSFER: 'transactionList.transfersTitle' };
const SUBTITLE: Record<TransactionViewer, Record<TransactionKind, string>> = {
  MERCHANT: { TOP_UP: 'transactionList.merchantTopUpsSubtitle', TRANSFER: 'transactionList.merchantTransfersSubtitle' },
  TSP: { TOP_UP: 'transactionList.tspTopUpsSubtitle', TRANSFER: 'transactionList.tspTransfersSubtitle' },
};

/**
 * A transactions list, top-ups or transfers, merchant's or TSP's: the spec's transaction status tabs, the
 * one data table with server paging, sort and filters kept in the URL, read from the device first with its
 * age, and rows that open the transaction's page (click, or Enter on the
 * focused row). Approving and rejecting live on the authorization screens.
 */
export function TransactionsScreen({ viewer, kind, route, tab, actions }: TransactionsScreenProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const paths = transactionPaths(viewer, kind);
  const current = tabForSlug(TRANSACTION_TABS, tab);
  const tableKey = `${viewer === 'MERCHANT' ? 'merchant' : 'sp'}-${kind === 'TOP_UP' ? 'top-ups' : 'transfers'}-${current.slug}`;
  const { state, onStateChange } = useTableSearch(route, { tableKey });
  const query = transactionQuery(state, current.status, kind);
  const list = useTransactions(viewer, query);
  const dpOf = useViewerCurrencyDp(viewer);
  const merchantOptions = useTspMerchants(viewer === 'TSP');
  const columns = useMemo(
    () =>
      transactionColumns({
        kind,
        viewer,
        dpOf,
        merchantOptions,
        label: (key, fallback) => t(key, { defaultValue: fallback }),
        ...(current.status === 'OVERVIEW' ? { statusOptions: TRANSACTION_STATUSES.map((s) => ({ value: s, name: t(`transactionList.status.${s}`) })) } : {}),
      }),
    [kind, viewer, dpOf, merchantOptions, current.status, t],
  );
  const title = t(TITLE[kind]);
  const userId = useCurrentUser()?.id ?? null;
  // The merchant's top-ups made offline wait in the outbox: the overview and pending tabs (where they
  // will land) show them above the server's table until the server holds them.
  const showsUnsent = userId !== null && viewer === 'MERCHANT' && kind === 'TOP_UP' && (current.status === 'OVERVIEW' || current.status === 'PENDING');
  return (
    <ListScreen
      testId="transactions-screen"
      attributes={{ 'data-viewer': viewer, 'data-kind': kind }}
      title={title}
      description={t(SUBTITLE[viewer][kind])}
      actions={actions}
      above={
        <>
          <TabNav label={t('transactionList.statusTabs')} testId="transaction-tabs">
            {TRANSACTION_TABS.map((def) => (
              <AppLink
                key={def.slug}
                href={paths.tab(def.slug)}
                data-testid={`transaction-tab-${def.slug}`}
                aria-current={def.slug === current.slug ? 'page' : undefined}
                className={tabLinkClass(def.slug === current.slug)}
              >
                {t(def.labelKey)}
              </AppLink>
            ))}
          </TabNav>
          {showsUnsent && <UnsentItems userId={userId} list="topUps" />}
        </>
      }
      list={list}
      columns={columns}
      table={{ state, onStateChange }}
      tableKey={tableKey}
      onRowClick={(r: TransactionView) => void router.navigate({ href: paths.details(r.transactionId) })}
      empty={{ testId: 'transactions-empty', title: t('transactionList.empty.title'), description: t('transactionList.empty.description') }}
    />
  );
}
