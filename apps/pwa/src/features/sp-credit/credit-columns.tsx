import type { TFunction } from 'i18next';
import { Check, X } from 'lucide-react';
import { formatDate, formatTimestamp } from '@corridor/domain';
import { MultiLineCell } from '@/components/data-table/multi-line-cell.tsx';
import type { ColumnDef } from '@/components/data-table/column-def.ts';
import { Button } from '@/components/ui/button.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip.tsx';
import { isDecidable } from './credit-decision.ts';
import type { CreditRequestRow, MerchantWalletRow } from './credit-types.ts';

export interface CreditColumnsOptions {
  walletOf: (id: string) => MerchantWalletRow | undefined;
  dpOf: (code: string) => number;
  currencies: readonly string[];
  onDecide: (request: CreditRequestRow, kind: 'approve' | 'reject') => void;
}

const DECISIONS = [
  { kind: 'approve', Icon: Check, variant: 'default' },
  { kind: 'reject', Icon: X, variant: 'outline' },
] as const;

/** Columns of the merchants' credit requests (pending list and the other status tabs). */
export function creditColumns(t: TFunction, { walletOf, dpOf, currencies, onDecide }: CreditColumnsOptions): ColumnDef<CreditRequestRow>[] {
  return [
    {
      id: 'wallet',
      field: 'walletId',
      header: 'spCredit.columns.wallet',
      // The row's test hook sits in its first cell: the shared table names rows generically.
      cell: (r) => (
        <span data-testid="credit-request-row" data-request-id={r.id} data-status={r.status}>
          <MultiLineCell lines={[walletOf(r.walletId)?.alias ?? r.walletId, r.transactionId ?? r.id]} />
        </span>
      ),
    },
    {
      id: 'amount',
      field: 'amount',
      header: 'spCredit.columns.amount',
      sorting: true,
      kind: 'amount',
      align: 'end',
      filterKey: 'currencyCodes',
      filterType: 'status',
      filterOptions: currencies.map((c) => ({ value: c, name: c })),
      amount: { dp: (r) => dpOf(r.currency), currency: (r) => r.currency },
    },
    {
      id: 'approvedAmount',
      field: 'approvedAmount',
      header: 'spCredit.columns.approvedAmount',
      kind: 'amount',
      align: 'end',
      amount: { dp: (r) => dpOf(r.currency), currency: (r) => (r.approvedAmount === null ? null : r.currency) },
    },
    {
      id: 'validity',
      field: 'validFrom',
      header: 'spCredit.columns.validity',
      sorting: true,
      lines: (r) => [`${formatDate(r.validFrom)} – ${formatDate(r.validTo)}`, r.allocationMode],
      kind: 'multi-line',
    },
    { id: 'status', field: 'status', header: 'spCredit.columns.status', sorting: true, kind: 'status' },
    {
      id: 'createdAt',
      field: 'createdAt',
      header: 'spCredit.columns.createdAt',
      sorting: true,
      cell: (r) => (r.createdAt ? formatTimestamp(r.createdAt) : '-'),
    },
    {
      id: 'actions',
      header: 'spCredit.columns.actions',
      align: 'end',
      cell: (r) =>
        isDecidable(r.status) ? (
          // Icon buttons named by tooltip and aria-label below 2xl: with both labels the table
          // outgrows a 1280 px screen beside the open menu and clips Reject.
          <span className="inline-flex gap-2">
            {DECISIONS.map(({ kind, Icon, variant }) => (
              <Tooltip key={kind}>
                <TooltipTrigger asChild>
                  <Button size="sm" variant={variant} onClick={() => onDecide(r, kind)} data-testid={`credit-${kind}`} aria-label={t(`spCredit.${kind}`)}>
                    <Icon className="size-4" aria-hidden />
                    <span className="hidden 2xl:inline">{t(`spCredit.${kind}`)}</span>
                  </Button>
                </TooltipTrigger>
                <TooltipContent className="2xl:hidden">{t(`spCredit.${kind}`)}</TooltipContent>
              </Tooltip>
            ))}
          </span>
        ) : (
          <span className="text-xs text-muted-foreground">{r.remarks ?? '-'}</span>
        ),
    },
  ];
}
