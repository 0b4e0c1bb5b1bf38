import { and, asc, desc, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Page } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { BESIDE, besideField, executeRows, listWhere, selectHeads } from '../db/statement.ts';
import { AppError } from '../errors.ts';
import { afterCursor, assertKeysetSort, decodeCursor, keyFields, keysetOrder, keysetPage, sortSignature, type KeyPart, type Keyset } from './keyset.ts';
import { boundedCount, boundedCountSql, boundedTotal, COUNT_LOOKAHEAD, countCap } from './bounded-count.ts';
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
  /**
   * Set on lists that can grow large: they page by keyset cursor too (`nextCursor`), in `defaultOrder`
   * (the same order as `defaultSort`, as columns) or the request's sort, with `id` breaking ties.
   */
  keyset?: { list: string; id: AnyPgColumn; defaultOrder: Array<{ column: AnyPgColumn; direction: 'ASC' | 'DESC' }> };
}

/** Drizzle column types that hold text, the only ones a case-insensitive sort applies to. */
const TEXT_COLUMN_TYPES = new Set(['PgText', 'PgVarchar', 'PgChar']);

const DAY_PREFIX = /^\d{4}-\d{2}-\d{2}/;

/**
 * A date range whose end is before its start (`createdFromDate` after `createdToDate`, `fromDate` after `toDate`,
 * `valueDateFrom` after `valueDateTo`) matches nothing: it is a mistake to say so, not an empty page to answer.
 * The pair is found by name (`from…`/`to…`, or `From` and `To` in the same place); only date values are compared.
 * @internal used by its tests
 */
export function checkDateRanges(query: Record<string, unknown>): void {
  const problems: Array<{ parameter: string; message: string }> = [];
  for (const [field, from] of Object.entries(query)) {
    const toField = field.startsWith('from') ? `to${field.slice(4)}` : field.includes('From') ? field.replace('From', 'To') : null;
    if (toField === null || typeof from !== 'string' || !DAY_PREFIX.test(from)) continue;
    const to = query[toField];
    if (typeof to !== 'string' || !DAY_PREFIX.test(to)) continue;
    const [start, end] = [Date.parse(from), Date.parse(to)];
    if (Number.isFinite(start) && Number.isFinite(end) && end < start) problems.push({ parameter: toField, message: `must not be before ${field}` });
  }
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', undefined, problems);
}

