export { DataTable, type DataTableProps } from './data-table.tsx';
export {
  columnFilterKey,
  columnSortField,
  fieldValue,
  leafColumns,
  type AmountColumnOptions,
  type CellKind,
  type ColumnDef,
  type CustomFilter,
  type CustomFilterProps,
  type FilterOption,
  type FilterType,
} from './column-def.ts';
export { AmountCell, type AmountCellProps } from './amount-cell.tsx';
export { MultiLineCell } from './multi-line-cell.tsx';
export { StatusCell } from './status-cell.tsx';
export { TextCell, cellText } from './text-cell.tsx';
export { DATA_TABLE_TEXTS } from './data-table-texts.ts';
export { useTableSearch, type TableSearchRoute, type UseTableSearchOptions, type UseTableSearchResult } from './use-table-search.ts';
export { applyFilter, changePageSize, cycleSort, pageCount, sortDirectionOf } from './table-sorting.ts';
export { DataTableToolbar, filterSummary, type DataTableToolbarProps } from './data-table-toolbar.tsx';
export { DataTablePagination, type DataTablePaginationProps } from './data-table-pagination.tsx';
