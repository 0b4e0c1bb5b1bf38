import { describe, expect, it } from 'vitest';
import { defaultTableState } from '@/lib/table-state-search.ts';
import { chartPoints, dayQuery, daySummary, exceptionQuery, withDay } from './reconciliation-query.ts';

const day = (date: string, currency: string, expected: string, settled: string, excess: string) => ({
  settlementDate: date,
  currency,
  expectedAmount: expected,
  settledAmount: settled,
  excessAmount: excess,
  isReconciled: excess === '0',
  openExceptions: excess === '0' ? 0 : 1,
});

describe('reconciliation query', () => {
  it('maps the table state in the URL to the exceptions and days queries', () => {
    const state = withDay({ ...defaultTableState(), filters: [{ key: 'kinds', value: ['EXCESS'] }] }, 'w-1', '2026-11-27');
    expect(exceptionQuery(state)).toEqual({ page: 0, size: 10, kinds: ['EXCESS'], walletIds: ['w-1'], fromDate: '2026-11-27', toDate: '2026-11-27' });
    expect(dayQuery(exceptionQuery(state))).toEqual({ walletIds: ['w-1'], fromDate: '2026-11-27', toDate: '2026-11-27' });
  });

  it('sums a currency’s days per date decimally, oldest first, and totals the excess per currency', () => {
    const days = [
      day('2026-11-28', 'USD', '0.1', '0.2', '0.1'),
      day('2026-11-27', 'USD', '1', '1', '0'),
      day('2026-11-28', 'USD', '0.2', '0.2', '0'),
      day('2026-11-28', 'EUR', '5', '5', '0'),
    ];
    expect(chartPoints(days, 'USD')).toEqual([
      { date: '2026-11-27', expected: 1, settled: 1, excess: 0 },
      { date: '2026-11-28', expected: 0.3, settled: 0.4, excess: 0.1 },
    ]);
    expect(daySummary(days)).toEqual({ reconciled: 3, withExceptions: 1, excess: [{ currency: 'USD', amount: '0.1' }] });
  });
});
