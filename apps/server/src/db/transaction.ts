import type { Queryable, Tx } from './database.ts';

/** The database each transaction opened here runs on, and what waits for its outermost commit. */
const databases = new WeakMap<Queryable, Queryable>();
const onCommit = new WeakMap<Queryable, Array<() => void>>();

/**
 * Runs `fn` in a transaction: a new one on the database, or a savepoint inside one already open
 * (a handler that runs inside an idempotent request's transaction), so callers never care which.
 */
export async function inTransaction<T>(db: Queryable, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const committed: Array<() => void> = [];
  const result = await db.transaction((tx) => {
    databases.set(tx, databaseOf(db));
    onCommit.set(tx, committed);
    return fn(tx);
  });
  // A savepoint's work is only durable once the transaction around it commits.
  const outer = onCommit.get(db);
  if (outer) outer.push(...committed);
  else for (const callback of committed) callback();
  return result;
}

/** The database handle a transaction opened by `inTransaction` runs on (itself for a database): a key that stays the same across transactions. */
export function databaseOf(db: Queryable): Queryable {
  return databases.get(db) ?? db;
}

/** Runs `callback` once what `db` wrote is committed: at once outside a transaction, after the outermost commit inside one. */
export function afterCommit(db: Queryable, callback: () => void): void {
  const pending = onCommit.get(db);
  if (pending) pending.push(callback);
  else callback();
}
