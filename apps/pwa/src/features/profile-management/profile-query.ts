import { toWirePage } from '@corridor/domain';
import type { TableState } from '@/lib/table-state-search.ts';

/** Profile statuses as the list's tabs (spec 1, merchant authorization statuses); overview shows every one. */
export const PROFILE_TABS = [
  { slug: 'overview', status: null },
  { slug: 'pending-approval', status: 'PENDING_APPROVAL' },
  { slug: 'active', status: 'ACTIVE' },
  { slug: 'blocked', status: 'BLOCKED' },
  { slug: 'expired', status: 'EXPIRED' },
  { slug: 'paused', status: 'PAUSED' },
] as const;

export type ProfileTab = (typeof PROFILE_TABS)[number];

export function profileTabOf(slug: string | undefined): ProfileTab {
  return PROFILE_TABS.find((tab) => tab.slug === slug) ?? PROFILE_TABS[0];
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
  if (tab.status !== null) query.profileStatus = tab.status;
  for (const f of state.filters) {
    const value = Array.isArray(f.value) ? f.value[0] : f.value;
    if (typeof value !== 'string' || value.trim() === '') continue;
    const key = FILTER_KEYS.find((k) => k === f.key);
    if (key) query[key] = value.trim();
  }
  return query;
}
