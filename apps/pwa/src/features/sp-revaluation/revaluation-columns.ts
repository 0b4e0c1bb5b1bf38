import type { z } from 'zod';
import type { walletRevaluation } from '@corridor/api';
import { Dec, MISSING_VALUE, formatDate } from '@corridor/domain';
import type { ColumnDef, FilterOption } from '@/components/data-table/column-def.ts';

export type WalletRevaluation = z.output<typeof walletRevaluation>;

const H = 'spRevaluation.columns';

/** A gain shows its plus, a loss its minus, no change neither. */
export function gainLossSign(r: { gainLoss: string }): 'credit' | 'debit' | undefined {
  const value = new Dec(r.gainLoss);
  return value.isZero() ? undefined : value.isNegative() ? 'debit' : 'credit';
}

/** Revaluation rates are shown with the 8 decimals of exchange rates (spec 6). */
const RATE_DP = 8;

/**
 * A wallet revaluation per row: the wallet (a filter), its currency (searched), the date (a range filter), the
 * rate before and after, the balance revalued and the gain or loss with its sign, in the currency's decimals.
 */
export function revaluationColumns(options: { dpOf: (currency: string) => number; walletOptions: readonly FilterOption[] }): ColumnDef<WalletRevaluation>[] {
  const dp = (r: WalletRevaluation) => options.dpOf(r.currency);
  return [
    {
      id: 'wallet',
      field: 'walletId',
      header: `${H}.wallet`,
      sorting: true,
      filterType: 'status',
      filterOptions: options.walletOptions,
      kind: 'multi-line',
      lines: (r) => [options.walletOptions.find((o) => o.value === r.walletId)?.name ?? r.walletId],
    },
    { id: 'currency', field: 'currency', header: `${H}.currency`, sorting: true, search: true },
    {
      id: 'revaluationDate',
      field: 'revaluationDate',
      header: `${H}.revaluationDate`,
      sorting: true,
      filterType: 'date-range',
      kind: 'multi-line',
      lines: (r) => [r.revaluationDate ? formatDate(r.revaluationDate) : MISSING_VALUE],
    },
    { id: 'previousRate', field: 'previousRate', header: `${H}.previousRate`, kind: 'amount', align: 'end', amount: { dp: RATE_DP } },
    { id: 'rate', field: 'rate', header: `${H}.rate`, kind: 'amount', align: 'end', amount: { dp: RATE_DP } },
    { id: 'balance', field: 'balance', header: `${H}.balance`, kind: 'amount', align: 'end', amount: { dp, currency: (r) => r.currency } },
    {
      id: 'gainLoss',
      field: 'gainLoss',
      header: `${H}.gainLoss`,
      sorting: true,
      kind: 'amount',
      align: 'end',
      amount: { dp, currency: (r) => r.currency, sign: gainLossSign },
    },
  ];
}
