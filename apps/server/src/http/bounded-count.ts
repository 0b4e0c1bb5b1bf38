import { sql, type SQLWrapper } from 'drizzle-orm';
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

/**
 * Counts the rows `matching` selects (a select of the matching rows, any columns), exactly up to the
 * request's page end plus `lookahead`; past that the total is that bound and `atLeast`. The limit sits
 * inside the count, so PostgreSQL stops reading there.
 */
export async function boundedCount(
  db: Db,
  matching: SQLWrapper,
  request: Pick<PageRequest, 'page' | 'size'>,
  lookahead = COUNT_LOOKAHEAD,
): Promise<BoundedTotal> {
  const cap = request.page * request.size + request.size + lookahead;
  const [row] = await executeRows<{ n: string | number }>(db, sql`select count(*) as n from (select 1 from (${matching}) as m limit ${cap}) as c`);
  const total = Number(row?.n ?? 0);
  return { total, totalKind: total >= cap ? 'atLeast' : 'exact' };
}
