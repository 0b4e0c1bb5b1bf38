import { formatSortToken, parseSortToken, type SortDirection } from '@corridor/api/light';
import { nextSort, onPageSizeChange, onSortChange } from '@corridor/domain';
import { withFilter, type TableFilterValue, type TableState } from '@/lib/table-state-search.ts';

/** The direction a field is sorted in by the state's tokens, if any. */
export function sortDirectionOf(sort: readonly string[], field: string): SortDirection | undefined {
  // A malformed token sorts nothing; the URL schema already drops them.
  for (const token of sort) {
    const parsed = parseSortToken(token);
    if (parsed?.field === field) return parsed.dir;
  }
  return undefined;
}

/**
 * Next state after a click on a column's sort (spec 2: "Sort cycle per column: ascending,
 * descending, none. A sort change ... resets to page 1"). One column sorts at a time, so the
 * clicked column replaces any other sort.
 */
export function cycleSort(state: TableState, field: string): TableState {
  const dir = nextSort(sortDirectionOf(state.sort, field));
  return {
    ...state,
    ...onSortChange(state),
    sort: dir === undefined ? [] : [formatSortToken(field, dir)],
  };
}

/** Spec 2: "A ... page-size change resets to page 1". */
export function changePageSize(state: TableState, pageSize: number): TableState {
  return { ...state, ...onPageSizeChange(pageSize) };
}

/** A filter or search change shows the first page of the new result. */
export function applyFilter(state: TableState, key: string, value: TableFilterValue | null): TableState {
  return { ...state, page: 1, filters: withFilter(state.filters, key, value) };
}

/** Number of pages for a total (at least 1, so "page 1 of 1" holds for an empty list). */
export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}
