import type { z } from 'zod';
import type { creditRequest } from '@corridor/api';
import { MISSING_VALUE, formatDate, formatTimestamp } from '@corridor/domain';
import type { ColumnDef, FilterOption } from '@/components/data-table/column-def.ts';
import { MultiLineCell } from '@/components/data-table/multi-line-cell.tsx';

export type CreditRequestRow = z.output<typeof creditRequest>;

/** Every column a list of credit requests can show; each screen picks its set, in its order. */
export type CreditRequestColumnId =
  | 'reference'
  | 'wallet'
  /** The wallet with the request's reference under it (one column where space is short). */
  | 'walletAndReference'
  | 'amount'
  | 'approvedAmount'
  | 'validity'
  | 'status'
  | 'remarks'
  | 'createdAt';

export interface CreditRequestColumnOptions {
  /** i18n prefix of the headers: the merchant asks for an 'Amount', the TSP decides on what was 'Requested'. */
  headers: 'merchantCredit.columns' | 'spCredit.columns';
  dpOf: (currency: string) => number;
  walletName: (walletId: string) => string;
  /** Offered as the status column's filter (left out where a tab already pins the status). */
  statusOptions?: readonly FilterOption[];
  /** Offered as a currency filter on the amount column. */
  currencyOptions?: readonly FilterOption[];
}

/** Validity dates are calendar dates: shown as they are, not shifted into the viewer's time zone. */
function day(value: string): string {
  return formatDate(`${value}T00:00:00Z`, 'UTC');
}

function columnOf(id: CreditRequestColumnId, o: CreditRequestColumnOptions): ColumnDef<CreditRequestRow> {
  const header = `${o.headers}.${id === 'walletAndReference' ? 'wallet' : id}`;
  const amount = { dp: (r: CreditRequestRow) => o.dpOf(r.currency) };
  switch (id) {
    case 'reference':
      return { id, field: 'transactionId', header, kind: 'text', width: '11rem' };
    case 'wallet':
      return { id, field: 'walletId', header, cell: (r) => o.walletName(r.walletId) };
    case 'walletAndReference':
      return {
        id,
        field: 'walletId',
        header,
        // The row's test hook sits in its first cell: the shared table names rows generically.
        cell: (r) => (
          <span data-testid="credit-request-row" data-request-id={r.id} data-status={r.status}>
            <MultiLineCell lines={[o.walletName(r.walletId), r.transactionId ?? r.id]} />
          </span>
        ),
      };
    case 'amount':
      return {
        id,
        field: 'amount',
        header,
        kind: 'amount',
        sorting: true,
        align: 'end',
        amount: { ...amount, currency: (r) => r.currency },
        ...(o.currencyOptions ? { filterType: 'status' as const, filterKey: 'currencyCodes', filterOptions: o.currencyOptions } : {}),
      };
    case 'approvedAmount':
      return {
        id,
        field: 'approvedAmount',
        header,
        kind: 'amount',
        align: 'end',
        amount: { ...amount, currency: (r) => (r.approvedAmount === null ? null : r.currency) },
      };
    case 'validity':
      return {
        id,
        field: 'validFrom',
        header,
        sorting: true,
        kind: 'multi-line',
        lines: (r) => [`${day(r.validFrom)} – ${day(r.validTo)}`, ...(r.allocationMode ? [r.allocationMode] : [])],
      };
    case 'status':
      return {
        id,
        field: 'status',
        header,
        kind: 'status',
        sorting: true,
        ...(o.statusOptions ? { filterType: 'status' as const, filterKey: 'statuses', filterOptions: o.statusOptions } : {}),
      };
    case 'remarks':
      return { id, field: 'remarks', header, cell: (r) => r.remarks ?? MISSING_VALUE };
    case 'createdAt':
      return { id, field: 'createdAt', header, sorting: true, cell: (r) => (r.createdAt ? formatTimestamp(r.createdAt) : MISSING_VALUE) };
  }
}

/** The columns of a list of credit requests, merchant's or TSP's: one definition, the screen's choice of set. */
export function creditRequestColumns(ids: readonly CreditRequestColumnId[], options: CreditRequestColumnOptions): ColumnDef<CreditRequestRow>[] {
  return ids.map((id) => columnOf(id, options));
}
