import { WALLET_SUMMARY_FIELDS, sumAmounts, toDecimal } from '@corridor/domain';
import type { SummaryField } from '@/components/wallets/wallet-summary-cards.tsx';
import type { Wallet } from './wallet-types.ts';
import { compareCodes } from '@/lib/intl-format.ts';

/** The summary card row's figures for one currency (decimal strings; null = not known). */
export interface CurrencyTotals {
  currency: string;
  walletCount: number;
  values: Record<SummaryField, string | null>;
  /** Currency of each figure (the cost rate is quoted in its own currency, e.g. USD). */
  currencies: Record<SummaryField, string | null>;
}

/**
 * Totals of the wallets' positions per currency, for the summary card row of the wallet list.
 * Money figures add up; the cost rate is a rate, so it is the balance-weighted average of the
 * wallets' cost rates (a plain sum of rates means nothing). Wallets without a position count in
 * walletCount but add nothing.
 */
export function totalsByCurrency(wallets: readonly Wallet[]): CurrencyTotals[] {
  const groups = new Map<string, Wallet[]>();
  for (const w of wallets) {
    const list = groups.get(w.currency.code) ?? [];
    list.push(w);
    groups.set(w.currency.code, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => compareCodes(a, b))
    .map(([currency, list]) => {
      const positions = list.flatMap((w) => (w.position ? [w.position] : []));
      const values = {} as Record<SummaryField, string | null>;
      const currencies = {} as Record<SummaryField, string | null>;
      for (const field of WALLET_SUMMARY_FIELDS) {
        currencies[field] = positions[0]?.[field].currency ?? null;
        if (positions.length === 0) {
          values[field] = null;
        } else if (field === 'costRate') {
          values[field] = weightedCostRate(positions.map((p) => ({ rate: p.costRate.amount, weight: p.balance.amount })));
        } else {
          values[field] = sumAmounts(positions.map((p) => p[field].amount));
        }
      }
      return { currency, walletCount: list.length, values, currencies };
    });
}

/**
 * Balance-weighted average rate; the plain average when no balance is positive.
 * @internal
 */
export function weightedCostRate(items: readonly { rate: string; weight: string }[]): string | null {
  const rows = items.flatMap((i) => {
    const rate = toDecimal(i.rate);
    const weight = toDecimal(i.weight);
    return rate === null || weight === null ? [] : [{ rate, weight: weight.isNeg() ? weight.mul(0) : weight }];
  });
  const first = rows[0];
  if (first === undefined) return null;
  const totalWeight = rows.reduce((acc, r) => acc.plus(r.weight), first.weight.mul(0));
  if (totalWeight.isZero()) {
    return rows
      .reduce((acc, r) => acc.plus(r.rate), first.rate.mul(0))
      .div(rows.length)
      .toFixed();
  }
  return rows
    .reduce((acc, r) => acc.plus(r.rate.mul(r.weight)), first.rate.mul(0))
    .div(totalWeight)
    .toFixed();
}