/** The WHERE of a list request: the caller's scope and every filter the request sets. */
export function resourceWhere<TTable extends PgTable, TQuery extends PageRequest>(
  spec: ResourceSpec<TTable, TQuery>,
  query: TQuery,
  scope: SQL | undefined,
): SQL | undefined {
  checkDateRanges(query as Record<string, unknown>);
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

/** The keyset of a list request: the request's sort (else the list's default order), then the id. */
function resourceKeyset<TTable extends PgTable, TQuery extends PageRequest>(
  spec: ResourceSpec<TTable, TQuery>,
  keyset: NonNullable<ResourceSpec<TTable, TQuery>['keyset']>,
  query: TQuery,
): Keyset {
  const orders = parseSort(query.sort, Object.keys(spec.sortKeys));
  const parts: KeyPart[] =
    orders.length > 0
      ? orders.map((o) => {
          const column = spec.sortKeys[o.field] as AnyPgColumn;
          const lowered = o.ignoreCase && TEXT_COLUMN_TYPES.has(column.columnType);
          return { target: lowered ? sql`lower(${column})` : column, column, direction: o.direction, ...(lowered ? { lowered } : {}) };
        })
      : keyset.defaultOrder.map((o) => ({ target: o.column, column: o.column, direction: o.direction }));
  const last = parts.at(-1);
  if (last?.column !== keyset.id || last.lowered) parts.push({ target: keyset.id, column: keyset.id, direction: last?.direction ?? 'DESC' });
  return { list: keyset.list, sort: sortSignature(orders), parts };
}

/** Each list's select heads (`selectHeads`): by keyset sort for a list that pages by keyset, one otherwise. */
type Heads = (db: Db, shape: string, keyset: Keyset | undefined, tail: SQL, beside: SQL, where?: SQL) => Promise<Array<Record<string, unknown>>>;
const headsBySpec = new WeakMap<object, Heads>();

function headsOf<TTable extends PgTable, TQuery>(spec: ResourceSpec<TTable, TQuery>): Heads {
  let heads = headsBySpec.get(spec);
  if (heads === undefined) {
    const table = spec.table as PgTable;
    const columns = spec.columns ?? getTableColumns(table);
    // A keyset's key fields follow the row's columns; its sort signature names them (the shape).
    heads = selectHeads((db, _shape: string, keyset: Keyset | undefined) =>
      db.select({ ...columns, ...(keyset === undefined ? {} : keyFields(keyset)), [BESIDE]: besideField() }).from(table),
    ) as Heads;
    headsBySpec.set(spec, heads);
  }
  return heads;
}

/**
 * The list's total read beside its rows (each row carries it: `BESIDE`), taken off them; undefined when the page
 * is empty, which reads no row to carry it.
 */
function takeTotal(rows: Array<Record<string, unknown>>): number | undefined {
  const total = rows[0]?.[BESIDE];
  for (const row of rows) delete row[BESIDE];
  return total === undefined || total === null ? undefined : Number(total);
}

const whereOf = (condition: SQL | undefined): SQL => (condition === undefined ? sql`` : sql`where ${condition}`);

/**
 * The rows of a keyset page, after the list's head: ORDER BY the keyset, one row more than the page (to know whether
 * a next page exists); from a cursor, the rows after its key with no OFFSET.
 */
function keysetTail<TQuery extends PageRequest>(keyset: Keyset, query: TQuery, where: SQL | undefined): SQL {
  const after = query.cursor === undefined ? undefined : (assertKeysetSort(keyset), afterCursor(keyset, decodeCursor(keyset, query.cursor)));
  const ordered = sql`${whereOf(and(where, after))} order by ${sql.join(keysetOrder(keyset), sql`, `)} limit ${query.size + 1}`;
  return after === undefined ? sql`${ordered} offset ${query.page * query.size}` : ordered;
}

/** The rows of `spec`'s table that `where` matches, for a count. */
const matching = (spec: { table: PgTable }, where: SQL | undefined): SQL => sql`select 1 from ${spec.table} ${whereOf(where)}`;

/**
 * A page of a list that pages by keyset, and the list's total beside it (cursor or not). Such a list can
 * grow large, so its total is counted only up to `lookahead` rows past the page (`totalKind`).
 */
async function listByKeyset<TTable extends PgTable, TQuery extends PageRequest, TRow>(
  db: Db,
  spec: ResourceSpec<TTable, TQuery>,
  keyset: Keyset,
  query: TQuery,
  where: SQL | undefined,
  lookahead: number,
): Promise<Page<TRow>> {
  // The total is counted in the rows' statement (one parse, one plan, one round trip); an empty page past the
  // first (or after a cursor) counts on its own.
  const cap = countCap(query, lookahead);
  // The condition is built once for the count and the rows (`listWhere` marks where it goes in each).
  const placed = where === undefined ? undefined : listWhere();
  const read = await headsOf(spec)(
    db,
    keyset.sort,
    keyset,
    keysetTail(keyset, query, placed),
    boundedCountSql(matching(spec as { table: PgTable }, placed), cap),
    where,
  );
  const beside = takeTotal(read);
  const counted =
    beside !== undefined
      ? boundedTotal(beside, cap)
      : query.page === 0 && query.cursor === undefined
        ? boundedTotal(0, cap)
        : await boundedCount(db, matching(spec as { table: PgTable }, where), query, lookahead);
  const page = keysetPage<TRow>(keyset, read, query.size);
  return { ...pageAnswer(page.rows, query, counted.total, page.next ?? null), totalKind: counted.totalKind };
}

/**
 * A page of a list resource and its total. A list that pages by keyset counts up to `lookahead` rows
 * past the page (the server's `countLookahead`); the others count exactly.
 */
export async function listResource<TTable extends PgTable, TQuery extends PageRequest, TRow = TTable['$inferSelect']>(
  db: Db,
  spec: ResourceSpec<TTable, TQuery>,
  query: TQuery,
  scope: SQL | undefined,
  lookahead = COUNT_LOOKAHEAD,
): Promise<Page<TRow>> {
  const where = resourceWhere(spec, query, scope);
  if (spec.keyset) return listByKeyset<TTable, TQuery, TRow>(db, spec, resourceKeyset(spec, spec.keyset, query), query, where, lookahead);
  const order = sql.join(resourceOrder(spec, query), sql`, `);
  const counting = (condition: SQL | undefined) => sql`select count(*) as n from ${spec.table} ${whereOf(condition)}`;
  const placed = where === undefined ? undefined : listWhere();
  const rows = await headsOf(spec)(
    db,
    '',
    undefined,
    sql`${whereOf(placed)} order by ${order} limit ${query.size} offset ${query.page * query.size}`,
    counting(placed),
    where,
  );
  const beside = takeTotal(rows);
  const total = beside ?? (query.page === 0 ? 0 : Number((await executeRows<{ n: string | number }>(db, counting(where)))[0]?.n ?? 0));
  return pageAnswer(rows as TRow[], query, total);
}
