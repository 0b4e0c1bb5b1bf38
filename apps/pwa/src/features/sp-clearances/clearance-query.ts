import { Dec, toWirePage } from '@corridor/domain';
import type { TableFilter, TableState } from '@/lib/table-state-search.ts';

/** The table filter that holds the chosen wallet, so the wallet is in the URL with the rest of the table. */
const WALLET_FILTER = 'spWalletId';

/** The query of the net-off candidates call (contract `settlements.netOffCandidates`). */
export interface CandidateQuery {
  spWalletId: string;
  page: number;
  size: number;
  transactionIds?: string[];
  merchantServiceIds?: string[];
  fromDate?: string;
  toDate?: string;
}

/** The wallet chosen in the table's state, if any. */
export function chosenWallet(state: TableState): string | undefined {
  const value = state.filters.find((f) => f.key === WALLET_FILTER)?.value;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The state with another wallet chosen, back on page 1 (the rows are another wallet's). */
export function withWallet(state: TableState, walletId: string): TableState {
  const filters: TableFilter[] = [...state.filters.filter((f) => f.key !== WALLET_FILTER), { key: WALLET_FILTER, value: walletId }];
  return { ...state, page: 1, filters };
}

/**
 * The table's state as the candidates query of one wallet: the id search and merchant filter as the call's
 * lists, the value-date range as its two dates. The call keeps its own order (oldest first), so no sort.
 */
export function candidateQuery(state: TableState, spWalletId: string): CandidateQuery {
  const query: CandidateQuery = { spWalletId, page: toWirePage(state.page), size: state.pageSize };
  for (const { key, value } of state.filters) {
    if (key === 'transactionIds' && typeof value === 'string') {
      const ids = value.split(/[\s,]+/).filter(Boolean);
      if (ids.length > 0) query.transactionIds = ids;
    } else if (key === 'merchantServiceIds' && Array.isArray(value) && value.length > 0) query.merchantServiceIds = [...value];
    else if (key === 'valueDate' && typeof value === 'object' && !Array.isArray(value)) {
      if (value.from) query.fromDate = value.from;
      if (value.to) query.toDate = value.to;
    }
  }
  return query;
}

/** What netting the chosen items settles: receivables less payables (positive: due to the wallet). */
export function netOfSelection(rows: readonly { amount: string; direction: 'PAYABLE' | 'RECEIVABLE' }[]): string {
  return rows.reduce((sum, r) => (r.direction === 'RECEIVABLE' ? sum.plus(r.amount) : sum.minus(r.amount)), new Dec(0)).toFixed();
}
