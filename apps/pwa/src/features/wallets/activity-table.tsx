import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { activityColumns, categoryOptions } from './activity-columns.ts';
import { activityQuery } from './activity-query.ts';

/**
 * A wallet's activity statement as the one DataTable: date range and category filters, paging
 * and sort in the URL, answers cached per query so a page seen once opens offline.
 */
export function ActivityTable({ route, walletId, dp, mode, tableKey }: {
  route: TableSearchRoute;
  walletId: string;
  dp: number;
  mode?: 'CREDIT' | 'DEBIT';
  tableKey: string;
}) {
  const { t } = useTranslation();
  const { state, onStateChange } = useTableSearch(route, { tableKey });
  const query = activityQuery(walletId, state, mode);
  const answer = useLocalFirst({
    key: cacheKey('merchantWallets.activity', query),
    fetch: () => api.call<'merchantWallets.activity'>('merchantWallets.activity', { query }),
  });
  const columns = useMemo(
    () => activityColumns(dp, categoryOptions((value) => t(`merchantWallets.category.${value}`))),
    [dp, t],
  );
  return (
    <DataTable
      columns={columns}
      data={answer.data?.content ?? []}
      total={answer.data?.totalElements ?? 0}
      state={state}
      onStateChange={onStateChange}
      loading={answer.loading}
      tableKey={tableKey}
      getRowId={(row, index) => `${row.transactionId ?? 'line'}-${row.date}-${row.action}-${index}`}
      updatedAt={answer.updatedAt ?? undefined}
      offline={answer.offline}
      label={t('merchantWallets.activity.title')}
      emptyState={
        <div className="py-8 text-center text-sm text-muted-foreground" data-testid="activity-empty">
          {t('merchantWallets.activity.empty')}
        </div>
      }
    />
  );
}
