import type { TFunction } from 'i18next';
import { Check, X } from 'lucide-react';
import type { ColumnDef, FilterOption } from '@/components/data-table/column-def.ts';
import { creditRequestColumns, type CreditRequestColumnId } from '@/shared/credit/credit-request-columns.tsx';
import { isDecidable } from './credit-decision.ts';
import type { CreditRequestRow } from './credit-types.ts';

export interface CreditColumnsOptions {
  walletName: (id: string) => string;
  dpOf: (code: string) => number;
  currencies: readonly string[];
  onDecide: (request: CreditRequestRow, kind: 'approve' | 'reject') => void;
}

/** What the TSP decides on: the wallet with the reference under it, then the decision itself. */
const TSP_COLUMNS: readonly CreditRequestColumnId[] = ['walletAndReference', 'amount', 'approvedAmount', 'validity', 'status', 'createdAt'];

const DECISIONS = [
  { kind: 'approve', Icon: Check, variant: 'default' },
  { kind: 'reject', Icon: X, variant: 'destructive' },
] as const;

/** Approve and Reject while the request awaits the TSP; the remarks once decided. */
function decisionColumn(t: TFunction, onDecide: CreditColumnsOptions['onDecide']): ColumnDef<CreditRequestRow> {
  return {
    id: 'actions',
    header: 'spCredit.columns.actions',
    align: 'end',
    rowActions: (r) =>
      isDecidable(r.status)
        ? DECISIONS.map(({ kind, Icon, variant }) => ({
            id: kind,
            label: t(`spCredit.${kind}`),
            icon: Icon,
            variant,
            // Icons named by tooltip and aria-label below 2xl: with both labels the table outgrows a 1280 px
            // screen beside the open menu and clips Reject.
            labelFrom: '2xl' as const,
            testId: `credit-${kind}`,
            onSelect: () => onDecide(r, kind),
          }))
        : [],
    rowName: (r) => r.transactionId ?? r.id,
    cell: (r) => (isDecidable(r.status) ? null : <span className="text-xs text-muted-foreground">{r.remarks ?? '-'}</span>),
  };
}

/** Columns of the merchants' credit requests (pending list and the other status tabs). */
export function creditColumns(t: TFunction, { walletName, dpOf, currencies, onDecide }: CreditColumnsOptions): ColumnDef<CreditRequestRow>[] {
  const currencyOptions: FilterOption[] = currencies.map((c) => ({ value: c, name: c }));
  return [...creditRequestColumns(TSP_COLUMNS, { headers: 'spCredit.columns', dpOf, walletName, currencyOptions }), decisionColumn(t, onDecide)];
}
