import { toWirePage } from '@corridor/domain';
import type { TableState } from '@/lib/table-state-search.ts';

/** The filters of the wallet revaluation calls (list and summary take the same). */
export interface RevaluationFilter {
  walletId?: string;
  currency?: string;
  fromDate?: string;
  toDate?: string;
}

/** The list call's query: the filters and the page. */
export interface RevaluationQuery extends RevaluationFilter {
  page: number;
  size: number;
  sort?: string[];
}

/**
 * The table's state as the revaluation filters: one wallet (the call takes one), a currency typed in upper
 * case, the revaluation-date range as its two dates. The summary is asked with the same filters, so its
 * totals always match the rows listed.
 */
export function revaluationFilter(state: TableState): RevaluationFilter {
  const filter: RevaluationFilter = {};
  for (const { key, value } of state.filters) {
    const v = Array.isArray(value) ? value[0] : value;
    if (key === 'walletId' && typeof v === 'string' && v !== '') filter.walletId = v;
    else if (key === 'currency' && typeof v === 'string' && v.trim() !== '') filter.currency = v.trim().toUpperCase();
    else if (key === 'revaluationDate' && typeof v === 'object') {
      if (v.from) filter.fromDate = v.from;
      if (v.to) filter.toDate = v.to;
    }
  }
  return filter;
}

/** The list's query: the filters, the page, and the user's sort (the call's own order is the latest run first). */
export function revaluationQuery(state: TableState): RevaluationQuery {
  return {
    ...revaluationFilter(state),
    page: toWirePage(state.page),
    size: state.pageSize,
    ...(state.sort.length > 0 ? { sort: [...state.sort] } : {}),
  };
}
