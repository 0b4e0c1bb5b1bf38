import { describe, expect, it } from 'vitest';
import { validateAmountRange } from './amount-range.ts';
import { fieldValue, leafColumns, type ColumnDef } from './column-def.ts';
import { pageSelectionState, togglePage, toggleRow } from './row-selection.ts';
import { cycleSort, pageCount, sortDirectionOf } from './table-sorting.ts';
import { cellText } from './text-cell.tsx';

describe('amount range (spec 5)', () => {
  it('needs both amounts, as decimals, min not above max', () => {
    expect(validateAmountRange('', '5')).toEqual({ ok: false, error: 'amountRequired' });
    expect(validateAmountRange('1', ' ')).toEqual({ ok: false, error: 'amountRequired' });
    expect(validateAmountRange('abc', '5')).toEqual({ ok: false, error: 'amountInvalid' });
    expect(validateAmountRange('0.30000000000000001', '0.3')).toEqual({ ok: false, error: 'amountInvalid' });
    expect(validateAmountRange('0.3', '0.3')).toEqual({ ok: true, value: { from: '0.3', to: '0.3' } });
    expect(validateAmountRange(' 10 ', '99999999999999999999.99')).toEqual({
      ok: true,
      value: { from: '10', to: '99999999999999999999.99' },
    });
  });
});

describe('sorting helpers', () => {
  it('reads a field’s direction from the tokens and cycles it', () => {
    expect(sortDirectionOf(['name,DESC,ignorecase'], 'name')).toBe('desc');
    expect(sortDirectionOf(['name,DESC,ignorecase'], 'other')).toBeUndefined();
    const state = { page: 5, pageSize: 30, sort: [], filters: [] };
    const asc = cycleSort(state, 'createdAt');
    expect(asc).toEqual({ page: 1, pageSize: 30, sort: ['createdAt,ASC,ignorecase'], filters: [] });
    expect(cycleSort(cycleSort(asc, 'createdAt'), 'createdAt').sort).toEqual([]);
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(57, 10)).toBe(6);
    expect(pageCount(60, 20)).toBe(3);
  });
});

describe('row selection', () => {
  const page = [
    { id: 'a', row: 'A' },
    { id: 'b', row: 'B' },
  ];
  it('selects the whole page, then clears it; other pages are kept', () => {
    const other = toggleRow(new Map<string, string>(), 'z', 'Z', true);
    const all = togglePage(other, page);
    expect([...all.keys()]).toEqual(['z', 'a', 'b']);
    expect(pageSelectionState(all, ['a', 'b'])).toBe('checked');
    const cleared = togglePage(all, page);
    expect([...cleared.keys()]).toEqual(['z']);
    expect(pageSelectionState(toggleRow(cleared, 'a', 'A', true), ['a', 'b'])).toBe('indeterminate');
  });
});

describe('column and cell helpers', () => {
  it('reads dotted fields and flattens grouped columns', () => {
    expect(fieldValue({ bank: { name: 'Atlas Bank' } }, 'bank.name')).toBe('Atlas Bank');
    expect(fieldValue({ bank: null }, 'bank.name')).toBeUndefined();
    const columns: ColumnDef<unknown>[] = [
      { id: 'a', header: 'A' },
      {
        id: 'g',
        header: 'G',
        subHeaders: [
          { id: 'b', header: 'B' },
          { id: 'c', header: 'C' },
        ],
      },
    ];
    expect(leafColumns(columns).map((c) => c.id)).toEqual(['a', 'b', 'c']);
  });

  it("shows '-' for missing and blank values", () => {
    expect(cellText(null)).toBe('-');
    expect(cellText('  ')).toBe('-');
    expect(cellText({})).toBe('-');
    expect(cellText(0)).toBe('0');
    expect(cellText(false)).toBe('false');
  });
});
