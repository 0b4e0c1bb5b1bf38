import { headerCheckboxState, type HeaderCheckboxState } from '@corridor/domain';

/** Selected rows by id; kept across pages so a selection survives paging. */
export type RowSelection<TRow> = ReadonlyMap<string, TRow>;

/** Header checkbox of the current page (spec 2: checked, indeterminate or unchecked). */
export function pageSelectionState<TRow>(selection: RowSelection<TRow>, pageIds: readonly string[]): HeaderCheckboxState {
  return headerCheckboxState([...selection.keys()], pageIds);
}

export function toggleRow<TRow>(selection: RowSelection<TRow>, id: string, row: TRow, checked: boolean): Map<string, TRow> {
  const next = new Map(selection);
  if (checked) next.set(id, row);
  else next.delete(id);
  return next;
}

/**
 * A click on the header checkbox: a fully selected page is cleared, otherwise every row of the
 * page is selected.
 */
export function togglePage<TRow>(selection: RowSelection<TRow>, pageRows: readonly { id: string; row: TRow }[]): Map<string, TRow> {
  const next = new Map(selection);
  const state = pageSelectionState(
    selection,
    pageRows.map((r) => r.id),
  );
  for (const { id, row } of pageRows) {
    if (state === 'checked') next.delete(id);
    else next.set(id, row);
  }
  return next;
}
