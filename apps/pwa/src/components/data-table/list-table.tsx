import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page-header.tsx';
import type { TableState } from '@/lib/table-state-search.ts';
import type { TotalKind } from '@corridor/api';
import { DataTable, type DataTableProps } from './data-table.tsx';
import { ListEmpty, ListLoadFailed } from './list-states.tsx';

/** A list read as a screen holds it (a local-first answer): what was last seen, its age, and how the last call went. */
export interface ListRead<TData> {
  data: TData | undefined;
  loading: boolean;
  error: unknown;
  updatedAt: Date | null;
  offline: boolean;
}

/** One server page of a list. */
interface ListPage<TRow> {
  content: readonly TRow[];
  totalElements: number;
  /** 'atLeast' when the server stopped counting a large list: the total is a lower bound. */
  totalKind?: TotalKind | undefined;
}

type ReadOwned = 'data' | 'total' | 'totalKind' | 'updatedAt' | 'offline' | 'emptyState' | 'state' | 'onStateChange';

type ListSource<TRow> =
  /** The read is a server page: its rows are shown, its total pages the table. */
  | { list: ListRead<ListPage<TRow>>; rows?: undefined }
  /**
   * Rows worked out of the read: a page's rows mapped for display (the page's total still counts), or a
   * whole short list narrowed on the device (with `serverSidePagination={false}`, the rows are the total).
   */
  | { list: ListRead<{ totalElements: number } | readonly unknown[]>; rows: readonly TRow[] };

export type ListTableProps<TRow> = Omit<DataTableProps<TRow>, ReadOwned> &
  ListSource<TRow> & {
    /** The table's state and where its changes go (`useTableSearch`'s answer, or a short list's own state). */
    table: { state: TableState; onStateChange: (state: TableState) => void };
    /** Said above the table when the read failed with nothing on the device to show instead. */
    failed?: { testId: string; message: string };
    /** The empty state: a title and description block, or any node. */
    empty?: { testId: string; title: string; description: string } | ReactNode;
  };

function isPage(data: unknown): data is { totalElements: number } {
  return typeof data === 'object' && data !== null && 'totalElements' in data;
}

/** How many rows the whole list has, as the page header counts them: the server's total, or the whole list read. */
function listCount(data: unknown): number | undefined {
  if (isPage(data)) return data.totalElements;
  return Array.isArray(data) ? data.length : undefined;
}

function isEmptyText(empty: ListTableProps<unknown>['empty']): empty is { testId: string; title: string; description: string } {
  return typeof empty === 'object' && empty !== null && !('$$typeof' in empty) && 'title' in empty;
}

/**
 * The DataTable of one list read: rows, total, loading, offline and age come from the read, so a screen
 * gives only its columns, its state and what is its own (row id, row click, toolbar, selection).
 */
export function ListTable<TRow>({ list, rows, failed, empty, loading, table, ...props }: ListTableProps<TRow>) {
  const page = isPage(list.data) ? (list.data as ListPage<TRow>) : undefined;
  const shown = rows ?? page?.content ?? [];
  const emptyState = isEmptyText(empty) ? <ListEmpty testId={empty.testId} title={empty.title} description={empty.description} /> : empty;
  return (
    <>
      {failed !== undefined && list.error !== null && list.data === undefined && <ListLoadFailed testId={failed.testId} message={failed.message} />}
      <DataTable
        {...props}
        state={table.state}
        onStateChange={table.onStateChange}
        data={shown}
        total={props.serverSidePagination === false ? shown.length : (page?.totalElements ?? 0)}
        totalKind={page?.totalKind}
        // A screen may also wait on another read (the choices its query needs).
        loading={loading ?? list.loading}
        updatedAt={list.updatedAt ?? undefined}
        offline={list.offline}
        {...(emptyState === undefined ? {} : { emptyState })}
      />
    </>
  );
}

/** Omit over each member of a union (plain Omit merges the union, losing which rows go with which read). */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type ListScreenProps<TRow> = OmitEach<ListTableProps<TRow>, 'label' | 'className'> & {
  /** The screen's test id, on its outermost element. */
  testId: string;
  /** The page title, also the table's accessible name. */
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Between the header and the table: tabs, a summary, a chooser. */
  above?: ReactNode;
  /** After the table: the screen's dialogs. */
  children?: ReactNode;
  /** A new value starts the table afresh (its selection belonged to another list). */
  resetKey?: string;
  /** The screen's own data attributes (which portal, which kind). */
  attributes?: Record<`data-${string}`, string>;
};

/**
 * A list screen's frame (spec 2): page header with how many rows the whole list has, what sits above the table, the
 * list's failed and empty states, and its DataTable. The screen keeps its columns, filters and query.
 */
export function ListScreen<TRow>({ testId, title, description, actions, above, children, resetKey, attributes, ...listProps }: ListScreenProps<TRow>) {
  return (
    <div className="flex flex-col gap-4" data-testid={testId} {...attributes}>
      <PageHeader title={title} count={listCount(listProps.list.data)} description={description} actions={actions} />
      {above}
      <ListTable key={resetKey} {...listProps} label={title} />
      {children}
    </div>
  );
}
