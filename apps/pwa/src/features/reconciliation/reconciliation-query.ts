import { Dec, toWirePage, type DecimalValue } from '@corridor/domain';
import type { TableFilter, TableState } from '@/lib/table-state-search.ts';
import { compareCodes } from '@/lib/intl-format.ts';

/** The query of the exceptions call (contract `reconciliation.exceptions`). */
export interface ExceptionQuery {
  page: number;
  size: number;
  kinds?: string[];
  statuses?: string[];
  walletIds?: string[];
  fromDate?: string;
  toDate?: string;
}

/** The day filters the chart and the day list share with the exceptions: the wallets and the date range. */
export type DayQuery = Pick<ExceptionQuery, 'walletIds' | 'fromDate' | 'toDate'>;

/**
 * The table's state (in the URL) as the exceptions query: the kind, status and wallet filters as lists, the
 * settlement date range as its two dates.
 */
export function exceptionQuery(state: TableState): ExceptionQuery {
  const query: ExceptionQuery = { page: toWirePage(state.page), size: state.pageSize };
  for (const { key, value } of state.filters) {
    if ((key === 'kinds' || key === 'statuses' || key === 'walletIds') && Array.isArray(value) && value.length > 0) query[key] = [...value];
    else if (key === 'settlementDate' && typeof value === 'object' && !Array.isArray(value)) {
      if (value.from) query.fromDate = value.from;
      if (value.to) query.toDate = value.to;
    }
  }
  return query;
}

/** The part of the exceptions query that the days read too. */
export function dayQuery(query: ExceptionQuery): DayQuery {
  return {
    ...(query.walletIds ? { walletIds: query.walletIds } : {}),
    ...(query.fromDate ? { fromDate: query.fromDate } : {}),
    ...(query.toDate ? { toDate: query.toDate } : {}),
  };
}

/** One point of the chart: a day's expected, settled and excess totals of one currency, as numbers for drawing only. */
export type ChartPoint = {
  date: string;
  expected: number;
  settled: number;
  excess: number;
};

/**
 * The days of one currency summed per date (several wallets may settle on one day), oldest first. Sums are
 * decimal; only the chart's points become numbers, which no figure shown as text is read from.
 */
export function chartPoints(
  days: readonly { settlementDate: string; currency: string; expectedAmount: string; settledAmount: string; excessAmount: string }[],
  currency: string,
): ChartPoint[] {
  const byDate = new Map<string, { expected: DecimalValue; settled: DecimalValue; excess: DecimalValue }>();
  for (const d of days) {
    if (d.currency !== currency) continue;
    const acc = byDate.get(d.settlementDate) ?? { expected: new Dec(0), settled: new Dec(0), excess: new Dec(0) };
    byDate.set(d.settlementDate, {
      expected: acc.expected.plus(d.expectedAmount),
      settled: acc.settled.plus(d.settledAmount),
      excess: acc.excess.plus(d.excessAmount),
    });
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => compareCodes(a, b))
    .map(([date, v]) => ({ date, expected: v.expected.toNumber(), settled: v.settled.toNumber(), excess: v.excess.toNumber() }));
}

/** Totals over the days: how many reconciled, how many with open exceptions, the excess per currency (decimal text). */
export function daySummary(days: readonly { isReconciled: boolean; openExceptions: number; currency: string; excessAmount: string }[]) {
  const excess = new Map<string, DecimalValue>();
  for (const d of days) excess.set(d.currency, (excess.get(d.currency) ?? new Dec(0)).plus(d.excessAmount));
  return {
    reconciled: days.filter((d) => d.isReconciled).length,
    withExceptions: days.filter((d) => d.openExceptions > 0).length,
    excess: [...excess.entries()].filter(([, v]) => !v.isZero()).map(([currency, v]) => ({ currency, amount: v.toFixed() })),
  };
}

/** The state narrowed to one wallet and settlement day (a day chosen in the day list), back on page 1. */
export function withDay(state: TableState, walletId: string, date: string): TableState {
  const filters: TableFilter[] = [
    ...state.filters.filter((f) => f.key !== 'walletIds' && f.key !== 'settlementDate'),
    { key: 'walletIds', value: [walletId] },
    { key: 'settlementDate', value: { from: date, to: date } },
  ];
  return { ...state, page: 1, filters };
}
