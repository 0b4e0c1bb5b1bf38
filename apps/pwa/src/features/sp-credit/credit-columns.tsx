import type { TFunction } from 'i18next';
import { Check, X } from 'lucide-react';
import { formatDate, formatTimestamp } from '@corridor/domain';
import { MultiLineCell, type ColumnDef } from '@/components/data-table/index.ts';
import { Button } from '@/components/ui/button.tsx';
import { isDecidable } from './credit-decision.ts';
import type { CreditRequestRow, MerchantWalletRow } from './credit-types.ts';

export interface CreditColumnsOptions {
  walletOf: (id: string) => MerchantWalletRow | undefined;
  dpOf: (code: string) => number;
  currencies: readonly string[];
  onDecide: (request: CreditRequestRow, kind: 'approve' | 'reject') => void;
}

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
          <MultiLineCell lines={[walletOf(r.walletId)?.alias ?? r.walletId, r.id]} />
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
          <span className="inline-flex gap-2">
            <Button size="sm" onClick={() => onDecide(r, 'approve')} data-testid="credit-approve">
              <Check className="size-4" aria-hidden />
              {t('spCredit.approve')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => onDecide(r, 'reject')} data-testid="credit-reject">
              <X className="size-4" aria-hidden />
              {t('spCredit.reject')}
            </Button>
          </span>
        ) : (
          <span className="text-xs text-muted-foreground">{r.remarks ?? '-'}</span>
        ),
    },
  ];
}
