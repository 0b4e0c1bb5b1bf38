import { getTableColumns, is, SQL, sql, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './database.ts';
import { statementName } from './prepared.ts';

/**
 * Hot-path queries built once. Drizzle turns a query builder into SQL text on every call, walking
 * every column and chunk of it: a profile of payment initiates under load put 38 % of the server's
 * busy time in that building (its `is` checks alone 13 %), for text that is the same on every call.
 * A statement is written once with `sql.placeholder(...)` where its values go; the first call builds
 * it and keeps what Drizzle hands its driver (SQL text, parameter order with each column's encoder,
 * the row mapping); every later call hands the same to the driver of the database or transaction it
 * runs on, with its values, so rows still come back mapped and typed by Drizzle.
 *
 * A statement finds its rows by key, with one plan for every value, so on PostgreSQL it is a named
 * (server-side prepared) statement: parsed and planned once per connection.
 *
 * Every value that changes between calls must be a placeholder: a literal in the builder is built in
 * once. A missing placeholder value throws (Drizzle's own check), so a forgotten key never sends null.
 */

/** A Drizzle select, insert, update or delete builder, unexecuted. */
interface Buildable<T> extends PromiseLike<T> {
  prepare(name: string): unknown;
}

interface DriverQuery {
  execute(values: Record<string, unknown>): Promise<unknown>;
  joinsNotNullableMap?: unknown;
}

interface Session {
  prepareQuery(...args: unknown[]): DriverQuery;
}

/** What a builder hands its driver (`session.prepareQuery`'s arguments) and the row mapping it sets after. */
interface Built {
  args: unknown[];
  joinsNotNullableMap: unknown;
}

// Drizzle keeps its driver session on the database and on each transaction: the door to the driver.
const sessionOf = (db: Queryable): Session => (db as unknown as { session: Session }).session;

/** `session.prepareQuery(query, fields, name, arrayMode, …)`: the query's name is its third argument. */
const NAME_ARG = 2;

/**
 * Builds once on a view of `db` whose session only records what it is handed: nothing reaches the
 * database while building.
 */
function record(db: Queryable, build: (db: Queryable) => Buildable<unknown> | SQL): Built {
  const session = sessionOf(db);
  let args: unknown[] | undefined;
  const captured: DriverQuery & { setToken(): DriverQuery } = {
    execute: () => Promise.resolve([]),
    setToken: () => captured,
  };
  const recording = Object.create(session as object) as Session;
  recording.prepareQuery = (...given: unknown[]) => {
    args = given;
    return captured;
  };
  const view = Object.create(db as object, { session: { value: recording } }) as Queryable;
  const built = build(view);
  if (is(built, SQL)) void view.execute(built);
  else built.prepare('');
  if (args === undefined) throw new Error('statement: the query was not prepared');
  const text = (args[0] as { sql: string }).sql;
  args[NAME_ARG] = statementName(text) ?? undefined;
  return { args, joinsNotNullableMap: captured.joinsNotNullableMap };
}

function runBuilt(db: Queryable, built: Built, values: Record<string, unknown>): Promise<unknown> {
  const query = sessionOf(db).prepareQuery(...built.args);
  query.joinsNotNullableMap = built.joinsNotNullableMap;
  return query.execute(values);
}

/** Built per driver kind (PGlite, node-postgres): the text is the same, each driver makes its own query object. */
const kindOf = (db: Queryable): unknown => sessionOf(db).constructor;

/**
 * Shapes kept per family. A family's shapes come from the code (which columns an insert names, how
 * many lines a voucher has), not from users, but a cap keeps memory bounded whatever happens: past it,
 * a new shape is built on each call.
 */
const MAX_SHAPES = 200;

/** Statements whose text depends on a shape: one built statement per shape and driver kind. */
export function statements<S extends string, T>(
  build: (db: Queryable, shape: S) => Buildable<T>,
): (db: Queryable, shape: S, values: Record<string, unknown>) => Promise<T>;
export function statements<S extends string>(
  build: (db: Queryable, shape: S) => Buildable<unknown> | SQL,
): (db: Queryable, shape: S, values: Record<string, unknown>) => Promise<unknown>;
export function statements<S extends string>(build: (db: Queryable, shape: S) => Buildable<unknown> | SQL) {
  const builtFor = new Map<unknown, Map<S, Built>>();
  return (db: Queryable, shape: S, values: Record<string, unknown>): Promise<unknown> => {
    const kind = kindOf(db);
    let shapes = builtFor.get(kind);
    if (shapes === undefined) {
      shapes = new Map();
      builtFor.set(kind, shapes);
    }
    let built = shapes.get(shape);
    if (built === undefined) {
      try {
        built = record(db, (view) => build(view, shape));
      } catch (error) {
        return Promise.reject(error as Error);
      }
      if (shapes.size < MAX_SHAPES) shapes.set(shape, built);
    }
    return runBuilt(db, built, values);
  };
}

/** A statement of one shape: `build` is called once per driver kind (a family of one shape). */
export function statement<T>(build: (db: Queryable) => Buildable<T>): (db: Queryable, values: Record<string, unknown>) => Promise<T>;
export function statement(build: (db: Queryable) => SQL): (db: Queryable, values: Record<string, unknown>) => Promise<unknown>;
export function statement(build: (db: Queryable) => Buildable<unknown> | SQL) {
  const family = statements((db: Queryable) => build(db));
  return (db: Queryable, values: Record<string, unknown>): Promise<unknown> => family(db, '', values);
}

/**
 * A placeholder bound through a column's encoder (a JSON column's value is serialised, a date written
 * as the column stores it), for where Drizzle's types take SQL rather than a placeholder (an update's
 * `set`). Null stays SQL NULL, as Drizzle binds a null literal (its encoders would make JSON `null`).
 */
export const bound = (name: string, column: Column): SQL => sql`${sql.param(sql.placeholder(name), keepingNull(column))}`;

function keepingNull(column: Column): { mapToDriverValue(value: unknown): unknown } {
  return { mapToDriverValue: (value) => (value === null ? null : column.mapToDriverValue(value)) };
}

/**
 * An insert's values for `keys`, each a placeholder of its own name bound through its column (`bound`),
 * for an insert built once per set of columns (`statements`, keyed by `shapeOf` the row).
 */
export function boundValues<TTable extends PgTable>(table: TTable, keys: string[]): TTable['$inferInsert'] {
  const columns = getTableColumns(table);
  // A column Drizzle fills in itself (`$defaultFn`) when not named would be built in once: it must be named.
  const filled = Object.entries(columns).flatMap(([key, column]) => (column.defaultFn !== undefined || column.onUpdateFn !== undefined ? [key] : []));
  const missing = filled.filter((key) => !keys.includes(key));
  if (missing.length > 0) throw new Error(`statement: give ${missing.join(', ')} a value (Drizzle would build its default in once)`);
  return Object.fromEntries(keys.map((key) => [key, bound(key, columns[key] as Column)])) as TTable['$inferInsert'];
}

/** The shape of a row to insert: the keys whose value is not undefined, in the order written. */
export function shapeOf(row: object): string {
  const values = row as Record<string, unknown>;
  return Object.keys(values)
    .filter((key) => values[key] !== undefined)
    .join(',');
}
