import { TRANSACTION_TYPES } from '@corridor/domain';
import type { ColumnDef, FilterOption } from '@/components/data-table/column-def.ts';
import { ACTIVITY_CATEGORY_FILTER, ACTIVITY_DATE_FILTER } from './activity-query.ts';
import { timestampText } from './format-time.ts';
import type { StatementLine } from './wallet-types.ts';

/** Categories a statement line can carry (spec 9 transaction types). */
export function categoryOptions(label: (value: string) => string): FilterOption[] {
  return TRANSACTION_TYPES.map((type) => ({ value: type.value, name: label(type.value) }));
}

/** Column set of a wallet's activity statement (one DataTable, spec 2). */
export function activityColumns(dp: number, categories: readonly FilterOption[]): ColumnDef<StatementLine>[] {
  const categoryName = (value: string) => categories.find((c) => c.value === value)?.name ?? value;
  return [
    {
      id: 'date',
      field: 'date',
      header: 'merchantWallets.activity.date',
      sorting: true,
      filterType: 'date-range',
      filterKey: ACTIVITY_DATE_FILTER,
      width: '11rem',
      cell: (row) => timestampText(row.date),
    },
    { id: 'transactionId', field: 'transactionId', header: 'merchantWallets.activity.transactionId', kind: 'text' },
    {
      id: 'category',
      field: 'category',
      header: 'merchantWallets.activity.category',
      cell: (row) => categoryName(row.category),
      filterType: 'status',
      filterKey: ACTIVITY_CATEGORY_FILTER,
      filterOptions: categories,
    },
    { id: 'description', field: 'description', header: 'merchantWallets.activity.description', kind: 'text' },
    { id: 'mode', field: 'mode', header: 'merchantWallets.activity.mode', kind: 'status' },
    {
      id: 'amount',
      field: 'amount',
      header: 'merchantWallets.activity.amount',
      kind: 'amount',
      align: 'end',
      amount: { dp, currency: (row) => row.currency, sign: (row) => (row.mode === 'CREDIT' ? 'credit' : 'debit') },
    },
    {
      id: 'closingBalance',
      field: 'closingBalance',
      header: 'merchantWallets.activity.closingBalance',
      kind: 'amount',
      align: 'end',
      amount: { dp, currency: (row) => row.currency },
    },
  ];
}
