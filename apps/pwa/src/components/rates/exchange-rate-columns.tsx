import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { exchangeRate } from '@corridor/api';
import { DEAL_TYPES, formatInverseRate, formatRate } from '@corridor/domain';
import type { ColumnDef, FilterOption } from '@/components/data-table/column-def.ts';
import { RateAge } from './rate-age.tsx';

export type ExchangeRateRow = z.output<typeof exchangeRate>;

/** A rate figure: 8 decimals (spec 9), figures aligned, always left-to-right. */
export function RateFigure({ value, inverse = false }: { value: string | null | undefined; inverse?: boolean }) {
  const text = value === null || value === undefined ? '-' : inverse ? formatInverseRate(value) : formatRate(value);
  return (
    <span className="font-mono tabular-nums" dir="ltr">
      {text}
    </span>
  );
}

/** Deal type options of a rate list's filter (CASH, TOM, SPOT, FWD). */
export function dealTypeOptions(): FilterOption[] {
  return DEAL_TYPES.map((d) => ({ value: d.value, name: d.value }));
}

export type ExchangeRateColumnId = 'pair' | 'dealType' | 'rateType' | 'provider' | 'valueDate' | 'bid' | 'mid' | 'ask' | 'inverse' | 'age';

/**
 * Columns of an exchange rate list, shared by the TSP's feed and the merchant's rates: pair, tenor,
 * provider, bid / mid / ask with 8 decimals, the reverse with 5 (spec 9), and the rate's age.
 * Lists are whole (not paged by the server): the table sorts, searches and pages them itself.
 */
export function exchangeRateColumns(
  t: TFunction,
  ids: readonly ExchangeRateColumnId[],
  options: { providers?: readonly FilterOption[]; staleAfterSeconds?: number } = {},
): ColumnDef<ExchangeRateRow>[] {
  const all: Record<ExchangeRateColumnId, ColumnDef<ExchangeRateRow>> = {
    pair: {
      id: 'pair',
      field: 'sourceCurrency',
      header: 'rates.columns.pair',
      sorting: true,
      search: true,
      cell: (r) => (
        <span className="font-medium whitespace-nowrap" dir="ltr" data-testid="rate-pair">
          {r.sourceCurrency}/{r.targetCurrency}
        </span>
      ),
    },
    dealType: {
      id: 'dealType',
      field: 'dealType',
      header: 'rates.columns.dealType',
      sorting: true,
      filterType: 'status',
      filterKey: 'dealType',
      filterOptions: dealTypeOptions(),
    },
    rateType: { id: 'rateType', field: 'rateType', header: 'rates.columns.rateType', cell: (r) => t(`rates.rateType.${r.rateType.toLowerCase()}`) },
    provider: {
      id: 'provider',
      field: 'rateProviderId',
      header: 'rates.columns.provider',
      sorting: true,
      ...(options.providers ? { filterType: 'status' as const, filterKey: 'rateProviderId', filterOptions: options.providers } : {}),
    },
    valueDate: { id: 'valueDate', field: 'valueDate', header: 'rates.columns.valueDate', sorting: true },
    bid: { id: 'bid', field: 'bid', header: 'rates.columns.bid', align: 'end', cell: (r) => <RateFigure value={r.bid} /> },
    mid: { id: 'mid', field: 'mid', header: 'rates.columns.mid', align: 'end', cell: (r) => <RateFigure value={r.mid} /> },
    ask: { id: 'ask', field: 'ask', header: 'rates.columns.ask', align: 'end', cell: (r) => <RateFigure value={r.ask} /> },
    inverse: { id: 'inverse', field: 'mid', header: 'rates.columns.inverse', align: 'end', cell: (r) => <RateFigure value={r.mid} inverse /> },
    age: {
      id: 'age',
      field: 'updatedAt',
      header: 'rates.columns.age',
      sorting: true,
      cell: (r) => <RateAge updatedAt={r.updatedAt} staleAfterSeconds={options.staleAfterSeconds} />,
    },
  };
  return ids.map((id) => all[id]);
}
