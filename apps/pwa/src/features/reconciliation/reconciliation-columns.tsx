import type { z } from 'zod';
import type { reconciliationException } from '@corridor/api';
import { MISSING_VALUE, formatDate } from '@corridor/domain';
import { ACTIONS_COLUMN_ID, type ColumnDef, type FilterOption, type RowAction } from '@/components/data-table/column-def.ts';
import { Badge } from '@/components/ui/badge.tsx';

export type ReconciliationException = z.output<typeof reconciliationException>;

const H = 'reconciliation.columns';
const EXCEPTION_KINDS = ['EXCESS', 'SHORTFALL', 'UNSETTLED'] as const;
const EXCEPTION_STATUSES = ['OPEN', 'PENDING_APPROVAL', 'RESOLVED'] as const;

const TONES: Record<ReconciliationException['status'], 'destructive' | 'warning' | 'secondary'> = {
  OPEN: 'destructive',
  PENDING_APPROVAL: 'warning',
  RESOLVED: 'secondary',
};

/**
 * The exceptions list: what kind, which settlement and wallet, the day, expected against settled and the
 * difference, the status with who resolved it and why, and what the row can do next. Kind, status, wallet and
 * settlement day are filters (kept in the URL).
 */
export function exceptionColumns(options: {
  t: (key: string, params?: Record<string, unknown>) => string;
  dpOf: (currency: string) => number;
  walletOptions: readonly FilterOption[];
  actions: (row: ReconciliationException) => readonly RowAction[];
}): ColumnDef<ReconciliationException>[] {
  const { t } = options;
  const amount = (field: 'expectedAmount' | 'settledAmount' | 'differenceAmount', header: string): ColumnDef<ReconciliationException> => ({
    id: field,
    field,
    header: `${H}.${header}`,
    kind: 'amount',
    align: 'end',
    amount: { dp: (r) => options.dpOf(r.currency), currency: (r) => r.currency },
  });
  return [
    {
      id: 'kind',
      field: 'kind',
      header: `${H}.kind`,
      filterKey: 'kinds',
      filterType: 'status',
      filterOptions: EXCEPTION_KINDS.map((k) => ({ value: k, name: t(`reconciliation.kinds.${k}`) })),
      kind: 'multi-line',
      lines: (r) => [t(`reconciliation.kinds.${r.kind}`), r.settlementTransactionId],
    },
    {
      id: 'wallet',
      field: 'walletId',
      header: `${H}.wallet`,
      filterKey: 'walletIds',
      filterType: 'status',
      filterOptions: options.walletOptions,
      kind: 'multi-line',
      lines: (r) => [r.walletAlias, t(`reconciliation.types.${r.settlementType}`)],
    },
    {
      id: 'settlementDate',
      field: 'settlementDate',
      header: `${H}.settlementDate`,
      filterType: 'date-range',
      kind: 'multi-line',
      lines: (r) => [formatDate(r.settlementDate)],
    },
    amount('expectedAmount', 'expected'),
    amount('settledAmount', 'settled'),
    amount('differenceAmount', 'difference'),
    {
      id: 'status',
      field: 'status',
      header: `${H}.status`,
      filterKey: 'statuses',
      filterType: 'status',
      filterOptions: EXCEPTION_STATUSES.map((s) => ({ value: s, name: t(`reconciliation.statuses.${s}`) })),
      cell: (r) => (
        <div className="grid gap-1">
          <Badge variant={TONES[r.status]} data-testid="exception-status" data-status={r.status}>
            {t(`reconciliation.statuses.${r.status}`)}
          </Badge>
          {r.reason !== null && <span className="max-w-56 text-xs text-muted-foreground">{r.reason}</span>}
          {r.requestedBy !== null && (
            <span className="text-xs text-muted-foreground">
              {r.resolvedBy !== null
                ? t('reconciliation.resolvedBy', { name: r.resolvedBy, at: r.resolvedAt ? formatDate(r.resolvedAt) : MISSING_VALUE })
                : t('reconciliation.requestedBy', { name: r.requestedBy, at: r.requestedAt ? formatDate(r.requestedAt) : MISSING_VALUE })}
            </span>
          )}
        </div>
      ),
    },
    {
      id: ACTIONS_COLUMN_ID,
      header: `${H}.actions`,
      rowActions: options.actions,
      rowName: (r) => `${t(`reconciliation.kinds.${r.kind}`)} ${r.settlementTransactionId}`,
    },
  ];
}
