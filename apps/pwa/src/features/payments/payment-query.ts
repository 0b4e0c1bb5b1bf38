import { tabStatusFilter, toWirePage } from '@corridor/domain';
import type { TableState } from '@/lib/table-state-search.ts';

/** The query of a payment list call (contract `paymentFilter`). */
export interface PaymentQuery {
  page: number;
  size: number;
  sort: string[];
  status?: string;
  paymentId?: string;
  referenceNumber?: string;
  receiverCountryCodes?: string[];
  merchantIds?: string[];
  createdFromDate?: string;
  createdToDate?: string;
}

/**
 * A payment table's state as its list query: the tab pins the status (the overview pins none and lets the
 * status filter choose, several statuses sent comma-separated), newest first unless the user sorts, the
 * created-date range as its two dates, a typed country list as upper-case codes.
 */
export function paymentQuery(state: TableState, tabStatus: string): PaymentQuery {
  const query: PaymentQuery = {
    page: toWirePage(state.page),
    size: state.pageSize,
    sort: state.sort.length > 0 ? [...state.sort] : ['createdAt,DESC'],
  };
  const fromTab = tabStatusFilter(tabStatus);
  for (const { key, value } of state.filters) {
    if (key === 'status' && Array.isArray(value) && value.length > 0 && fromTab.length === 0) query.status = value.join(',');
    else if ((key === 'paymentId' || key === 'referenceNumber') && typeof value === 'string' && value.trim() !== '') query[key] = value.trim();
    else if (key === 'receiverCountryCodes' && typeof value === 'string') {
      const codes = value
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((c) => c.toUpperCase());
      if (codes.length > 0) query.receiverCountryCodes = codes;
    } else if (key === 'merchantIds' && Array.isArray(value) && value.length > 0) query.merchantIds = [...value];
    else if (key === 'createdAt' && typeof value === 'object' && !Array.isArray(value)) {
      if (value.from) query.createdFromDate = value.from;
      if (value.to) query.createdToDate = value.to;
    }
  }
  if (fromTab.length > 0) query.status = fromTab.join(',');
  return query;
}
