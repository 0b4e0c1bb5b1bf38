/** A column's sort direction (the wire's sort tokens are read and written by @corridor/api). */
type SortDirection = 'asc' | 'desc';

/** Spec 2: "Page sizes 10, 20, 30, 40, 50 (default 10, page 1)". */
export const PAGE_SIZES = [10, 20, 30, 40, 50] as const;
/** Spec 9: "Default page size 10". */
export const DEFAULT_PAGE_SIZE = 10;
/** Spec 9: "page 1" (the table counts pages from 1; the wire from 0). */
export const DEFAULT_PAGE = 1;
/** Spec 2: "Summary sorting uses table category 'currencygrouping'". */
export const SUMMARY_TABLE_CATEGORY = 'currencygrouping';
/** Spec 2: partner summary cards "gutter 16". */
export const SUMMARY_CARD_GUTTER = 16;
/** The summary card grid has 24 columns. */
export const SUMMARY_GRID_COLUMNS = 24;

/**
 * Next direction of a column's sort (spec 2: "Sort cycle per column: ascending, descending, none").
 *
 * @example nextSort(undefined) // 'asc'
 * @example nextSort('asc') // 'desc'
 * @example nextSort('desc') // undefined
 */
export function nextSort(dir?: SortDirection): SortDirection | undefined {
  if (dir === undefined) return 'asc';
  if (dir === 'asc') return 'desc';
  return undefined;
}

/**
 * Grid span (of 24) of each summary card (spec 2): "column width by card count: 5 or more or
 * exactly 4 gives 6 of 24, 3 gives 8, 2 gives 12, otherwise 24".
 *
 * @example summaryCardSpan(4) // 6
 * @example summaryCardSpan(1) // 24
 */
export function summaryCardSpan(count: number): number {
  if (count >= 4) return 6;
  if (count === 3) return 8;
  if (count === 2) return 12;
  return 24;
}

/** The tri-state header checkbox (spec 2). */
export type HeaderCheckboxState = 'checked' | 'indeterminate' | 'unchecked';

/**
 * Header checkbox for the current page (spec 2: "The header checkbox shows checked,
 * indeterminate or unchecked for the current page").
 *
 * @example headerCheckboxState(['a'], ['a', 'b']) // 'indeterminate'
 */
export function headerCheckboxState(selectedIds: readonly string[], pageIds: readonly string[]): HeaderCheckboxState {
  const selected = new Set(selectedIds);
  const onPage = pageIds.filter((id) => selected.has(id)).length;
  if (pageIds.length > 0 && onPage === pageIds.length) return 'checked';
  return onPage > 0 ? 'indeterminate' : 'unchecked';
}

/**
 * "Text shows start, end and total" (spec 2) for a 1-based page.
 *
 * @example pageRange(2, 10, 25) // { start: 11, end: 20, total: 25 }
 * @example pageRange(1, 10, 0) // { start: 0, end: 0, total: 0 }
 */
export function pageRange(page: number, pageSize: number, total: number): { start: number; end: number; total: number } {
  if (total <= 0 || pageSize <= 0) return { start: 0, end: 0, total: Math.max(0, total) };
  const start = Math.min((Math.max(1, page) - 1) * pageSize + 1, total);
  const end = Math.min(start + pageSize - 1, total);
  return { start, end, total };
}

/** A table's page state. */
export interface PageState {
  page: number;
  pageSize: number;
}

/**
 * "A sort change or page-size change resets to page 1" (spec 2).
 *
 * @example onPageSizeChange(20) // { page: 1, pageSize: 20 }
 */
export function onPageSizeChange(pageSize: number): PageState {
  return { page: DEFAULT_PAGE, pageSize };
}

/** "A sort change ... resets to page 1" (spec 2). */
export function onSortChange(state: PageState): PageState {
  return { page: DEFAULT_PAGE, pageSize: state.pageSize };
}

/** Converts the table's 1-based page to the wire's 0-based `page` query. */
export function toWirePage(page: number): number {
  return Math.max(0, page - 1);
}

/**
 * "option search is a case-insensitive substring match on the option name" (spec 2).
 *
 * @example filterOptions([{ name: 'Approved' }], 'PROV') // [{ name: 'Approved' }]
 */
export function filterOptions<T extends { name: string }>(options: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [...options];
  return options.filter((o) => o.name.toLowerCase().includes(needle));
}

/**
 * Spec 9: "Saved table state lifetime 86,400,000 ms".
 * @internal
 */
export const TABLE_STATE_TTL_MS = 86_400_000;

/**
 * "Saved table state: only one table's state kept, expires after 24 hours" (spec 4).
 *
 * @example isTableStateExpired(0, new Date(86_400_000)) // true
 * @internal
 */
export function isTableStateExpired(savedAtMs: number, now: Date): boolean {
  return now.getTime() - savedAtMs >= TABLE_STATE_TTL_MS;
}

/** "Table search Reset disabled while the search text is empty" (spec 5). */
export function isSearchResetDisabled(searchText: string | null | undefined): boolean {
  return (searchText ?? '').trim() === '';
}

/** Saved state of one table (spec 3 "Table state per table key"). */
export interface TablePageConfig {
  page: number;
  pageSize: number;
  total: number;
  /** 'key,direction' entries. */
  sort: string[];
  filters: { key: string; value: unknown }[];
  serverSidePagination: boolean;
  tableCategory?: string;
}

/** What is kept in storage: one table's state (spec 4: "only one table's state kept"). */
export interface SavedTableState {
  key: string;
  savedAtMs: number;
  pageConfig: TablePageConfig;
}

/**
 * Saves a table's state, replacing whatever other table was saved (only one is kept).
 */
export function saveTableState(key: string, pageConfig: TablePageConfig, now: Date): SavedTableState {
  return { key, savedAtMs: now.getTime(), pageConfig };
}

/**
 * Restores a table's saved state: only for the same table key and within 24 hours (spec 4:
 * "Saved table state: only one table's state kept, expires after 24 hours").
 */
export function restoreTableState(saved: SavedTableState | null | undefined, key: string, now: Date): TablePageConfig | null {
  if (!saved || saved.key !== key || isTableStateExpired(saved.savedAtMs, now)) return null;
  return saved.pageConfig;
}
