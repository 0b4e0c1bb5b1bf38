import { describe, expect, it } from 'vitest';
import { cashFlowPoints, currenciesByActivity, localTotal, profitByDay, rangeStart } from './dashboard-figures.ts';

describe('dashboard figures', () => {
  it('adds the local values decimally and counts the balances with none', () => {
    expect(localTotal([{ balanceUSDEQ: '0.1' }, { balanceUSDEQ: '0.2' }, { balanceUSDEQ: null }])).toEqual({ total: '0.3', unvalued: 1 });
  });

  it('sums money in and out per day in one currency, oldest first', () => {
    const rows = [
      { group: '2026-11-02', currency: 'USD', totalCredit: '10', totalDebit: '2.5' },
      { group: '2026-11-01', currency: 'USD', totalCredit: '1', totalDebit: '0' },
      { group: '2026-11-01', currency: 'EUR', totalCredit: '99', totalDebit: '0' },
    ];
    expect(cashFlowPoints(rows, 'USD')).toEqual([
      { date: '2026-11-01', in: 1, out: 0 },
      { date: '2026-11-02', in: 10, out: 2.5 },
    ]);
    expect(currenciesByActivity(rows)).toEqual(['EUR', 'USD']);
  });

  it('sums deal profit per value day in the local currency', () => {
    const r = profitByDay([
      { valueDate: '2026-11-02', profitUSDEQ: '0.1' },
      { valueDate: '2026-11-02', profitUSDEQ: '0.2' },
      { valueDate: '2026-11-01', profitUSDEQ: null },
    ]);
    expect(r).toEqual({ points: [{ date: '2026-11-02', profit: 0.3 }], total: '0.3', unvalued: 1 });
  });

  it('starts the range 29 days before today', () => {
    expect(rangeStart(new Date('2026-12-02T10:00:00Z'))).toBe('2026-11-03');
  });
});
