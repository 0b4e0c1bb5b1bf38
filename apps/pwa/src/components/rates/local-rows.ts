import { columnFilterKey, columnSortField, fieldValue, leafColumns, type ColumnDef } from '@/components/data-table/column-def.ts';
import type { TableState } from '@/lib/table-state-search.ts';

/** A row's text for one field, as searched and sorted (a pair column also answers its target). */
function textOf(row: unknown, field: string): string {
  const value = fieldValue(row, field);
  return value === null || value === undefined ? '' : String(value);
}

/**
 * A whole answer (rate lists are not paged by the server) narrowed and ordered by the table's state:
 * search text is a case-insensitive substring of the column's field (a pair also matches "USD/AED"),
 * a list filter keeps rows whose value is one of those picked, sort tokens apply in order. Done
 * here, on the cached rows, so filtering works the same offline.
 */
export function localRows<TRow>(rows: readonly TRow[], columns: readonly ColumnDef<TRow>[], state: TableState): TRow[] {
  const leaves = leafColumns(columns);
  let out = [...rows];
  for (const { key, value } of state.filters) {
    const column = leaves.find((c) => columnFilterKey(c) === key);
    const field = column?.field ?? key;
    if (typeof value === 'string') {
      const needle = value.trim().toLowerCase();
      if (needle === '') continue;
      out = out.filter((row) => {
        const own = textOf(row, field).toLowerCase();
        const pair = `${textOf(row, 'sourceCurrency')}/${textOf(row, 'targetCurrency')}`.toLowerCase();
        return own.includes(needle) || (field === 'sourceCurrency' && pair.includes(needle));
      });
    } else if (Array.isArray(value)) {
      if (value.length === 0) continue;
      out = out.filter((row) => value.includes(textOf(row, field)));
    }
  }
  const sorts = state.sort
    .map((token) => token.split(','))
    .filter((parts): parts is [string, string, ...string[]] => parts.length >= 2)
    .map(([key, direction]) => {
      const column = leaves.find((c) => columnSortField(c) === key);
      return { field: column?.field ?? key, sign: direction.toUpperCase() === 'DESC' ? -1 : 1 };
    });
  if (sorts.length > 0) {
    out.sort((a, b) => {
      for (const { field, sign } of sorts) {
        const diff = textOf(a, field).localeCompare(textOf(b, field), undefined, { sensitivity: 'base', numeric: true });
        if (diff !== 0) return diff * sign;
      }
      return 0;
    });
  }
  return out;
}
