import { tabStatusFilter, toWirePage } from '@corridor/domain';
import type { TableState } from '@/lib/table-state-search.ts';
import { KIND_CATEGORIES, type TransactionKind } from './transaction-kind.ts';

/** The query of a transactions list call (contract `transactionFilter`). */
export interface TransactionQuery {
  page: number;
  size: number;
  sort: string[];
  categories: string[];
  statuses?: string[];
  transactionId?: string;
  referenceNumber?: string;
  currencyCodes?: string[];
  merchantIds?: string[];
  createdFromDate?: string;
  createdToDate?: string;
}

/**
 * A refusal has three statuses: a top-up is REJECTED by its one TSP, a transfer by its source or its target
 * side. The Rejected tab shows all three so a refused transfer is not missing from every tab but the overview.
 */
const TAB_STATUSES: Readonly<Record<string, readonly string[]>> = {
  REJECTED: ['REJECTED', 'SOURCE_REJECTED', 'TARGET_REJECTED'],
};

/**
 * A transactions table's state as its list query: the list's categories always, the tab's statuses (the
 * overview pins none and lets the status filter choose), newest first unless the user sorts, the created-date
 * range as its two dates, a typed currency list as upper-case codes.
 */
export function transactionQuery(state: TableState, tabStatus: string, kind: TransactionKind): TransactionQuery {
  const query: TransactionQuery = {
    page: toWirePage(state.page),
    size: state.pageSize,
    sort: state.sort.length > 0 ? [...state.sort] : ['createdAt,DESC'],
    categories: [...KIND_CATEGORIES[kind]],
  };
  const fromTab = tabStatusFilter(tabStatus).flatMap((s) => TAB_STATUSES[s] ?? [s]);
  for (const { key, value } of state.filters) {
    if (key === 'statuses' && Array.isArray(value) && value.length > 0) query.statuses = [...value];
    else if ((key === 'transactionId' || key === 'referenceNumber') && typeof value === 'string' && value.trim() !== '') query[key] = value.trim();
    else if (key === 'currencyCodes' && typeof value === 'string') {
      const codes = value
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((c) => c.toUpperCase());
      if (codes.length > 0) query.currencyCodes = codes;
    } else if (key === 'merchantIds' && Array.isArray(value) && value.length > 0) query.merchantIds = [...value];
    else if (key === 'createdAt' && typeof value === 'object' && !Array.isArray(value)) {
      if (value.from) query.createdFromDate = value.from;
      if (value.to) query.createdToDate = value.to;
    }
  }
  // The tab wins over a status filter left in the URL from the overview.
  if (fromTab.length > 0) query.statuses = fromTab;
  return query;
}
