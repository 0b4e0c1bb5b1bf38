import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/data-table/list-table.tsx';
import { ListEmptyLine } from '@/components/data-table/list-states.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { activityColumns, categoryOptions } from './activity-columns.ts';
import { activityQuery } from './activity-query.ts';
import { fetchPage } from '@/components/data-table/page-cursors.ts';
import type { StatementLine } from './wallet-types.ts';

/** The statement calls: a merchant's own wallets, a TSP's own wallets, a TSP's merchants' wallets. */
export type ActivityCall = 'merchantWallets.activity' | 'spWallets.activity' | 'spWallets.merchantActivity';

/**
 * A wallet's activity statement as the one DataTable: date range and category filters, paging
 * and sort in the URL, answers cached per query so a page seen once opens offline.
 */
export function ActivityTable({
  call = 'merchantWallets.activity',
  route,
  walletId,
  dp,
  mode,
  tableKey,
  onOpenLine,
}: {
  /** Which portal's statement call answers (the merchant's own wallets by default). */
  call?: ActivityCall;
  route: TableSearchRoute;
  walletId: string;
  dp: number;
  mode?: 'CREDIT' | 'DEBIT';
  tableKey: string;
  /** Opens a line (its vouchers), by click or from the keyboard. */
  onOpenLine?: (line: StatementLine) => void;
}) {
  const { t } = useTranslation();
  const { state, onStateChange } = useTableSearch(route, { tableKey });
  const query = activityQuery(walletId, state, mode);
  const answer = useLocalFirst({
    key: cacheKey(call, query),
    // The statement pages by keyset too: a page the walk has reached goes by its cursor.
    fetch: () => fetchPage(call, query, (sent) => api.call<ActivityCall>(call, { query: sent })),
  });
  const columns = useMemo(
    () =>
      activityColumns(
        dp,
        categoryOptions((value) => t(`merchantWallets.category.${value}`)),
      ),
    [dp, t],
  );
  return (
    <ListTable
      list={answer}
      columns={columns}
      table={{ state, onStateChange }}
      tableKey={tableKey}
      onRowClick={onOpenLine}
      getRowId={(row, index) => `${row.transactionId ?? 'line'}-${row.date}-${row.action}-${index}`}
      label={t('merchantWallets.activity.title')}
      empty={<ListEmptyLine testId="activity-empty" text={t('merchantWallets.activity.empty')} />}
    />
  );
}
