import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getCoreRowModel, useReactTable, type ColumnDef as TanstackColumnDef, type Header } from '@tanstack/react-table';
import type { TotalKind } from '@corridor/api';
import { DEFAULT_PAGE, type HeaderCheckboxState } from '@corridor/domain';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { cn } from '@/lib/cn.ts';
import { browserTableStateStorage, writeTableState } from '@/lib/table-state.ts';
import { tableStateToPageConfig, type TableFilterValue, type TableState } from '@/lib/table-state-search.ts';
import { renderCell } from './cell-renderer.tsx';
import { ACTIONS_COLUMN_ID, columnSortField, leafColumns, type ColumnDef } from './column-def.ts';
import { ColumnHeader } from './column-header.tsx';
import { DataTableCaption } from './data-table-caption.tsx';
import { DataTablePagination } from './data-table-pagination.tsx';
import { DataTableToolbar } from './data-table-toolbar.tsx';
import { useDataTableText } from './data-table-texts.ts';
import { ScrollHint, useOverflowSides } from './scroll-hint.tsx';
import { pageSelectionState, togglePage, toggleRow } from './row-selection.ts';
import { applyFilter, changePageSize, cycleSort, sortDirectionOf } from './table-sorting.ts';
import { ensureTableStateClearedOnUnload } from './table-state-unload.ts';

const SELECT_COLUMN_ID = '__select';
/** Skeleton rows shown while a page loads (never more than a screenful). */
const MAX_SKELETON_ROWS = 10;

export interface DataTableProps<TRow> {
  columns: readonly ColumnDef<TRow>[];
  data: readonly TRow[];
  /** Total rows on the server (server-side pagination). */
  total: number;
  /** The page answer's `totalKind`: 'atLeast' when `total` is a lower bound (a large list stopped counting). */
  totalKind?: TotalKind | undefined;
  state: TableState;
  onStateChange: (state: TableState) => void;
  /** Shows skeleton rows instead of the data. */
  loading?: boolean;
  selectable?: boolean;
  /** Every selected row, across pages; clearing the selection emits []. */
  onSelectionChange?: (rows: TRow[]) => void;
  /**
   * A new value clears the selection (after a bulk action, the rows it decided are no longer to be picked). The
   * screen clears its own copy of the selection at the same time.
   */
  selectionResetKey?: number;
  /** A row's stable id (default: its `id` field, else its index on the page). */
  getRowId?: (row: TRow, index: number) => string;
  /** Key of the saved page config (spec 3 "Table state per table key"). */
  tableKey?: string;
  /** e.g. 'currencygrouping' for summaries (spec 2). */
  tableCategory?: string;
  /** false: `data` holds every row and the table pages it itself. */
  serverSidePagination?: boolean;
  emptyState?: ReactNode;
  /** When the shown data was fetched: rendered as "Updated ... ago". */
  updatedAt?: Date;
  offline?: boolean;
  /** Accessible name of the table. */
  label?: string;
  onRowClick?: (row: TRow) => void;
  /** A screen's own actions, shown in the toolbar beside the applied filters. */
  toolbar?: ReactNode;
  className?: string;
}

