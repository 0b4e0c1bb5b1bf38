import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { SortDirection } from '@corridor/api/light';
import { filterValue, type RangeFilterValue, type TableFilterValue, type TableState } from '@/lib/table-state-search.ts';
import { AmountFilter } from './amount-filter.tsx';
import { ColumnSearch } from './column-search.tsx';
import { columnFilterKey, columnSortField, type ColumnDef } from './column-def.ts';
import { useDataTableText } from './data-table-texts.ts';
import { DateRangeFilter } from './date-range-filter.tsx';
import { StatusFilter } from './status-filter.tsx';
import { sortDirectionOf } from './table-sorting.ts';

function asText(value: TableFilterValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

function asList(value: TableFilterValue | undefined): string[] {
  return Array.isArray(value) ? value : [];
}

function asRange(value: TableFilterValue | undefined): RangeFilterValue | undefined {
  return typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

function SortIcon({ dir }: { dir: SortDirection | undefined }) {
  if (dir === 'asc') return <ArrowUp className="size-3.5" />;
  if (dir === 'desc') return <ArrowDown className="size-3.5" />;
  return <ArrowUpDown className="size-3.5 opacity-50" />;
}

export interface ColumnHeaderProps<TRow> {
  column: ColumnDef<TRow>;
  state: TableState;
  onSort: (field: string) => void;
  onFilter: (key: string, value: TableFilterValue | null) => void;
}

/** A leaf column's header: its title, sort toggle, search box and filter. */
export function ColumnHeader<TRow>({ column, state, onSort, onFilter }: ColumnHeaderProps<TRow>) {
  const { t } = useTranslation();
  const text = useDataTableText();
  const label = t(column.header, { defaultValue: column.header });
  const sortField = columnSortField(column);
  const dir = column.sorting ? sortDirectionOf(state.sort, sortField) : undefined;
  const key = columnFilterKey(column);
  const current = filterValue(state.filters, key);
  const filter = column.filterType;

  return (
    <div className="flex items-center gap-1">
      {column.sorting ? (
        <button
          type="button"
          data-testid={`data-table-sort-${column.id}`}
          data-sort={dir ?? 'none'}
          aria-label={text('sortBy', { column: label })}
          onClick={() => onSort(sortField)}
          className="inline-flex items-center gap-1 rounded-sm font-medium hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span>{label}</span>
          <SortIcon dir={dir} />
        </button>
      ) : (
        <span className="font-medium">{label}</span>
      )}
      {column.search && <ColumnSearch columnId={column.id} label={label} value={asText(current)} onApply={(v) => onFilter(key, v)} />}
      {filter === 'status' && (
        <StatusFilter columnId={column.id} label={label} options={column.filterOptions ?? []} value={asList(current)} onApply={(v) => onFilter(key, v)} />
      )}
      {filter === 'amount' && <AmountFilter columnId={column.id} label={label} value={asRange(current)} onApply={(v) => onFilter(key, v)} />}
      {filter === 'date-range' && <DateRangeFilter columnId={column.id} label={label} value={asRange(current)} onApply={(v) => onFilter(key, v)} />}
      {typeof filter === 'object' && (
        <span data-testid={`data-table-filter-${column.id}`}>{filter.render({ value: current, onApply: (v) => onFilter(key, v) })}</span>
      )}
    </div>
  );
}
