import { toWirePage } from '@corridor/domain';
import type { TableState } from './table-state-search.ts';

/** Query params of a list call: the wire page (0-based), size, sort tokens and filters. */
export type TableQuery = Record<string, string | number | string[]>;

/**
 * A DataTable's state as the query of a paged list call (spec 1, "Paging: query page (0-based),
 * size, sort"). Search filters travel as text, status filters as lists and ranges as `from,to`.
 */
export function tableQuery(state: TableState): TableQuery {
  const query: TableQuery = { page: toWirePage(state.page), size: state.pageSize };
  if (state.sort.length > 0) query.sort = [...state.sort];
  for (const { key, value } of state.filters) {
    if (typeof value === 'string') query[key] = value;
    else if (Array.isArray(value)) query[key] = [...value];
    else query[key] = `${value.from},${value.to}`;
  }
  return query;
}