function defaultRowId(row: unknown, index: number): string {
  const id = typeof row === 'object' && row !== null ? (row as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : String(index);
}

function toTanstackColumns<TRow>(columns: readonly ColumnDef<TRow>[]): TanstackColumnDef<TRow>[] {
  return columns.map((c) =>
    c.subHeaders && c.subHeaders.length > 0 ? { id: c.id, header: c.header, columns: toTanstackColumns(c.subHeaders) } : { id: c.id, header: c.header },
  );
}

function indexColumns<TRow>(columns: readonly ColumnDef<TRow>[], into = new Map<string, ColumnDef<TRow>>()) {
  for (const c of columns) {
    into.set(c.id, c);
    if (c.subHeaders) indexColumns(c.subHeaders, into);
  }
  return into;
}

function HeaderCheckbox({ state, label, onToggle }: { state: HeaderCheckboxState; label: string; onToggle: () => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // `indeterminate` exists only as a DOM property, not as an attribute.
    if (ref.current) ref.current.indeterminate = state === 'indeterminate';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      data-testid="data-table-select-all"
      data-state={state}
      aria-label={label}
      aria-checked={state === 'indeterminate' ? 'mixed' : state === 'checked'}
      checked={state === 'checked'}
      onChange={onToggle}
    />
  );
}

/**
 * The portal's one data table (spec 2 "Data table"): server-side paging, the sort cycle, column
 * search and filters, tri-state page selection, grouped headers, saved page config.
 */
export function DataTable<TRow>({
  columns,
  data,
  total,
  totalKind,
  state,
  onStateChange,
  loading = false,
  selectable = false,
  onSelectionChange,
  selectionResetKey,
  getRowId,
  tableKey,
  tableCategory,
  serverSidePagination = true,
  emptyState,
  updatedAt,
  offline,
  label,
  onRowClick,
  toolbar,
  className,
}: DataTableProps<TRow>) {
  const { t } = useTranslation();
  const text = useDataTableText();
  const [selection, setSelection] = useState<ReadonlyMap<string, TRow>>(() => new Map());
  const [resetKey, setResetKey] = useState(selectionResetKey);
  if (resetKey !== selectionResetKey) {
    setResetKey(selectionResetKey);
    setSelection(new Map());
  }

  const rowIdOf = getRowId ?? defaultRowId;
  const pageData = useMemo(() => {
    if (serverSidePagination) return [...data];
    const start = (Math.max(DEFAULT_PAGE, state.page) - 1) * state.pageSize;
    return data.slice(start, start + state.pageSize);
  }, [data, serverSidePagination, state.page, state.pageSize]);
  const rowTotal = serverSidePagination ? total : data.length;

  const byId = useMemo(() => indexColumns(columns), [columns]);
  const leaves = useMemo(() => leafColumns(columns), [columns]);
  const tanstackColumns = useMemo(() => {
    const defs = toTanstackColumns(columns);
    return selectable ? [{ id: SELECT_COLUMN_ID, header: '' }, ...defs] : defs;
  }, [columns, selectable]);

  const table = useReactTable<TRow>({
    data: pageData,
    columns: tanstackColumns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row, index) => rowIdOf(row, index),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
  });
  const rows = table.getRowModel().rows;
  const pageRows = rows.map((r) => ({ id: r.id, row: r.original }));
  const headerState = pageSelectionState(
    selection,
    pageRows.map((r) => r.id),
  );

  // Keep the saved page config of this table current (spec 4), so coming back restores it.
  useEffect(() => {
    if (tableKey === undefined) return;
    const storage = browserTableStateStorage();
    if (storage === null) return;
    ensureTableStateClearedOnUnload(storage);
    writeTableState(storage, tableKey, tableStateToPageConfig(state, { total: rowTotal, tableCategory, serverSidePagination }));
  }, [state, rowTotal, tableKey, tableCategory, serverSidePagination]);

  const changeSelection = (next: ReadonlyMap<string, TRow>) => {
    setSelection(next);
    onSelectionChange?.([...next.values()]);
  };
  const onSort = (field: string) => onStateChange(cycleSort(state, field));
  const onFilter = (key: string, value: TableFilterValue | null) => onStateChange(applyFilter(state, key, value));

  const headerGroups = table.getHeaderGroups();
  const rendered = new Set<string>();
  const headerCell = (header: Header<TRow, unknown>, rowSpan: number) => {
    const id = header.column.id;
    if (id === SELECT_COLUMN_ID) {
      return (
        <th key={header.id} rowSpan={rowSpan} className="w-10 px-2 text-start align-middle">
          <HeaderCheckbox state={headerState} label={text('selectAll')} onToggle={() => changeSelection(togglePage(selection, pageRows))} />
        </th>
      );
    }
    const def = byId.get(id);
    if (def === undefined) return null;
    const isGroup = header.subHeaders.length > 0 && !header.isPlaceholder;
    const dir = def.sorting ? sortDirectionOf(state.sort, columnSortField(def)) : undefined;
    return (
      <th
        key={header.id}
        colSpan={header.colSpan}
        rowSpan={rowSpan}
        style={def.width ? { width: def.width } : undefined}
        aria-sort={def.sorting ? (dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none') : undefined}
        data-pinned={id === ACTIONS_COLUMN_ID ? 'end' : undefined}
        className={cn(
          'h-10 px-2 align-middle text-muted-foreground',
          isGroup ? 'border-b text-center' : 'text-start',
          id === ACTIONS_COLUMN_ID && 'data-table-pinned',
        )}
      >
        {isGroup ? (
          <span className="font-medium">{t(def.header, { defaultValue: def.header })}</span>
        ) : def.rowActions ? (
          // On a phone a row's actions are one menu button: the column's name would be wider than the column.
          <span className="max-md:sr-only">
            <ColumnHeader column={def} state={state} onSort={onSort} onFilter={onFilter} />
          </span>
        ) : (
          <ColumnHeader column={def} state={state} onSort={onSort} onFilter={onFilter} />
        )}
      </th>
    );
  };

  const columnCount = leaves.length + (selectable ? 1 : 0);
  const scroller = useRef<HTMLDivElement>(null);
  const overflow = useOverflowSides(scroller);
  const skeletonRows = Math.min(state.pageSize, MAX_SKELETON_ROWS);

  return (
    <div data-testid="data-table" className={cn('flex flex-col rounded-md border', className)}>
      <DataTableToolbar columns={columns} state={state} onStateChange={onStateChange}>
        {toolbar}
      </DataTableToolbar>
      <DataTableCaption updatedAt={updatedAt} offline={offline} />
      <div className="relative">
        <div ref={scroller} data-scrolls={overflow.start || overflow.end ? 'sideways' : undefined} className="relative w-full overflow-x-auto">
          <table className="w-full caption-bottom text-sm" aria-label={label} aria-busy={loading}>
            <thead className="[&_tr]:border-b">
              {headerGroups.map((group, groupIndex) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    // A leaf beside a group spans every header row instead of leaving empty cells.
                    const columnId = header.column.id;
                    if (rendered.has(columnId)) return null;
                    const isLeaf = header.column.columns.length === 0;
                    if (isLeaf) rendered.add(columnId);
                    return headerCell(header, isLeaf ? headerGroups.length - groupIndex : 1);
                  })}
                </tr>
              ))}
            </thead>
            <tbody className="[&_tr:last-child]:border-0">
              {loading &&
                Array.from({ length: skeletonRows }, (_, index) => (
                  <tr key={`skeleton-${index}`} data-testid="data-table-skeleton" className="border-b">
                    {Array.from({ length: columnCount }, (_c, cell) => (
                      <td key={cell} className="p-2">
                        <Skeleton className="h-4 w-full" />
                      </td>
                    ))}
                  </tr>
                ))}
              {!loading && rows.length === 0 && (
                <tr>
                  <td colSpan={columnCount} data-testid="data-table-empty" className="p-6 text-center text-muted-foreground">
                    {offline && updatedAt === undefined ? (
                      // Offline and never fetched: say so, rather than an empty list that reads as "nothing there".
                      <div data-testid="data-table-not-saved" className="flex flex-col items-center gap-2">
                        <span className="font-medium text-foreground">{text('notSaved')}</span>
                        <span>{text('notSavedHint')}</span>
                        <Button variant="outline" size="sm" onClick={() => window.history.back()} data-testid="data-table-go-back">
                          {text('goBack')}
                        </Button>
                      </div>
                    ) : (
                      (emptyState ?? text('empty'))
                    )}
                  </td>
                </tr>
              )}
              {!loading &&
                rows.map((row) => {
                  const checked = selection.has(row.id);
                  return (
                    <tr
                      key={row.id}
                      data-testid="data-table-row"
                      data-row-id={row.id}
                      data-state={checked ? 'selected' : undefined}
                      onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                      // A row that opens something is reached with Tab and opened with Enter or Space,
                      // like the link it stands for; keys pressed on a control inside it stay that control's.
                      tabIndex={onRowClick ? 0 : undefined}
                      onKeyDown={
                        onRowClick
                          ? (event) => {
                              if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
                              event.preventDefault();
                              onRowClick(row.original);
                            }
                          : undefined
                      }
                      className={cn(
                        'border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted',
                        onRowClick && 'cursor-pointer focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
                      )}
                    >
                      {selectable && (
                        <td className="w-10 px-2 align-middle" onClick={(e) => e.stopPropagation()}>
                          <input
                            type="checkbox"
                            data-testid="data-table-select-row"
                            aria-label={text('selectRow')}
                            checked={checked}
                            onChange={(e) => changeSelection(toggleRow(selection, row.id, row.original, e.target.checked))}
                          />
                        </td>
                      )}
                      {leaves.map((column) => (
                        <td
                          key={column.id}
                          data-pinned={column.id === ACTIONS_COLUMN_ID ? 'end' : undefined}
                          className={cn(
                            'p-2 align-middle',
                            column.align === 'end' && 'text-end',
                            column.align === 'center' && 'text-center',
                            column.id === ACTIONS_COLUMN_ID && 'data-table-pinned',
                          )}
                        >
                          {renderCell(column, row.original)}
                        </td>
                      ))}
                    </tr>
                  );
                })}
            </tbody>
          </table>
        </div>
        <ScrollHint sides={overflow} target={scroller} />
      </div>
      <DataTablePagination
        page={state.page}
        pageSize={state.pageSize}
        total={rowTotal}
        totalKind={serverSidePagination ? totalKind : 'exact'}
        onPageChange={(page) => onStateChange({ ...state, page })}
        onPageSizeChange={(pageSize) => onStateChange(changePageSize(state, pageSize))}
      />
    </div>
  );
}
