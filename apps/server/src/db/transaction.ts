import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Queryable, Tx } from './database.ts';
import { wireOf, type Pipelining } from './prepared.ts';

/** The database each transaction opened here runs on, and what waits for its outermost commit. */
const databases = new WeakMap<Queryable, Queryable>();
const onCommit = new WeakMap<Queryable, Array<() => void>>();

/**
 * Runs `fn` in a transaction: a new one on the database, or a savepoint inside one already open
 * (a handler that runs inside an idempotent request's transaction), so callers never care which.
 */
export async function inTransaction<T>(db: Queryable, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const committed: Array<() => void> = [];
  const run = (tx: Tx) => {
    databases.set(tx, databaseOf(db));
    onCommit.set(tx, committed);
    return fn(tx);
  };
  const pool = poolSessionOf(db);
  const result = pool ? await onPoolClient(pool, run) : await db.transaction(run);
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

/** What a node-postgres database's session holds (Drizzle keeps these outside its public types). */
interface PoolSession {
  client: pg.Pool;
  dialect: PgDialect;
  schema: undefined;
  options: ConstructorParameters<typeof NodePgSession>[3];
}

/** The session of a node-postgres database on a pool; null for a transaction, a single client or PGlite. */
function poolSessionOf(db: Queryable): PoolSession | null {
  const session = (db as unknown as { session?: unknown }).session;
  if (!(session instanceof NodePgSession)) return null;
  const parts = session as unknown as PoolSession;
  return parts.client instanceof pg.Pool ? parts : null;
}

/** The connection under a pool client, when it sends a transaction's ends with its statements (`PipeliningClient`). */
const pipeliningOf = (client: pg.PoolClient): Pipelining | null => {
  const wire = wireOf(client);
  return wire.pipelinesTransactions === true ? wire : null;
};

/** The outermost pool transactions whose connection pipelines, each with its connection. */
const pipelined = new WeakMap<Tx, Pipelining>();

/**
 * Tells the outermost transaction `tx` that its next statement is its last: its `commit` goes out with it, one round
 * trip fewer (the idempotent answer's store, the last write of every call with an Idempotency-Key). If that statement
 * fails, the commit is never run and the transaction rolls back as any other. Inside a savepoint, on a connection
 * that does not pipeline or on PGlite it does nothing: the commit goes out on its own.
 */
export function commitWithNextStatement(tx: Tx): void {
  const wire = pipelined.get(tx);
  if (wire) wire.commitPending = true;
}

/**
 * A transaction on one of the pool's clients, as Drizzle's own opens it (a session on that client and its
 * transaction object), but with `begin` and `commit` sent as plain words: Drizzle builds each through its SQL
 * builder and tracing on every transaction (2–3 % of a transfer's server samples spent on two fixed words).
 * On Corridor's own connections (`PreparingClient`, and `UnnamedClient` behind PgBouncer) the `begin` goes out in the
 * same write as the first statement, and the `commit` with the last where the caller says which it is
 * (`commitWithNextStatement`): each was a round trip of its own, eight a transfer. A transaction that sent nothing
 * sends neither.
 * A client whose rollback failed is dropped from the pool, not handed to the next request.
 */
async function onPoolClient<T>(pool: PoolSession, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await pool.client.connect();
  const wire = pipeliningOf(client);
  let broken: Error | undefined;
  try {
    const session = new NodePgSession(client, pool.dialect, pool.schema, pool.options);
    const tx = new NodePgTransaction(pool.dialect, session, pool.schema) as unknown as Tx;
    if (wire) {
      wire.beginPending = true;
      wire.committedInline = false;
      pipelined.set(tx, wire);
    } else await client.query('begin');
    // With no statement sent, no `begin` went out and there is no transaction to end; one whose commit went out
    // with its last statement is ended.
    try {
      const result = await fn(tx);
      if (wire) wire.commitPending = false;
      if (wire?.beginPending !== true && wire?.committedInline !== true) await client.query('commit');
      return result;
    } catch (error) {
      if (wire) wire.commitPending = false;
      if (wire?.beginPending !== true && wire?.committedInline !== true) {
        try {
          await client.query('rollback');
        } catch (rollbackError) {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        }
      }
      throw error;
    }
  } finally {
    if (wire) {
      wire.beginPending = false;
      wire.commitPending = false;
      wire.committedInline = false;
    }
    client.release(broken);
  }
}
