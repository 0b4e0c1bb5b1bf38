import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ColumnDef } from '@/components/data-table/column-def.ts';
import { localRows } from './local-rows.ts';
import { RateAge } from './rate-age.tsx';
import { spreadBips } from './spread.ts';

interface Row {
  sourceCurrency: string;
  targetCurrency: string;
  dealType: string;
  rateProviderId: string;
  updatedAt: string;
}
const rows: Row[] = [
  { sourceCurrency: 'USD', targetCurrency: 'INR', dealType: 'SPOT', rateProviderId: 'REFINITIV', updatedAt: '2026-11-23T10:00:05Z' },
  { sourceCurrency: 'USD', targetCurrency: 'AED', dealType: 'CASH', rateProviderId: 'INTERNAL', updatedAt: '2026-11-23T10:00:01Z' },
  { sourceCurrency: 'GBP', targetCurrency: 'AED', dealType: 'SPOT', rateProviderId: 'REFINITIV', updatedAt: '2026-11-23T10:00:09Z' },
];
const columns: ColumnDef<Row>[] = [
  { id: 'pair', field: 'sourceCurrency', header: 'p', sorting: true, search: true },
  { id: 'dealType', field: 'dealType', header: 'd', filterType: 'status', filterKey: 'dealType' },
  { id: 'age', field: 'updatedAt', header: 'a', sorting: true },
];
const state = (over: Partial<{ sort: string[]; filters: { key: string; value: string | string[] }[] }>) => ({
  page: 1,
  pageSize: 10,
  sort: [],
  filters: [],
  ...over,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('rate list helpers', () => {
  it('searches the pair as "USD/AED" and filters by tenor', () => {
    const pairs = (list: Row[]) => list.map((r) => `${r.sourceCurrency}/${r.targetCurrency}`);
    expect(pairs(localRows(rows, columns, state({ filters: [{ key: 'sourceCurrency', value: 'usd/a' }] })))).toEqual(['USD/AED']);
    expect(pairs(localRows(rows, columns, state({ filters: [{ key: 'sourceCurrency', value: 'gbp' }] })))).toEqual(['GBP/AED']);
    expect(pairs(localRows(rows, columns, state({ filters: [{ key: 'dealType', value: ['SPOT'] }] })))).toEqual(['USD/INR', 'GBP/AED']);
  });

  it('sorts by the sort tokens, newest first on DESC, leaving the answer untouched', () => {
    const sorted = localRows(rows, columns, state({ sort: ['updatedAt,DESC,ignorecase'] }));
    expect(sorted.map((r) => r.targetCurrency + r.sourceCurrency)).toEqual(['AEDGBP', 'INRUSD', 'AEDUSD']);
    expect(localRows(rows, columns, state({ sort: ['sourceCurrency,ASC,ignorecase'] }))[0]?.sourceCurrency).toBe('GBP');
    expect(rows[0]?.targetCurrency).toBe('INR');
  });

  it('says how old a rate is and tags it Stale past the limit; a future time is not stale', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:01:10Z'));
    const age = (updatedAt: string, limit?: number) => {
      const { unmount } = render(<RateAge updatedAt={updatedAt} staleAfterSeconds={limit} />);
      const el = screen.queryByTestId('rate-age');
      const out = el ? { text: el.textContent, stale: el.getAttribute('data-stale') } : null;
      unmount();
      return out;
    };
    expect(age('2026-11-23T10:00:05Z', 60)).toEqual({ text: '1 minute agoStale', stale: 'true' });
    expect(age('2026-11-23T10:00:15Z', 60)).toEqual({ text: '55 seconds ago', stale: 'false' });
    expect(age('2026-11-23T10:00:05Z')).toEqual({ text: '1 minute ago', stale: 'false' });
    expect(age('2026-11-23T10:05:00Z', 60)?.stale).toBe('false');
    expect(age('not a date', 60)).toBeNull();
  });

  it('gives the spread in bips of the mid: (3.68 - 3.67) / 3.675 x 10000 = 27.21', () => {
    expect(spreadBips('3.6700', '3.6800', '3.6750')).toBe('27.21');
    expect(spreadBips('1', '1', '0')).toBe('-');
    expect(spreadBips('x', '1', '1')).toBe('-');
  });
});
