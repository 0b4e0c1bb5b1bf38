import type { ComponentType, ReactNode } from 'react';
import type { TableFilterValue } from '@/lib/table-state-search.ts';

/** An option of a status (or any list) filter: the value sent and the name shown and searched. */
export interface FilterOption {
  value: string;
  name: string;
}

/** What a custom filter is given: the applied value and how to apply or reset it. */
interface CustomFilterProps {
  value: TableFilterValue | undefined;
  /** `null` resets the filter (removes it from the state). */
  onApply: (value: TableFilterValue | null) => void;
}

/** A filter a screen brings itself (country select, wallet picker...). */
interface CustomFilter {
  render: (props: CustomFilterProps) => ReactNode;
}

type FilterType = 'status' | 'amount' | 'date-range' | CustomFilter;

/** How a cell shows its value when no `cell` renderer is given. */
type CellKind = 'text' | 'status' | 'amount' | 'multi-line';

interface AmountColumnOptions<TRow> {
  /** Decimal places of the row's currency (spec 3: dp, 8 when unknown). Default 2. */
  dp?: number | ((row: TRow) => number);
  /** Currency code shown after the amount. */
  currency?: (row: TRow) => string | null | undefined;
  /** +/- sign in credit/debit mode (spec 5 "Amount display"). */
  sign?: (row: TRow) => 'credit' | 'debit' | undefined;
}

/**
 * One thing a row can do (approve, cancel, edit...). The table shows a row's actions as buttons, or, on a
 * phone, as one menu button listing them (RowActionsCell), so the actions never take the row's width.
 */
export interface RowAction {
  /** Stable name of the action (the menu item's test id when the action has no `testId`: `row-action-<id>`). */
  id: string;
  /** Translated label. */
  label: string;
  /** Accessible name of the button when the label alone is ambiguous in a list ("Cancel PMT..."). */
  ariaLabel?: string;
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  /** How the button looks (a destructive action shows red in the menu). */
  variant?: 'default' | 'outline' | 'ghost' | 'destructive';
  disabled?: boolean;
  /**
   * Where the button shows its label beside its icon: always (the default), from the 2xl breakpoint up, or never.
   * Where it does not, the button is the icon alone, named by the label and showing it as its tooltip (a list with
   * little room). The menu always shows the label.
   */
  labelFrom?: '2xl' | 'never';
  /** Test id of the button and of the menu's item: a test finds the action by one name whichever form shows. */
  testId?: string;
  onSelect: () => void;
}

/**
 * One column of a DataTable (spec 2: "Column definitions have id, field, header, sorting,
 * sortKey, search, custom filter type, width, subHeaders").
 */
export interface ColumnDef<TRow> {
  id: string;
  /** Dotted path of the value in a row (`bank.name`). */
  field?: string;
  /** Header text or i18n key (translated when the key exists). */
  header: string;
  /** The column can be sorted (cycle asc -> desc -> none). */
  sorting?: boolean;
  /** Field named in the sort token when it differs from `field`. */
  sortKey?: string;
  /** The column has a search box. */
  search?: boolean;
  /** Filter key sent for this column's search or filter; defaults to `field`, then `id`. */
  filterKey?: string;
  filterType?: FilterType;
  /** Options of a status filter. */
  filterOptions?: readonly FilterOption[];
  /** CSS width (e.g. '10rem'). */
  width?: string;
  /** Grouped headers: this column is a group over these. */
  subHeaders?: readonly ColumnDef<TRow>[];
  /** Renders the cell; wins over `kind`. */
  cell?: (row: TRow) => ReactNode;
  kind?: CellKind;
  amount?: AmountColumnOptions<TRow>;
  /** Lines of a multi-line cell (first line is the main one). */
  lines?: (row: TRow) => readonly (string | null | undefined)[];
  align?: 'start' | 'end' | 'center';
  /**
   * The row's actions, for the actions column (ACTIONS_COLUMN_ID): buttons where the screen has room, one
   * menu button on a phone. `cell`, if given, is the row's note in the column, shown under its actions or alone
   * when it has none (its decision, its remarks, the server's refusal).
   */
  rowActions?: (row: TRow) => readonly RowAction[];
  /** Names the row in its actions menu's button ("Actions for PMT..."). */
  rowName?: (row: TRow) => string;
}

/**
 * The row actions column (approve, reject, cancel, edit...): every list names it so, and the table keeps it
 * in view at its end while the other columns scroll sideways, so a wide list never hides what a row can do.
 */
export const ACTIONS_COLUMN_ID = 'actions';

/** The value at a dotted path of a row, or undefined when any step is missing. */
export function fieldValue(row: unknown, path: string | undefined): unknown {
  if (path === undefined || path === '') return undefined;
  let node: unknown = row;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** The field a column sorts by. */
export function columnSortField<TRow>(column: ColumnDef<TRow>): string {
  return column.sortKey ?? column.field ?? column.id;
}

/** The filter key of a column's search or filter. */
export function columnFilterKey<TRow>(column: ColumnDef<TRow>): string {
  return column.filterKey ?? column.field ?? column.id;
}

/** The leaf columns, in display order (groups replaced by their sub-headers). */
export function leafColumns<TRow>(columns: readonly ColumnDef<TRow>[]): ColumnDef<TRow>[] {
  return columns.flatMap((c) => (c.subHeaders && c.subHeaders.length > 0 ? leafColumns(c.subHeaders) : [c]));
}
