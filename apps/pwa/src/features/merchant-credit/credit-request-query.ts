import { tabStatusFilter, toWirePage } from '@corridor/domain';
import type { TableState } from '@/lib/table-state-search.ts';

export interface CreditRequestQuery {
  page: number;
  size: number;
  sort?: string[];
  statuses?: string[];
  walletId?: string;
  currencyCodes?: string[];
}

/**
 * The credit request list's query: the status tab filters by its status (overview by none,
 * spec 2 request statuses), the table's own status filter narrows further, newest first unless
 * the user sorts.
 */
export function creditRequestQuery(state: TableState, tabStatus: string, walletId?: string): CreditRequestQuery {
  const query: CreditRequestQuery = {
    page: toWirePage(state.page),
    size: state.pageSize,
    sort: state.sort.length > 0 ? [...state.sort] : ['createdAt,DESC,ignorecase'],
  };
  const fromTab = tabStatusFilter(tabStatus);
  const fromFilter = state.filters.find((f) => f.key === 'statuses')?.value;
  const picked = Array.isArray(fromFilter) ? fromFilter : [];
  const statuses = fromTab.length > 0 ? fromTab : picked;
  if (statuses.length > 0) query.statuses = statuses;
  const currencies = state.filters.find((f) => f.key === 'currencyCodes')?.value;
  if (Array.isArray(currencies) && currencies.length > 0) query.currencyCodes = [...currencies];
  if (walletId) query.walletId = walletId;
  return query;
}
