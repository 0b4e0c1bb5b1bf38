import { and, asc, count, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Page } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { pageAnswer, parseSort, type PageRequest } from './paging.ts';

/**
 * One list resource described once: its table, how each filter field narrows it, what it can be
 * sorted by, and which rows a caller may see. `listResource` answers the page shape from it.
 */
export interface ResourceSpec<TTable extends PgTable, TQuery> {
  table: TTable;
  filters: { [K in keyof TQuery]?: (value: NonNullable<TQuery[K]>) => SQL | undefined };
  sortKeys: Record<string, AnyPgColumn>;
  /** Applied when the request names no sort, so pages are stable. */
  defaultSort: SQL[];
  /** Columns to read (e.g. to leave out file contents); all when absent. */
  columns?: Record<string, AnyPgColumn>;
}

/** Drizzle column types that hold text, the only ones a case-insensitive sort applies to. */
const TEXT_COLUMN_TYPES = new Set(['PgText', 'PgVarchar', 'PgChar']);

/** The WHERE of a list request: the caller's scope and every filter the request sets. */
export function resourceWhere<TTable extends PgTable, TQuery extends PageRequest>(
  spec: ResourceSpec<TTable, TQuery>,
  query: TQuery,
  scope: SQL | undefined,
): SQL | undefined {
  const predicates: SQL[] = scope ? [scope] : [];
  for (const [field, build] of Object.entries(spec.filters) as Array<[keyof TQuery, ((v: unknown) => SQL | undefined) | undefined]>) {
    const value = query[field];
    if (build === undefined || value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    const predicate = build(value);
    if (predicate) predicates.push(predicate);
  }
  return predicates.length > 0 ? and(...predicates) : undefined;
}

/** The ORDER BY of a list request: its sort tokens, else the list's default order. */
export function resourceOrder<TTable extends PgTable, TQuery extends PageRequest>(spec: ResourceSpec<TTable, TQuery>, query: TQuery): SQL[] {
  const orders = parseSort(query.sort, Object.keys(spec.sortKeys)).map((o) => {
    const column = spec.sortKeys[o.field] as AnyPgColumn;
    // `ignorecase` only means something for text: lower() of a number, date or enum is a SQL error.
    const target = o.ignoreCase && TEXT_COLUMN_TYPES.has(column.columnType) ? sql`lower(${column})` : column;
    return o.direction === 'ASC' ? asc(target) : desc(target);
  });
  return orders.length > 0 ? orders : spec.defaultSort;
}

export async function listResource<TTable extends PgTable, TQuery extends PageRequest, TRow = TTable['$inferSelect']>(
  db: Db,
  spec: ResourceSpec<TTable, TQuery>,
  query: TQuery,
  scope: SQL | undefined,
): Promise<Page<TRow>> {
  const where = resourceWhere(spec, query, scope);
  const table = spec.table as PgTable;
  const [rows, totals] = await Promise.all([
    (spec.columns ? db.select(spec.columns) : db.select())
      .from(table)
      .where(where)
      .orderBy(...resourceOrder(spec, query))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ n: count() }).from(table).where(where),
  ]);
  return pageAnswer(rows as TRow[], query, totals[0]?.n ?? 0);
}
