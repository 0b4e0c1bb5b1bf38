import { Dec, type DecimalValue } from '@corridor/domain';
import { compareCodes } from '@/lib/intl-format.ts';

/** The ledger's local currency: every wallet's balance is also valued in it (balanceUSDEQ). */
export const LOCAL_CURRENCY = 'USD';

/** How far back the charts look. */
const DASHBOARD_DAYS = 30;

/** The first day of the charts' range (yyyy-MM-dd), counted back from `now`. */
export function rangeStart(now: Date, days = DASHBOARD_DAYS): string {
  return new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}

/** The total of the balances' local-currency values (decimal text); a balance with no value is left out and counted. */
export function localTotal(rows: readonly { balanceUSDEQ: string | null }[]): { total: string; unvalued: number } {
  let total: DecimalValue = new Dec(0);
  let unvalued = 0;
  for (const r of rows) {
    if (r.balanceUSDEQ === null) unvalued += 1;
    else total = total.plus(r.balanceUSDEQ);
  }
  return { total: total.toFixed(), unvalued };
}

/** A chart point: numbers for drawing only (the figures shown as text stay decimal). */
export type FlowPoint = { date: string; in: number; out: number };
export type ProfitPoint = { date: string; profit: number };

/** Money in and out of the TSP's wallets in one currency per day, from the activity summary grouped by date. */
export function cashFlowPoints(rows: readonly { group: string; currency: string; totalCredit: string; totalDebit: string }[], currency: string): FlowPoint[] {
  const byDay = new Map<string, { in: DecimalValue; out: DecimalValue }>();
  for (const r of rows) {
    if (r.currency !== currency) continue;
    const acc = byDay.get(r.group) ?? { in: new Dec(0), out: new Dec(0) };
    byDay.set(r.group, { in: acc.in.plus(r.totalCredit), out: acc.out.plus(r.totalDebit) });
  }
  return [...byDay.entries()].sort(([a], [b]) => compareCodes(a, b)).map(([date, v]) => ({ date, in: v.in.toNumber(), out: v.out.toNumber() }));
}

/** Deal profit per value day in the local currency (each deal's profitUSDEQ); deals with no value are counted apart. */
export function profitByDay(deals: readonly { valueDate: string; profitUSDEQ: string | null }[]): { points: ProfitPoint[]; total: string; unvalued: number } {
  const byDay = new Map<string, DecimalValue>();
  let total: DecimalValue = new Dec(0);
  let unvalued = 0;
  for (const d of deals) {
    if (d.profitUSDEQ === null) {
      unvalued += 1;
      continue;
    }
    byDay.set(d.valueDate, (byDay.get(d.valueDate) ?? new Dec(0)).plus(d.profitUSDEQ));
    total = total.plus(d.profitUSDEQ);
  }
  const points = [...byDay.entries()].sort(([a], [b]) => compareCodes(a, b)).map(([date, v]) => ({ date, profit: v.toNumber() }));
  return { points, total: total.toFixed(), unvalued };
}

/** The currencies of the rows, most active first (the cash flow chart opens on the busiest). */
export function currenciesByActivity(rows: readonly { currency: string; totalCredit: string; totalDebit: string }[]): string[] {
  const sums = new Map<string, DecimalValue>();
  for (const r of rows) sums.set(r.currency, (sums.get(r.currency) ?? new Dec(0)).plus(r.totalCredit).plus(r.totalDebit));
  return [...sums.entries()].sort((a, b) => b[1].comparedTo(a[1]) || compareCodes(a[0], b[0])).map(([c]) => c);
}
