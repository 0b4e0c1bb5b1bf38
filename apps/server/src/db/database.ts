import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';

/**
 * The Drizzle database the rest of the server sees: the same type over PGlite and PostgreSQL. Without a
 * relational schema: the server writes its queries with the query builders and `sql`, and a schema would
 * make Drizzle build a relational query builder per table on every transaction it opens (2 % of a
 * posting's time, for an API nothing uses).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/**
 * An open transaction. Its own type so that what must happen atomically (posting a voucher) can
 * demand one: a plain `Db` is not a `Tx`.
 */
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>, ExtractTablesWithRelations<Record<string, never>>>;

/** What reads and self-contained writes run on: the database, or a transaction already open. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

/** Rows of a raw `db.execute`: both drivers answer `{ rows }`, which the shared type cannot show. */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}
