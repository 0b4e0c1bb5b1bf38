import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { Pencil } from 'lucide-react';
import type { revaluationConfig, revaluationRate } from '@corridor/api';
import { MISSING_VALUE, RATE_DP, formatAmount, formatDate } from '@corridor/domain';
import { ACTIONS_COLUMN_ID, type ColumnDef } from '@/components/data-table/column-def.ts';

export type RevaluationConfigRow = z.output<typeof revaluationConfig>;
export type RevaluationRateRow = z.output<typeof revaluationRate>;

const H = 'revaluationRates.columns';

function Pair({ row }: { row: { sourceCurrency: string; targetCurrency: string } }) {
  return (
    <span className="font-medium whitespace-nowrap" dir="ltr">
      {row.sourceCurrency}/{row.targetCurrency}
    </span>
  );
}

/** A revaluation config per row: the pair revalued, whether it revalues by itself and at which rate type; Edit opens its dialog. */
export function revaluationConfigColumns(t: TFunction, onEdit: (row: RevaluationConfigRow) => void): ColumnDef<RevaluationConfigRow>[] {
  return [
    { id: 'pair', field: 'sourceCurrency', header: `${H}.pair`, sorting: true, search: true, cell: (r) => <Pair row={r} /> },
    {
      id: 'autoRevaluation',
      field: 'autoRevaluation',
      header: `${H}.autoRevaluation`,
      cell: (r) => (r.autoRevaluation ? t('revaluationRates.auto.on') : t('revaluationRates.auto.off')),
    },
    { id: 'autoRevaluationRateType', field: 'autoRevaluationRateType', header: `${H}.rateType`, cell: (r) => r.autoRevaluationRateType ?? MISSING_VALUE },
    {
      id: 'updatedAt',
      field: 'updatedAt',
      header: `${H}.updatedAt`,
      cell: (r) => {
        const at = r.updatedAt ?? r.createdAt;
        return at ? formatDate(at) : MISSING_VALUE;
      },
    },
    {
      id: ACTIONS_COLUMN_ID,
      header: `${H}.actions`,
      align: 'end',
      rowActions: (r) => [
        { id: 'edit', label: t('revaluationRates.edit'), icon: Pencil, variant: 'ghost', testId: 'revaluation-config-edit', onSelect: () => onEdit(r) },
      ],
      rowName: (r) => `${r.sourceCurrency}/${r.targetCurrency}`,
    },
  ];
}

/** A revaluation rate per row: the date, the pair and the rate (8 decimals), the latest date first. */
export function revaluationRateColumns(): ColumnDef<RevaluationRateRow>[] {
  return [
    {
      id: 'revaluationDate',
      field: 'revaluationDate',
      header: `${H}.revaluationDate`,
      sorting: true,
      cell: (r) => <span className="whitespace-nowrap tabular-nums">{formatDate(r.revaluationDate)}</span>,
    },
    { id: 'pair', field: 'sourceCurrency', header: `${H}.pair`, sorting: true, search: true, cell: (r) => <Pair row={r} /> },
    {
      id: 'rate',
      field: 'rate',
      header: `${H}.rate`,
      align: 'end',
      cell: (r) => (
        <span className="font-mono tabular-nums" dir="ltr">
          {formatAmount(r.rate, RATE_DP)}
        </span>
      ),
    },
  ];
}
