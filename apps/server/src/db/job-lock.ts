import { sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from './database.ts';

/**
 * Takes a PostgreSQL advisory lock for the rest of the transaction, or answers false when another
 * process holds it: a scheduled job that several servers run is done by one of them at a time.
 */
export async function tryJobLock(tx: Queryable, job: string): Promise<boolean> {
  const [row] = rowsOf<{ locked: boolean }>(await tx.execute(sql`SELECT pg_try_advisory_xact_lock(hashtext(${`corridor:${job}`})) AS locked`));
  return row?.locked === true;
}
