import type { z } from 'zod';
import type { netOffCandidate } from '@corridor/api';
import { MISSING_VALUE, formatDate } from '@corridor/domain';
import type { ColumnDef, FilterOption } from '@/components/data-table/column-def.ts';

export type Candidate = z.output<typeof netOffCandidate>;

const H = 'spClearances.columns';

/**
 * The open items of a wallet: the transfer searched by id, the counterparty as a filter, which way the money
 * is owed, the amount with a sign (receivable in, payable out) and the value date as a range filter.
 */
export function candidateColumns(options: {
  dpOf: (currency: string) => number;
  merchantOptions: readonly FilterOption[];
  directionName: (direction: Candidate['direction']) => string;
}): ColumnDef<Candidate>[] {
  return [
    { id: 'transactionId', field: 'transactionId', header: `${H}.transactionId`, search: true, filterKey: 'transactionIds' },
    {
      id: 'merchant',
      field: 'merchantServiceId',
      header: `${H}.counterparty`,
      filterKey: 'merchantServiceIds',
      filterType: 'status',
      filterOptions: options.merchantOptions,
      kind: 'multi-line',
      lines: (r) => [options.merchantOptions.find((o) => o.value === r.merchantServiceId)?.name ?? r.merchantServiceId],
    },
    { id: 'direction', field: 'direction', header: `${H}.direction`, kind: 'multi-line', lines: (r) => [options.directionName(r.direction)] },
    {
      id: 'amount',
      field: 'amount',
      header: `${H}.amount`,
      kind: 'amount',
      align: 'end',
      amount: {
        dp: (r) => options.dpOf(r.targetCurrency),
        currency: (r) => r.targetCurrency,
        sign: (r) => (r.direction === 'RECEIVABLE' ? 'credit' : 'debit'),
      },
    },
    {
      id: 'valueDate',
      field: 'valueDate',
      header: `${H}.valueDate`,
      filterType: 'date-range',
      kind: 'multi-line',
      lines: (r) => [r.valueDate ? formatDate(r.valueDate) : MISSING_VALUE],
    },
  ];
}
