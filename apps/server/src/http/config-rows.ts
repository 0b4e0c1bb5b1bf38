import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Page } from '@corridor/api';
import type { Db } from '../db/database.ts';
import type { AppError } from '../errors.ts';
import { listResource, type ResourceSpec } from './resource-engine.ts';
import type { PageRequest } from './paging.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { isUniqueViolation } from '../db/pg-errors.ts';
import { both, tspScope } from '../lib/config-tenant.ts';

/**
 * The steps every TSP configuration table (pairs, deals, revaluation configs and rates) takes alike:
 * a page of its rows as DTOs, a row of the caller's TSP or 404, a write whose unique key answers 409.
 */

/** A configuration table: its rows have an id and belong to one TSP. */
type TspTable = PgTable & { id: AnyPgColumn; serviceProviderId: AnyPgColumn };

/** A page of the resource's rows the caller's TSP may see (every TSP's when `tsp` is null), each as its DTO. */
export async function configPage<TTable extends TspTable, TQuery extends PageRequest, TDto>(
  db: Db,
  spec: ResourceSpec<TTable, TQuery>,
  query: TQuery,
  tsp: string | null,
  dto: (row: TTable['$inferSelect']) => TDto,
): Promise<Page<TDto>> {
  const page = await listResource(db, spec, query, tspScope(spec.table.serviceProviderId, tsp));
  return { ...page, content: page.content.map((row) => dto(row)) };
}

/** The row `id` of the table when the caller's TSP owns it (any TSP's when `tsp` is null); 404 naming `field` otherwise. */
export async function ownConfigRow<TTable extends TspTable>(
  db: Db,
  table: TTable,
  tsp: string | null,
  id: string,
  field: string,
  noun: string,
): Promise<TTable['$inferSelect']> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(both(eq(table.id, id), tspScope(table.serviceProviderId, tsp)));
  if (!row) throw foreignId(field, noun, id);
  return row as TTable['$inferSelect'];
}

/** The row a write returns; a unique key it breaks is the caller's duplicate (409 naming the field), not a 500. */
export async function uniqueWrite<TRow>(write: Promise<TRow[]>, duplicate: () => AppError): Promise<TRow> {
  try {
    const [row] = await write;
    return row as TRow;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** Whether any row has `value` in `column` (a dependant that keeps its parent from changing or going). */
export async function anyRowWith(db: Db, column: AnyPgColumn, value: string): Promise<boolean> {
  const [row] = await db.select({ value: column }).from(column.table).where(eq(column, value)).limit(1);
  return row !== undefined;
}

/** A configuration table keyed by a currency pair. */
interface PairColumns {
  sourceCurrency: AnyPgColumn;
  targetCurrency: AnyPgColumn;
}

/** The list filters on a pair's currencies, matched whatever the case the caller writes them in. */
export function pairFilters(table: PairColumns) {
  return {
    sourceCurrency: (code: string) => eq(table.sourceCurrency, code.toUpperCase()),
    targetCurrency: (code: string) => eq(table.targetCurrency, code.toUpperCase()),
  };
}

/** The sort keys on a pair's currencies. */
export function pairSortKeys(table: PairColumns) {
  return { sourceCurrency: table.sourceCurrency, targetCurrency: table.targetCurrency };
}
