import { ALL_ROWS_PAGE } from '@/lib/page-query.ts';
import type { WalletListSearch } from './wallet-list-search.ts';

/** The wallet list's filters (spec 3 "Wallet filters"), as the list call takes them. */
export interface WalletListFilters {
  currencyCodes?: string[];
  bankCodes?: string[];
  statuses?: string[];
  types?: string[];
  countryCodes?: string[];
}

export const WALLET_FILTER_KEYS = ['currencyCodes', 'bankCodes', 'statuses', 'types'] as const;
export type WalletFilterKey = (typeof WALLET_FILTER_KEYS)[number];

/** Whether any filter is set: the empty list then says so and offers to clear them (spec 3 "Wallet filters"). */
export function hasFilters(search: WalletListSearch): boolean {
  return WALLET_FILTER_KEYS.some((key) => (search[key]?.length ?? 0) > 0);
}

export function filtersOf(search: WalletListSearch): WalletListFilters {
  const filters: WalletListFilters = {};
  for (const key of WALLET_FILTER_KEYS) {
    const value = search[key];
    if (value && value.length > 0) filters[key] = value;
  }
  return filters;
}

/** A merchant has a handful of wallets: one page holds them all, with their positions. */
const WALLET_PAGE = { ...ALL_ROWS_PAGE, inclPosition: true } as const;

/** The list call's query for the filters: only filters with values are sent. */
export function walletListQuery(filters: WalletListFilters) {
  const query: Record<string, unknown> = { ...WALLET_PAGE };
  for (const [key, value] of Object.entries(filters)) {
    if (Array.isArray(value) && value.length > 0) query[key] = value;
  }
  return query;
}
