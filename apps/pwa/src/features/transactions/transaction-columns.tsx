import type { z } from 'zod';
import type { transaction } from '@corridor/api';
import { MISSING_VALUE, formatDate, formatRate } from '@corridor/domain';
import type { ColumnDef, FilterOption } from '@/components/data-table/column-def.ts';
import { MultiLineCell } from '@/components/data-table/multi-line-cell.tsx';
import { timestampText } from '@/components/wallets/format-time.ts';
import type { TransactionKind, TransactionViewer } from './transaction-kind.ts';
import { TransactionStatusTag } from './transaction-status-tag.tsx';

/** A transaction as the contract gives it. */
export type TransactionView = z.output<typeof transaction>;

export interface TransactionColumnOptions {
  kind: TransactionKind;
  viewer: TransactionViewer;
  dpOf: (currency: string) => number;
  /** The status filter's choices: only in the overview, where no tab pins the status. */
  statusOptions?: readonly FilterOption[];
  /** The TSP's merchants, as the merchant column's filter and names. */
  merchantOptions?: readonly FilterOption[];
  /** Translates a collection mode or a category for its cell. */
  label: (key: string, fallback: string) => string;
}

const H = 'transactionList.columns';

/**
 * The columns of a transactions list (merchant and TSP). The category decides the money columns: a top-up
 * is one amount landing on a wallet (with how it was collected); a transfer is a deal with both legs, its
 * rate and value date. Id and reference are searchable, the coloured status tag comes next, the TSP sees and
 * filters the merchant, and the creation date has the spec's date-range filter.
 */
export function transactionColumns(o: TransactionColumnOptions): ColumnDef<TransactionView>[] {
  const merchantName = (id: string | null) => (id === null ? MISSING_VALUE : (o.merchantOptions?.find((m) => m.value === id)?.name ?? id));
  const amount = (leg: 'source' | 'target') => ({
    dp: (r: TransactionView) => o.dpOf(leg === 'source' ? r.sourceCurrency : r.targetCurrency),
    currency: (r: TransactionView) => (leg === 'source' ? r.sourceCurrency : r.targetCurrency),
  });
  const money: (ColumnDef<TransactionView> | null)[] =
    o.kind === 'TOP_UP'
      ? [
          {
            id: 'type',
            field: 'category',
            header: `${H}.type`,
            kind: 'multi-line',
            lines: (r) => [
              o.label(`transactionList.category.${r.category}`, r.category),
              r.collectionMode ? o.label(`transactionList.collectionMode.${r.collectionMode}`, r.collectionMode) : MISSING_VALUE,
            ],
          },
          {
            id: 'amount',
            field: 'targetAmount',
            sortKey: 'targetAmount',
            header: `${H}.amount`,
            kind: 'amount',
            sorting: true,
            align: 'end',
            amount: amount('target'),
          },
        ]
      : [
          { id: 'sourceAmount', field: 'sourceAmount', header: `${H}.sourceAmount`, kind: 'amount', sorting: true, align: 'end', amount: amount('source') },
          { id: 'targetAmount', field: 'targetAmount', header: `${H}.targetAmount`, kind: 'amount', sorting: true, align: 'end', amount: amount('target') },
          {
            id: 'exchangeRate',
            field: 'exchangeRate',
            header: `${H}.exchangeRate`,
            align: 'end',
            cell: (r) => <bdi dir="ltr">{r.exchangeRate ? formatRate(r.exchangeRate) : MISSING_VALUE}</bdi>,
          },
          {
            id: 'valueDate',
            field: 'valueDate',
            header: `${H}.valueDate`,
            sorting: true,
            cell: (r) => <bdi dir="ltr">{r.valueDate ? formatDate(r.valueDate) : MISSING_VALUE}</bdi>,
          },
        ];
  const columns: (ColumnDef<TransactionView> | null)[] = [
    {
      id: 'transactionId',
      field: 'transactionId',
      header: `${H}.transactionId`,
      search: true,
      sorting: true,
      cell: (r) => (
        <span data-testid="transaction-row" data-transaction-id={r.transactionId} data-status={r.status} data-category={r.category}>
          <bdi dir="ltr" className="font-medium">
            {r.transactionId}
          </bdi>
        </span>
      ),
    },
    {
      id: 'reference',
      field: 'referenceNumber',
      header: `${H}.reference`,
      search: true,
      filterKey: 'referenceNumber',
      cell: (r) => <bdi dir="ltr">{r.referenceNumber ?? MISSING_VALUE}</bdi>,
    },
    // Beside the id: a list is read for where each transaction stands, and at 1280 px the columns after the
    // money ones scroll out of view.
    {
      id: 'status',
      field: 'status',
      header: `${H}.status`,
      sorting: true,
      cell: (r) => <TransactionStatusTag status={r.status} />,
      ...(o.statusOptions ? { filterType: 'status' as const, filterKey: 'statuses', filterOptions: o.statusOptions } : {}),
    },
    o.viewer === 'TSP'
      ? {
          id: 'merchant',
          field: 'merchantId',
          header: `${H}.merchant`,
          cell: (r) => merchantName(r.merchantId),
          ...(o.merchantOptions && o.merchantOptions.length > 0
            ? { filterType: 'status' as const, filterKey: 'merchantIds', filterOptions: o.merchantOptions }
            : {}),
        }
      : null,
    ...money,
    {
      id: 'currency',
      header: `${H}.currency`,
      search: true,
      filterKey: 'currencyCodes',
      cell: (r) => <bdi dir="ltr">{r.sourceCurrency === r.targetCurrency ? r.targetCurrency : `${r.sourceCurrency} → ${r.targetCurrency}`}</bdi>,
    },
    {
      id: 'createdAt',
      field: 'createdAt',
      header: `${H}.createdAt`,
      sorting: true,
      filterType: 'date-range',
      filterKey: 'createdAt',
      cell: (r) => <MultiLineCell lines={[r.createdAt ? timestampText(r.createdAt) : MISSING_VALUE]} />,
    },
  ];
  return columns.filter((c): c is ColumnDef<TransactionView> => c !== null);
}
