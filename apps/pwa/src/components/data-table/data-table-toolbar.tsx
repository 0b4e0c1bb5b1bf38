import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import type { TableFilter, TableState } from '@/lib/table-state-search.ts';
import { columnFilterKey, leafColumns, type ColumnDef } from './column-def.ts';
import { useDataTableText } from './data-table-texts.ts';
import { applyFilter } from './table-sorting.ts';
import { formatDate } from '@corridor/domain';

/** An ISO calendar date as the spec writes dates (dd/MM/yyyy); anything else (amounts) as it is. */
function calendarText(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value, 'UTC') : value;
}

/** How an applied filter reads in its chip: option names for a status list, "from – to" for a range. */
function filterSummary<TRow>(filter: TableFilter, column: ColumnDef<TRow> | undefined): string {
  const { value } = filter;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const names = new Map((column?.filterOptions ?? []).map((o) => [o.value, o.name]));
    return value.map((v) => names.get(v) ?? v).join(', ');
  }
  return `${calendarText(value.from)} – ${calendarText(value.to)}`;
}

export interface DataTableToolbarProps<TRow> {
  columns: readonly ColumnDef<TRow>[];
  state: TableState;
  onStateChange: (state: TableState) => void;
  /** A screen's own actions (export, create...). */
  children?: ReactNode;
}

/** The applied filters as removable chips, a reset of them all, and the screen's actions. */
export function DataTableToolbar<TRow>({ columns, state, onStateChange, children }: DataTableToolbarProps<TRow>) {
  const { t } = useTranslation();
  const text = useDataTableText();
  if (state.filters.length === 0 && children === undefined) return null;
  const byKey = new Map(leafColumns(columns).map((c) => [columnFilterKey(c), c]));

  return (
    <div data-testid="data-table-toolbar" className="flex flex-wrap items-center gap-2 px-2 py-2">
      {state.filters.map((filter) => {
        const column = byKey.get(filter.key);
        const name = column ? t(column.header, { defaultValue: column.header }) : filter.key;
        const summary = filterSummary(filter, column);
        return (
          <span
            key={filter.key}
            data-testid={`data-table-chip-${filter.key}`}
            className="inline-flex max-w-[20rem] items-center gap-1 rounded-full border bg-muted px-2 py-0.5 text-xs"
          >
            <span className="truncate" title={`${name}: ${summary}`}>
              <span className="font-medium">{name}:</span> {summary}
            </span>
            <button
              type="button"
              aria-label={text('removeFilter', { column: name })}
              className="rounded-full p-0.5 hover:bg-accent"
              onClick={() => onStateChange(applyFilter(state, filter.key, null))}
            >
              <X className="size-3" />
            </button>
          </span>
        );
      })}
      {state.filters.length > 0 && (
        <Button variant="ghost" size="sm" data-testid="data-table-reset-filters" onClick={() => onStateChange({ ...state, page: 1, filters: [] })}>
          {text('resetFilters')}
        </Button>
      )}
      {children !== undefined && <div className="ms-auto flex items-center gap-2">{children}</div>}
    </div>
  );
}
