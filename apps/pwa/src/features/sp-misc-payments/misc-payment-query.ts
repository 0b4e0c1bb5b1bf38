import { toWirePage } from '@corridor/domain';
import type { TableState } from '@/lib/table-state-search.ts';

/** The ledger category every miscellaneous payment is posted under. */
const MISC_CATEGORY = 'MISC_PAYMENT';
/** The entry's transaction type of each direction. */
export const MISC_TYPES = { IN: 'MISC_PAYMENT_IN', OUT: 'MISC_PAYMENT_OUT' } as const;

/** The query of the accounting entries call (contract `accountingEntryFilter`) for miscellaneous payments. */
export interface MiscPaymentQuery {
  page: number;
  size: number;
  sort: string[];
  category: typeof MISC_CATEGORY;
  transactionId?: string;
  tspWalletId?: string;
  subCategory?: string;
  transactionType?: string;
}

const first = (value: unknown): string | undefined => {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
};

/**
 * The table's state as the entries query: always the miscellaneous category, newest first unless the user
 * sorts; the id search, the wallet, the purpose (posted as the entry's sub-category) and the direction (its
 * transaction type) as the call's filters, one value each (the call takes one).
 */
export function miscPaymentQuery(state: TableState): MiscPaymentQuery {
  const query: MiscPaymentQuery = {
    page: toWirePage(state.page),
    size: state.pageSize,
    sort: state.sort.length > 0 ? [...state.sort] : ['createdAt,DESC'],
    category: MISC_CATEGORY,
  };
  for (const { key, value } of state.filters) {
    const v = first(value);
    if (v === undefined) continue;
    if (key === 'transactionId' || key === 'tspWalletId' || key === 'subCategory') query[key] = v;
    else if (key === 'transactionType' && (v === MISC_TYPES.IN || v === MISC_TYPES.OUT)) query.transactionType = v;
  }
  return query;
}
