import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { positionActivity } from '@corridor/api';
import { MISSING_VALUE, toWirePage } from '@corridor/domain';
import type { ColumnDef } from '@/components/data-table/column-def.ts';
import { ListTable } from '@/components/data-table/list-table.tsx';
import { ListEmptyLine } from '@/components/data-table/list-states.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import type { TableState } from '@/lib/table-state-search.ts';
import { timestampText } from './format-time.ts';
import { movementOf } from './position-movement.ts';

export type PositionMove = z.output<typeof positionActivity>;

/** The position activity calls: a merchant's own wallets, a TSP's own wallets, a TSP's merchants' wallets. */
export type PositionActivityCall = 'merchantWallets.positionActivity' | 'spWallets.positionActivity' | 'spWallets.merchantPositionActivity';

/** One wallet's movements, a page at a time, newest first unless sorted otherwise. */
function positionActivityQuery(walletId: string, state: TableState) {
  const query: { walletIds: string[]; page: number; size: number; sort?: string[] } = {
    walletIds: [walletId],
    page: toWirePage(state.page),
    size: state.pageSize,
  };
  if (state.sort.length > 0) query.sort = [...state.sort];
  return query;
}

/**
 * A wallet's holds and releases: every movement of each of its position buckets (a payment's hold,
 * its release, its settlement...) with the bucket's value after it, paged by the server, sort in
 * the URL, answers cached per query so a page seen once opens offline.
 */
export function PositionActivityTable({
  call,
  route,
  walletId,
  dp,
  tableKey,
  transactionLink,
}: {
  call: PositionActivityCall;
  route: TableSearchRoute;
  walletId: string;
  dp: number;
  tableKey: string;
  /** A link to the movement's payment or transaction page where the portal has one; null shows the id as text. */
  transactionLink: (transactionId: string, move: PositionMove) => ReactNode;
}) {
  const { t } = useTranslation();
  const { state, onStateChange } = useTableSearch(route, { tableKey });
  const query = positionActivityQuery(walletId, state);
  const answer = useLocalFirst({
    key: cacheKey(call, query),
    fetch: () => api.call<PositionActivityCall>(call, { query }),
  });
  const columns = useMemo<ColumnDef<PositionMove>[]>(
    () => [
      { id: 'date', field: 'date', header: 'merchantWallets.holds.date', sorting: true, width: '11rem', cell: (row) => timestampText(row.date) },
      {
        id: 'transactionId',
        field: 'transactionId',
        header: 'merchantWallets.holds.transactionId',
        cell: (row) =>
          row.transactionId === null
            ? MISSING_VALUE
            : (transactionLink(row.transactionId, row) ?? <span className="font-mono text-xs">{row.transactionId}</span>),
      },
      {
        id: 'movement',
        field: 'action',
        header: 'merchantWallets.holds.movement',
        cell: (row) => {
          const meaning = movementOf(row.action);
          return (
            <span className="flex flex-col" data-testid="position-movement">
              <span className="font-medium">{t(`merchantWallets.movement.${meaning.movement}`)}</span>
              <span className="text-xs text-muted-foreground">{t(`merchantWallets.bucket.${meaning.bucket}`, { defaultValue: meaning.bucket })}</span>
            </span>
          );
        },
      },
      {
        id: 'amount',
        field: 'amount',
        header: 'merchantWallets.holds.amount',
        sorting: true,
        kind: 'amount',
        align: 'end',
        amount: { dp, currency: (row) => row.currency, sign: (row) => (movementOf(row.action).side === 'CREDIT' ? 'credit' : 'debit') },
      },
      {
        id: 'balanceAfter',
        field: 'balanceAfter',
        header: 'merchantWallets.holds.balanceAfter',
        kind: 'amount',
        align: 'end',
        amount: { dp, currency: (row) => row.currency },
      },
    ],
    [dp, t, transactionLink],
  );
  return (
    <div className="flex flex-col gap-3">
      <ListTable
        list={answer}
        columns={columns}
        table={{ state, onStateChange }}
        tableKey={tableKey}
        getRowId={(row) => row.walletPositionActivityId}
        label={t('merchantWallets.holds.title')}
        failed={{ testId: 'position-activity-error', message: t('merchantWallets.holds.loadFailed') }}
        empty={<ListEmptyLine testId="position-activity-empty" text={t('merchantWallets.holds.empty')} />}
      />
    </div>
  );
}
