import { toWirePage } from '@corridor/domain';
import type { TableState } from '@/lib/table-state-search.ts';

export interface BeneficiaryQuery {
  page: number;
  size: number;
  sort: string[];
  displayName?: string;
  iban?: string;
  type?: string;
  status?: string;
}

/** The table's state as the list call's query (spec beneficiary filter: type, displayName, iban, status). */
export function beneficiaryQuery(state: TableState): BeneficiaryQuery {
  const query: BeneficiaryQuery = {
    page: toWirePage(state.page),
    size: state.pageSize,
    sort: state.sort.length > 0 ? [...state.sort] : ['createdAt,DESC'],
  };
  for (const f of state.filters) {
    const value = Array.isArray(f.value) ? f.value[0] : f.value;
    if (typeof value !== 'string' || value === '') continue;
    if (f.key === 'displayName' || f.key === 'iban' || f.key === 'type' || f.key === 'status') query[f.key] = value;
  }
  return query;
}
