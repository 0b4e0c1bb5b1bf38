import { toWirePage } from '@corridor/domain';
import type { TableState } from '@/lib/table-state-search.ts';

/** The activity call's query for a wallet's statement table (spec 3 filters, part B activity). */
export interface ActivityQuery {
  walletIds: string[];
  page: number;
  size: number;
  sort?: string[];
  categories?: string[];
  fromDate?: string;
  toDate?: string;
  mode?: 'CREDIT' | 'DEBIT';
}

/** Key of the date column's range filter: it travels as fromDate and toDate. */
export const ACTIVITY_DATE_FILTER = 'date';
export const ACTIVITY_CATEGORY_FILTER = 'categories';

/**
 * The table state as the activity query: the date range splits into fromDate/toDate (the call
 * takes two dates, not a `from,to` pair), categories stay a list, `mode` pins payables (DEBIT)
 * or receivables (CREDIT).
 */
export function activityQuery(walletId: string, state: TableState, mode?: 'CREDIT' | 'DEBIT'): ActivityQuery {
  const query: ActivityQuery = { walletIds: [walletId], page: toWirePage(state.page), size: state.pageSize };
  if (state.sort.length > 0) query.sort = [...state.sort];
  if (mode) query.mode = mode;
  for (const { key, value } of state.filters) {
    if (key === ACTIVITY_DATE_FILTER && typeof value === 'object' && !Array.isArray(value)) {
      if (value.from) query.fromDate = value.from;
      if (value.to) query.toDate = value.to;
    } else if (key === ACTIVITY_CATEGORY_FILTER && Array.isArray(value) && value.length > 0) {
      query.categories = [...value];
    }
  }
  return query;
}
