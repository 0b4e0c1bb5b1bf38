import { validateTabTableSearch } from '@/lib/search-params.ts';
import type { TableSearch } from '@/lib/table-state-search.ts';

export type RateScreenSearch = TableSearch & { tab?: string; view?: string; layer?: string };

/** A rate screen's URL: the table's state, its tab, and the view or markup layer shown in it. */
export function validateRateSearch(search: Record<string, unknown>): RateScreenSearch {
  const out: RateScreenSearch = validateTabTableSearch(search);
  if (typeof search.view === 'string') out.view = search.view;
  if (typeof search.layer === 'string') out.layer = search.layer;
  return out;
}

/** The option named in the URL when it is one of `options`, else the first (an old link still opens). */
export function pick<const T extends string>(options: readonly [T, ...T[]], value: string | undefined): T {
  return options.find((o) => o === value) ?? options[0];
}
