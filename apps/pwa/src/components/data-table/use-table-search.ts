import { useCallback, useEffect, useMemo, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { savedTableConfig } from '@/lib/table-state.ts';
import { isTableSearchEmpty, parseTableSearch, resolveTableState, tableStateToSearch, type TableSearch, type TableState } from '@/lib/table-state-search.ts';

/** Any route whose `validateSearch` reads a table's params (`validateTableSearch`; its `useSearch` is enough here). */
export interface TableSearchRoute {
  useSearch: () => unknown;
}

export interface UseTableSearchOptions {
  /** Key of the saved page config restored when the URL carries no table params. */
  tableKey?: string;
}

export interface UseTableSearchResult {
  state: TableState;
  onStateChange: (state: TableState) => void;
  search: TableSearch;
}

/**
 * A DataTable's state kept in the URL (design 4: "tab, filters, sort, page, size live in the
 * URL"). The route declares `validateSearch: validateTableSearch` (or one that extends it); a change
 * navigates to the same path with new params, keeping the route's other params (tab...). When the
 * URL has no table params the table's saved page config is shown (spec 2: "state restored from
 * saved page config"), until the user changes something.
 */
export function useTableSearch(route: TableSearchRoute, options: UseTableSearchOptions = {}): UseTableSearchResult {
  const raw = route.useSearch();
  const search = useMemo(() => parseTableSearch(raw), [raw]);
  const router = useRouter();
  const { tableKey } = options;
  const [saved, setSaved] = useState(() => (tableKey !== undefined && isTableSearchEmpty(search) ? savedTableConfig(tableKey) : null));

  const state = useMemo(() => resolveTableState(search, saved), [search, saved]);

  const goTo = useCallback(
    (next: TableState, replace: boolean) => {
      const { pathname, search: current, hash } = router.state.location;
      // Built as an href: the table works on any route, which the route-typed `search` reducer cannot express.
      const merged: Record<string, unknown> = { ...current, ...tableStateToSearch(next) };
      for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
      const href = `${pathname}${router.options.stringifySearch(merged)}${hash ? `#${hash}` : ''}`;
      void router.navigate({ href, replace });
    },
    [router],
  );

  // A restored state is written into the address (replacing it), so the URL shows what the table shows.
  useEffect(() => {
    if (saved !== null) goTo(resolveTableState({}, saved), true);
  }, [saved, goTo]);

  const onStateChange = useCallback(
    (next: TableState) => {
      // From now on the URL is the truth, also when it goes back to the defaults.
      setSaved(null);
      goTo(next, false);
    },
    [goTo],
  );

  return { state, onStateChange, search };
}
