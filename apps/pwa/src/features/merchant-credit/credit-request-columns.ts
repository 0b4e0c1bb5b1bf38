import { MISSING_VALUE, formatDate } from '@corridor/domain';
import type { ColumnDef, FilterOption } from '@/components/data-table/column-def.ts';
import type { CreditRequest } from './credit-request-types.ts';

export interface CreditColumnContext {
  dpOf: (currency: string) => number;
  walletName: (walletId: string) => string;
  statusOptions: readonly FilterOption[];
  /** The status column's filter is offered only on the overview tab (a tab already pins one status). */
  statusFilter: boolean;
}

function day(value: string): string {
  // Validity dates are calendar dates: shown as they are, not shifted into a time zone.
  return formatDate(`${value}T00:00:00Z`, 'UTC');
}

/** Column set of the merchant's credit requests. */
export function creditRequestColumns(ctx: CreditColumnContext): ColumnDef<CreditRequest>[] {
  return [
    { id: 'transactionId', field: 'transactionId', header: 'merchantCredit.columns.reference', kind: 'text', width: '11rem' },
    { id: 'wallet', field: 'walletId', header: 'merchantCredit.columns.wallet', cell: (row) => ctx.walletName(row.walletId) },
    {
      id: 'amount', field: 'amount', header: 'merchantCredit.columns.amount', kind: 'amount', sorting: true, align: 'end',
      amount: { dp: (row) => ctx.dpOf(row.currency), currency: (row) => row.currency },
    },
    {
      id: 'approvedAmount', field: 'approvedAmount', header: 'merchantCredit.columns.approvedAmount', kind: 'amount', align: 'end',
      amount: { dp: (row) => ctx.dpOf(row.currency), currency: (row) => (row.approvedAmount ? row.currency : null) },
    },
    {
      id: 'validity', field: 'validFrom', header: 'merchantCredit.columns.validity', sorting: true,
      cell: (row) => `${day(row.validFrom)} – ${day(row.validTo)}`,
    },
    {
      id: 'status', field: 'status', header: 'merchantCredit.columns.status', kind: 'status',
      ...(ctx.statusFilter ? { filterType: 'status' as const, filterKey: 'statuses', filterOptions: ctx.statusOptions } : {}),
    },
    { id: 'remarks', field: 'remarks', header: 'merchantCredit.columns.remarks', cell: (row) => row.remarks ?? MISSING_VALUE },
    { id: 'createdAt', field: 'createdAt', header: 'merchantCredit.columns.createdAt', sorting: true, cell: (row) => (row.createdAt ? formatDate(row.createdAt) : MISSING_VALUE) },
  ];
}
