import { MERCHANT_AUTH_TABS, OVERVIEW, tabForSlug, toWirePage } from '@corridor/domain';
import type { TableState } from '@/lib/table-state-search.ts';

/** The list's tabs are the merchant authorization statuses (spec 1), the same tab set; overview shows every one. */
export type ProfileTab = (typeof MERCHANT_AUTH_TABS)[number];

/** The tab a URL slug opens; an unknown or missing one opens the overview. */
export function profileTabOf(slug: string | undefined): ProfileTab {
  return tabForSlug(MERCHANT_AUTH_TABS, slug);
}

/** Filters of the list the table can set (part A, merchant profile filter). */
const FILTER_KEYS = ['merchantNameContains', 'kycStatus', 'riskScoringStatus', 'settlementStatus', 'status'] as const;

export interface ProfileQuery {
  page: number;
  size: number;
  sort: string[];
  profileStatus?: string;
  merchantNameContains?: string;
  kycStatus?: string;
  riskScoringStatus?: string;
  settlementStatus?: string;
  status?: string;
}

/** The table's state and the open tab as the list call's query. */
export function profileQuery(state: TableState, tab: ProfileTab): ProfileQuery {
  const query: ProfileQuery = {
    page: toWirePage(state.page),
    size: state.pageSize,
    sort: state.sort.length > 0 ? [...state.sort] : ['merchantName,ASC,ignorecase'],
  };
  if (tab.status !== OVERVIEW) query.profileStatus = tab.status;
  for (const f of state.filters) {
    const value = Array.isArray(f.value) ? f.value[0] : f.value;
    if (typeof value !== 'string' || value.trim() === '') continue;
    const key = FILTER_KEYS.find((k) => k === f.key);
    if (key) query[key] = value.trim();
  }
  return query;
}
