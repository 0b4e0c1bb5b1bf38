import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, SERVER_SIDE_PAGINATION, type TablePageConfig } from '@corridor/domain';
import { tableFilterOf, validateTableSearch } from './search-params.ts';
import type { TableFilter, TableFilterValue, TableSearch } from './table-search-schema.ts';

export type { RangeFilterValue, TableFilter, TableFilterValue, TableSearch } from './table-search-schema.ts';

/**
 * A table's state in the URL (design: "tab, filters, sort, page, size live in the URL").
 * Every field is optional and a malformed one is dropped rather than failing the route, so a
 * hand-edited or outdated link still opens the screen.
 */

/** The state a DataTable shows: `page` counts from 1 (the wire counts from 0). */
export interface TableState {
  page: number;
  pageSize: number;
  /** Sort tokens `field,ASC,ignorecase`. */
  sort: string[];
  filters: TableFilter[];
}

/** Reads a table's part of any search object (other params are ignored). */
export function parseTableSearch(search: unknown): TableSearch {
  return typeof search === 'object' && search !== null && !Array.isArray(search) ? validateTableSearch(search as Record<string, unknown>) : {};
}

/** True when the URL carries none of the table's params: then a saved state may be restored. */
export function isTableSearchEmpty(search: TableSearch): boolean {
  return search.page === undefined && search.size === undefined && search.sort === undefined && search.filters === undefined;
}

export function defaultTableState(): TableState {
  return { page: DEFAULT_PAGE, pageSize: DEFAULT_PAGE_SIZE, sort: [], filters: [] };
}

/**
 * The URL's state, with defaults for what it leaves out.
 * @internal
 */
export function tableStateFromSearch(search: TableSearch): TableState {
  return {
    page: search.page ?? DEFAULT_PAGE,
    pageSize: search.size ?? DEFAULT_PAGE_SIZE,
    sort: search.sort ?? [],
    filters: search.filters ?? [],
  };
}

/** URL params of a state; defaults are left out so a plain list keeps a plain address. */
export function tableStateToSearch(state: TableState): TableSearch {
  return {
    page: state.page === DEFAULT_PAGE ? undefined : state.page,
    size: state.pageSize === DEFAULT_PAGE_SIZE ? undefined : state.pageSize,
    sort: state.sort.length === 0 ? undefined : state.sort,
    filters: state.filters.length === 0 ? undefined : state.filters,
  };
}

/** A saved page config back to a table state; filters that do not fit the URL shape are dropped. */
function tableStateFromPageConfig(config: TablePageConfig): TableState {
  const search = parseTableSearch({
    page: config.page,
    size: config.pageSize,
    sort: config.sort,
    filters: config.filters.filter((f) => tableFilterOf(f) !== undefined),
  });
  return tableStateFromSearch(search);
}

/** The page config saved for a table (spec 3 "Table state per table key"). */
export function tableStateToPageConfig(state: TableState, extra: { total: number; tableCategory?: string; serverSidePagination?: boolean }): TablePageConfig {
  const config: TablePageConfig = {
    page: state.page,
    pageSize: state.pageSize,
    total: extra.total,
    sort: state.sort,
    filters: state.filters,
    serverSidePagination: extra.serverSidePagination ?? SERVER_SIDE_PAGINATION,
  };
  if (extra.tableCategory !== undefined) config.tableCategory = extra.tableCategory;
  return config;
}

/**
 * The state a table opens with: the URL when it has any table param, else the saved page config
 * of this table (spec 2: "state restored from saved page config"), else the defaults.
 */
export function resolveTableState(search: TableSearch, saved: TablePageConfig | null): TableState {
  if (!isTableSearchEmpty(search) || saved === null) return tableStateFromSearch(search);
  return tableStateFromPageConfig(saved);
}

/** The value of one filter key, if set. */
export function filterValue(filters: readonly TableFilter[], key: string): TableFilterValue | undefined {
  return filters.find((f) => f.key === key)?.value;
}

/**
 * Filters with `key` set to `value`; an empty value (no text, no statuses) removes the key, so
 * a Reset leaves no trace in the URL.
 */
export function withFilter(filters: readonly TableFilter[], key: string, value: TableFilterValue | null): TableFilter[] {
  const rest = filters.filter((f) => f.key !== key);
  const empty = value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
  return empty ? rest : [...rest, { key, value }];
}
