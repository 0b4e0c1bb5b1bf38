import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  SUMMARY_TABLE_CATEGORY,
  filterOptions,
  headerCheckboxState,
  isSearchResetDisabled,
  isTableStateExpired,
  nextSort,
  onPageSizeChange,
  onSortChange,
  pageRange,
  summaryCardSpan,
  toWirePage,
  restoreTableState,
  saveTableState,
} from './table.ts';

describe('sorting — spec 2: "Sort cycle per column: ascending, descending, none"', () => {
  it('cycles asc -> desc -> none -> asc', () => {
    expect(nextSort()).toBe('asc');
    expect(nextSort('asc')).toBe('desc');
    expect(nextSort('desc')).toBeUndefined();
    expect(nextSort(nextSort(nextSort(nextSort())))).toBe('asc');
  });
  it('"A sort change or page-size change resets to page 1"', () => {
    expect(onSortChange({ page: 5, pageSize: 20 })).toEqual({ page: 1, pageSize: 20 });
    expect(onPageSizeChange(50)).toEqual({ page: 1, pageSize: 50 });
    expect(toWirePage(1)).toBe(0);
    expect(toWirePage(0)).toBe(0);
  });
});

describe('paging — spec 2: "Page sizes 10, 20, 30, 40, 50 (default 10, page 1). Text shows start, end and total."', () => {
  it('has the sizes and defaults', () => {
    expect(PAGE_SIZES).toEqual([10, 20, 30, 40, 50]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(DEFAULT_PAGE).toBe(1);
    expect(SUMMARY_TABLE_CATEGORY).toBe('currencygrouping');
  });
  it('computes start, end and total', () => {
    expect(pageRange(1, 10, 25)).toEqual({ start: 1, end: 10, total: 25 });
    expect(pageRange(3, 10, 25)).toEqual({ start: 21, end: 25, total: 25 });
    expect(pageRange(1, 10, 0)).toEqual({ start: 0, end: 0, total: 0 });
    expect(pageRange(9, 10, 25)).toEqual({ start: 25, end: 25, total: 25 });
  });
});

describe('header checkbox — spec 2: "The header checkbox shows checked, indeterminate or unchecked for the current page"', () => {
  it('reads the current page only', () => {
    expect(headerCheckboxState(['a', 'b'], ['a', 'b'])).toBe('checked');
    expect(headerCheckboxState(['a', 'z'], ['a', 'b'])).toBe('indeterminate');
    expect(headerCheckboxState(['z'], ['a', 'b'])).toBe('unchecked');
    expect(headerCheckboxState([], [])).toBe('unchecked');
  });
});

describe('summaryCardSpan — spec 2: "5 or more or exactly 4 gives 6 of 24, 3 gives 8, 2 gives 12, otherwise 24"', () => {
  it('maps card counts to spans', () => {
    expect(summaryCardSpan(7)).toBe(6);
    expect(summaryCardSpan(5)).toBe(6);
    expect(summaryCardSpan(4)).toBe(6);
    expect(summaryCardSpan(3)).toBe(8);
    expect(summaryCardSpan(2)).toBe(12);
    expect(summaryCardSpan(1)).toBe(24);
    expect(summaryCardSpan(0)).toBe(24);
  });
});

describe('filters and saved state', () => {
  it('spec 2: "option search is a case-insensitive substring match on the option name"', () => {
    const options = [{ name: 'Approved' }, { name: 'Pending Approval' }, { name: 'Rejected' }];
    expect(filterOptions(options, 'PROV')).toEqual([{ name: 'Approved' }, { name: 'Pending Approval' }]);
    expect(filterOptions(options, '')).toEqual(options);
    expect(filterOptions(options, 'xyz')).toEqual([]);
  });
  it('spec 4: "Saved table state: only one table\'s state kept, expires after 24 hours"', () => {
    expect(isTableStateExpired(0, new Date(86_399_999))).toBe(false);
    expect(isTableStateExpired(0, new Date(86_400_000))).toBe(true);
  });
  it('spec 5: "Table search Reset disabled while the search text is empty"', () => {
    expect(isSearchResetDisabled('')).toBe(true);
    expect(isSearchResetDisabled(null)).toBe(true);
    expect(isSearchResetDisabled('acme')).toBe(false);
  });
});

describe('saved table state — spec 4: "Saved table state: only one table\'s state kept, expires after 24 hours"', () => {
  it('restores only the same table within 24 hours', () => {
    const config = { page: 3, pageSize: 10, total: 0, sort: ['name,asc'], filters: [], serverSidePagination: true };
    const saved = saveTableState('payments', config, new Date(0));
    expect(restoreTableState(saved, 'payments', new Date(1000))).toEqual(config);
    expect(restoreTableState(saved, 'wallets', new Date(1000))).toBeNull();
    expect(restoreTableState(saved, 'payments', new Date(86_400_000))).toBeNull();
    expect(restoreTableState(null, 'payments', new Date(0))).toBeNull();
  });
});
