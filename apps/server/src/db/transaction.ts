import type { Queryable, Tx } from './database.ts';

/**
 * Runs `fn` in a transaction: a new one on the database, or a savepoint inside one already open
 * (a handler that runs inside an idempotent request's transaction), so callers never care which.
 */
export function inTransaction<T>(db: Queryable, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}
