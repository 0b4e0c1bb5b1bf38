import { isSortToken } from '@corridor/api/light';
import { PAGE_SIZES } from '@corridor/domain';
import type { RangeFilterValue, TableFilter, TableFilterValue, TableSearch } from './table-search-schema.ts';

/*
 * The routes' `validateSearch`, written without zod: route definitions load with the first screen,
 * and zod would add some 25 KB gzip to it. Each function follows the zod schema of the same name
 * (`tableSearchSchema`, `walletListSearchSchema`); search-params.test.ts checks they agree on any input.
 */

type Search = Record<string, unknown>;

/** `z.coerce.number().int()`: Number(value), kept when it is a safe whole number. */
function wholeNumber(value: unknown): number | undefined {
  let n: number;
  try {
    n = Number(value);
  } catch {
    return undefined;
  }
  return Number.isSafeInteger(n) ? n : undefined;
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** A single value arrives as a plain string; a list where one item fails is dropped whole. */
function stringList(value: unknown, keep: (item: string) => boolean): string[] | undefined {
  const list = isString(value) ? [value] : value;
  return Array.isArray(list) && list.every((item) => isString(item) && keep(item)) ? [...(list as string[])] : undefined;
}

function isRange(value: unknown): value is RangeFilterValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && isString((value as Search).from) && isString((value as Search).to);
}

function filterValueOf(value: unknown): TableFilterValue | undefined {
  if (isString(value)) return value;
  if (Array.isArray(value)) return value.every(isString) ? [...value] : undefined;
  if (isRange(value)) return { from: value.from, to: value.to };
  return undefined;
}

/** One column filter, as `tableFilterSchema` reads it (a saved page config's filters are checked one by one). */
export function tableFilterOf(item: unknown): TableFilter | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return undefined;
  const { key, value: raw } = item as Search;
  const filterValue = filterValueOf(raw);
  return isString(key) && key.length > 0 && filterValue !== undefined ? { key, value: filterValue } : undefined;
}

function filtersOf(value: unknown): TableFilter[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const filters: TableFilter[] = [];
  for (const item of value) {
    const filter = tableFilterOf(item);
    if (filter === undefined) return undefined;
    filters.push(filter);
  }
  return filters;
}

/** A table's search params; a malformed one is dropped, never an error (as `tableSearchSchema`). */
export function validateTableSearch(search: Search): TableSearch {
  const page = wholeNumber(search.page);
  const size = wholeNumber(search.size);
  const out: TableSearch = {};
  if (search.page !== undefined) out.page = page !== undefined && page >= 1 ? page : undefined;
  if (search.size !== undefined) out.size = size !== undefined && (PAGE_SIZES as readonly number[]).includes(size) ? size : undefined;
  if (search.sort !== undefined) out.sort = stringList(search.sort, isSortToken);
  if (search.filters !== undefined) out.filters = filtersOf(search.filters);
  return out;
}

/** A table's search params and the tab it shows. */
export function validateTabTableSearch(search: Search): TableSearch & { tab?: string } {
  const out: TableSearch & { tab?: string } = validateTableSearch(search);
  if (search.tab !== undefined) out.tab = isString(search.tab) ? search.tab : undefined;
  return out;
}

/** A table's search params, the tab it shows and the view within that tab (a wallet's statement or its holds). */
export function validateTabViewTableSearch(search: Search): TableSearch & { tab?: string; view?: string } {
  const out: TableSearch & { tab?: string; view?: string } = validateTabTableSearch(search);
  if (search.view !== undefined) out.view = isString(search.view) ? search.view : undefined;
  return out;
}

export interface WalletListSearch {
  currencyCodes?: string[];
  bankCodes?: string[];
  statuses?: string[];
  types?: string[];
  /** Which currency the summary card row adds up. */
  summary?: string;
}

/** The wallet list's search params (design 4: filters live in the URL). */
export function validateWalletListSearch(search: Search): WalletListSearch {
  const out: WalletListSearch = {};
  for (const key of ['currencyCodes', 'bankCodes', 'statuses', 'types'] as const) {
    if (search[key] !== undefined) out[key] = stringList(search[key], (item) => item.length > 0);
  }
  if (search.summary !== undefined) out.summary = isString(search.summary) && search.summary.length === 3 ? search.summary : undefined;
  return out;
}
