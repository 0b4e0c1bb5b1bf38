import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { TotalKind } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { executeRows } from '../db/statement.ts';
import type { PageRequest } from './page-request.ts';
import { COUNT_LOOKAHEAD } from '../config.ts';

/** The server's default lookahead, set in config.ts beside its environment override (LIST_COUNT_LOOKAHEAD). */
export { COUNT_LOOKAHEAD };

/** A list's total and whether it is exact or a lower bound (the count stopped at the page's end plus the lookahead). */
export interface BoundedTotal {
  total: number;
  totalKind: TotalKind;
}

/** Where a bounded count stops: the request's page end plus `lookahead`. */
export const countCap = (request: Pick<PageRequest, 'page' | 'size'>, lookahead = COUNT_LOOKAHEAD): number =>
  request.page * request.size + request.size + lookahead;

/** The count of the rows `matching` selects, up to `cap`: the limit sits inside the count, so PostgreSQL stops reading there. */
export const boundedCountSql = (matching: SQLWrapper, cap: number): SQL => sql`select count(*) as n from (select 1 from (${matching}) as m limit ${cap}) as c`;

/** A count read up to `cap`: exact below it, else that bound and `atLeast`. */
export const boundedTotal = (counted: number, cap: number): BoundedTotal => ({ total: counted, totalKind: counted >= cap ? 'atLeast' : 'exact' });

/**
 * Counts the rows `matching` selects (a select of the matching rows, any columns), exactly up to the
 * request's page end plus `lookahead`; past that the total is that bound and `atLeast`.
 */
export async function boundedCount(
  db: Db,
  matching: SQLWrapper,
  request: Pick<PageRequest, 'page' | 'size'>,
  lookahead = COUNT_LOOKAHEAD,
): Promise<BoundedTotal> {
  const cap = countCap(request, lookahead);
  const [row] = await executeRows<{ n: string | number }>(db, boundedCountSql(matching, cap));
  return boundedTotal(Number(row?.n ?? 0), cap);
}
