import * as drizzle from 'drizzle-orm';
import { Column, DrizzleQueryError, getTableColumns, getTableName, is, Param, Placeholder, SQL, sql } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { rowsOf, type Queryable } from './database.ts';
import { statementName } from './prepared.ts';
import { sqlText } from './sql-text.ts';

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
  /** On node-postgres: the same query run straight on the session's client (`runOnPg`). */
  pg?: PgBuilt;
}

// Drizzle keeps its driver session on the database and on each transaction: the door to the driver.
const sessionOf = (db: Queryable): Session => (db as unknown as { session: Session }).session;

/** `session.prepareQuery(query, fields, name, arrayMode, …)`: the query's name is its third argument. */
const NAME_ARG = 2;

/**
 * Builds once on a view of `db` whose session only records what it is handed: nothing reaches the
 * database while building.
 */
function record(db: Queryable, build: (db: Queryable) => Buildable<unknown> | SQL, named = true): Built {
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
  args[NAME_ARG] = named ? (statementName(text) ?? undefined) : undefined;
  const recorded: Built = { args, joinsNotNullableMap: captured.joinsNotNullableMap };
  if (is(session, NodePgSession)) recorded.pg = pgBuilt(recorded);
  return recorded;
}

/**
 * On node-postgres a built statement skips Drizzle's per-call query object. Drizzle's driver makes a new one
 * on every call, with two query configs whose type parsers are new closures, and node-postgres then asks
 * that parser for each column of each answer (a new function per column: a transaction row has 60). Under
 * the transfer bench that was 4 % of the server's samples in `pg`'s `addFields` alone, and as much again in
 * Drizzle's wrapper (docs/performance.md). Here the query config is made once per statement, with one parser
 * table for all (`PARSERS`), and the rows are mapped as Drizzle maps them (paths of one or two keys by a
 * decoder list made once, deeper ones by Drizzle's own `mapResultRow`), so callers see exactly what Drizzle's driver
 * answers: raw results for SQL, mapped rows for builders, a failure wrapped as Drizzle wraps it
 * (`DrizzleQueryError`, the driver's error its cause).
 */
interface PgBuilt {
  text: string;
  /** How each parameter gets its value (`fillerOf`). */
  fill: Fill[];
  config: pg.QueryConfig & { rowMode?: 'array'; types: { getTypeParser: (oid: number, format?: string) => (value: string) => unknown } };
  fields: unknown[] | undefined;
  customResultMapper: ((rows: unknown[][]) => unknown) | undefined;
  /** Rows of a selection of paths of one or two keys: mapped by `rowMapper`, else by Drizzle's `mapResultRow`. */
  map: ((row: unknown[]) => Record<string, unknown>) | undefined;
}

interface PgSessionParts {
  client: { query(config: pg.QueryConfig, values: unknown[], callback: (error: Error | null, result: pg.QueryResult) => void): void };
  logger: { logQuery(query: string, params: unknown[]): void };
}

/** Drizzle's own row mapper (exported by drizzle-orm, not in its types): columns decoded, joined tables nulled as Drizzle does. */
const mapResultRow = (drizzle as unknown as { mapResultRow: (fields: unknown[], row: unknown[], joins: unknown) => unknown }).mapResultRow;

/**
 * The answer's types as Drizzle's node-postgres driver reads them: dates, times and intervals (and their
 * arrays) as PostgreSQL's text, for the columns to decode; the rest by node-postgres. Kept per type.
 */
const AS_TEXT = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const asText = (value: string) => value;
const parsers = new Map<number, (value: string) => unknown>();
const PARSERS = {
  getTypeParser(oid: number, format: string = 'text'): (value: string) => unknown {
    // Answers come as text; a binary column (none today) keys apart, under its negated type id.
    const key = format === 'text' ? oid : -oid;
    let parser = parsers.get(key);
    if (parser === undefined) {
      parser = AS_TEXT.has(oid) ? asText : (pg.types.getTypeParser(oid, format as 'text') as (value: string) => unknown);
      parsers.set(key, parser);
    }
    return parser;
  },
};

/** `prepareQuery(query, fields, name, isResponseInArrayMode, customResultMapper, …)` as one config, made once. */
function pgBuilt(built: Built): PgBuilt {
  const [query, fields, name, , customResultMapper] = built.args as [
    { sql: string; params: unknown[] },
    unknown[] | undefined,
    string | undefined,
    unknown,
    PgBuilt['customResultMapper'],
  ];
  const mapped = fields !== undefined || customResultMapper !== undefined;
  return {
    text: query.sql,
    fill: query.params.map(fillerOf),
    config: { ...(name === undefined ? {} : { name }), text: query.sql, ...(mapped ? { rowMode: 'array' as const } : {}), types: PARSERS },
    fields,
    customResultMapper,
    map: fields !== undefined ? rowMapper(fields as SelectedField[], built.joinsNotNullableMap) : undefined,
  };
}

/**
 * A parameter's value: a placeholder's as given, a placeholder bound through a column's encoder (`bound`)
 * encoded, a literal built in. Drizzle's `fillPlaceholders` tells which on every call, with two entity
 * checks per parameter (a post has a few hundred); here it is told once per statement.
 */
type Fill = { name: string; encoder: Encoder | null } | { literal: unknown };
interface Encoder {
  mapToDriverValue(value: unknown): unknown;
}

function fillerOf(param: unknown): Fill {
  if (is(param, Placeholder)) return { name: param.name, encoder: null };
  if (is(param, Param) && is(param.value, Placeholder)) return { name: param.value.name, encoder: param.encoder as Encoder };
  return { literal: param };
}

/** The parameters' values, refusing a missing one as Drizzle does (nothing is sent). */
function fillParams(fill: Fill[], values: Record<string, unknown>): unknown[] {
  const params = new Array<unknown>(fill.length);
  for (let i = 0; i < fill.length; i++) {
    const f = fill[i] as Fill;
    if ('literal' in f) {
      params[i] = f.literal;
      continue;
    }
    const value = values[f.name];
    // Read first: asking whether the key is there costs as much again, and only a missing value needs it.
    if (value === undefined && !(f.name in values)) throw new Error(`No value for placeholder "${f.name}" was provided`);
    params[i] = f.encoder === null ? value : f.encoder.mapToDriverValue(value);
  }
  return params;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
type SelectedField = { path: string[]; field: unknown };
/** A SQL field's decoder (Drizzle keeps it on the SQL, outside its public types). */
const decoderOf = (query: unknown): Decoder => (query as { decoder: Decoder }).decoder;

/**
 * `mapResultRow` for a selection of paths of one or two keys (a column, or a table's column as
 * `{ wallet: wallets }` selects it), with each field's decoder found once (as `mapResultRow` finds it on
 * every row, with an `is` check per column and a table-name look-up per joined column), then a row is one
 * loop. Null stays null, undecoded, as there. A joined object is nulled as `mapResultRow` nulls it: when
 * the joins can leave its table unmatched, its columns are all of that table, and the first of them is
 * null. Deeper paths keep Drizzle's mapper.
 */
function rowMapper(fields: SelectedField[], joinsNotNullableMap: unknown): ((row: unknown[]) => Record<string, unknown>) | undefined {
  if (fields.some((f) => f.path.length > 2)) return undefined;
  const keys = fields.map((f) => f.path[0] as string);
  const inner = fields.map((f) => (f.path.length === 2 ? (f.path[1] as string) : null));
  const decoders: Decoder[] = fields.map(({ field }) => {
    if (is(field, Column)) return field;
    if (is(field, SQL)) return decoderOf(field);
    if (is(field, SQL.Aliased)) return decoderOf(field.sql);
    return decoderOf((field as { _: { sql: SQL } })._.sql);
  });
  const nullable = nulledObjects(fields, joinsNotNullableMap as Record<string, boolean> | undefined);
  const mapRow = (row: unknown[]): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const raw = row[i];
      const value = raw === null ? null : (decoders[i] as Decoder).mapFromDriverValue(raw);
      const key = keys[i] as string;
      const column = inner[i] ?? null;
      if (column === null) out[key] = value;
      else ((out[key] ??= {}) as Record<string, unknown>)[column] = value;
    }
    for (const { key, index } of nullable) if (row[index] === null) out[key] = null;
    return out;
  };
  return mapRow;
}

/** The joined objects `mapResultRow` may null, each with the index of the column that decides it. */
function nulledObjects(fields: SelectedField[], joinsNotNullableMap: Record<string, boolean> | undefined): Array<{ key: string; index: number }> {
  if (!joinsNotNullableMap) return [];
  const first = new Map<string, { index: number; table: string | null }>();
  fields.forEach(({ path, field }, index) => {
    if (path.length !== 2 || !is(field, Column)) return;
    const table = getTableName(field.table);
    const seen = first.get(path[0] as string);
    if (seen === undefined) first.set(path[0] as string, { index, table });
    else if (seen.table !== table) seen.table = null;
  });
  return [...first].flatMap(([key, { index, table }]) => (table !== null && !joinsNotNullableMap[table] ? [{ key, index }] : []));
}

/**
 * A statement run with a callback: node-postgres then makes no promise of its own, nor the one its rejection
 * handler chains on, so a statement costs one promise instead of two.
 */
const queryOn = (session: PgSessionParts, config: pg.QueryConfig, params: unknown[]) =>
  new Promise<pg.QueryResult>((resolve, reject) => {
    session.client.query(config, params, (error, answer) => (error ? reject(error) : resolve(answer)));
  });

async function runOnPg(session: PgSessionParts, built: Omit<PgBuilt, 'fill'>, joinsNotNullableMap: unknown, params: unknown[]): Promise<unknown> {
  session.logger.logQuery(built.text, params);
  let result: pg.QueryResult;
  try {
    result = await queryOn(session, built.config, params);
  } catch (error) {
    throw new DrizzleQueryError(built.text, params, error as Error);
  }
  if (built.customResultMapper !== undefined) return built.customResultMapper(result.rows as unknown[][]);
  const fields = built.fields;
  if (fields === undefined) return result;
  const rows = result.rows as unknown[][];
  return built.map !== undefined ? rows.map(built.map) : rows.map((row) => mapResultRow(fields, row, joinsNotNullableMap));
}

function runBuilt(db: Queryable, built: Built, values: Record<string, unknown>): Promise<unknown> {
  if (built.pg !== undefined) {
    let params: unknown[];
    try {
      params = fillParams(built.pg.fill, values);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return runOnPg(sessionOf(db) as unknown as PgSessionParts, built.pg, built.joinsNotNullableMap, params);
  }
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
  const builtOf = shapeCache(build, true);
  return function runShape(db: Queryable, shape: S, values: Record<string, unknown>): Promise<unknown> {
    let built: Built;
    try {
      built = builtOf(db, shape);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return runBuilt(db, built, values);
  };
}

/** One built query per shape and driver kind, kept up to MAX_SHAPES; `named` gives it a statement name. */
function shapeCache<S extends string>(build: (db: Queryable, shape: S) => Buildable<unknown> | SQL, named: boolean): (db: Queryable, shape: S) => Built {
  const builtFor = new Map<unknown, Map<S, Built>>();
  return function builtForShape(db, shape) {
    const kind = kindOf(db);
    let shapes = builtFor.get(kind);
    if (shapes === undefined) {
      shapes = new Map();
      builtFor.set(kind, shapes);
    }
    let built = shapes.get(shape);
    if (built === undefined) {
      built = record(db, (view) => build(view, shape), named);
      if (shapes.size < MAX_SHAPES) shapes.set(shape, built);
    }
    return built;
  };
}

interface Dialect {
  sqlToQuery(query: SQL): { sql: string; params: unknown[] };
}
// Drizzle keeps its dialect on the database and on each transaction, as it keeps its session.
const dialectOf = (db: Queryable): Dialect => (db as unknown as { dialect: Dialect }).dialect;

/** The field of a list head that carries the value read beside its rows (`selectHeads`' `beside`). */
export const BESIDE = '__beside';
const BESIDE_MARK = '/*beside*/null::bigint';
/** Put in a list head's selection as `[BESIDE]`: where each call's `beside` goes. */
export const besideField = (): SQL<string | null> => sql<string | null>`${sql.raw(BESIDE_MARK)}`;
// Splits one compiled text in two, so both parts number their parameters as one statement.
const SPLIT = ' /*tail*/ ';
const WHERE_SPLIT = ' /*where-end*/ ';
const WHERE_MARK = '/*where*/';
/**
 * Where a list's condition goes in its `beside` and `tail` (`selectHeads`' `where`): the condition is built into
 * text once per call and put at each mark, its values bound once, not once for the count and again for the rows.
 */
export const listWhere = (): SQL => sql`${sql.raw(WHERE_MARK)}`;

/**
 * List reads: a select's head (its columns and table, and how its rows map) built once per shape as `statements`
 * builds, and the rest of the query (WHERE, ORDER BY, LIMIT, OFFSET: `tail`) built on each call from the request.
 * A list's filters change which plan is best, so its query stays unnamed, planned with its values (db/prepared.ts),
 * but its columns are no longer built into text on every call, nor its rows mapped column by column through
 * Drizzle's per-row checks: for the TSP's transactions list (60 columns) that building and mapping was over a
 * quarter of the server's busy time per call (docs/performance.md). The head takes no values; `tail` holds them all.
 *
 * `beside` is a scalar query read in the same statement (a list's total): it takes the place of the head's
 * `besideField()`, and every row carries its value under `BESIDE` (an uncorrelated sub-select, run once, and only
 * when a row is read: an empty page has none, and its caller reads the value on its own).
 *
 * `where`, when given, is the list's condition, which `beside` and `tail` name by `listWhere()` marks: built into
 * text once and put at each mark, its values bound once (the count and the rows read the same condition).
 */
export function selectHeads<S extends string, I, T>(
  build: (db: Queryable, shape: S, input: I) => Buildable<T[]>,
): (db: Queryable, shape: S, input: I, tail: SQL, beside: SQL, where?: SQL) => Promise<T[]> {
  // `input` is what a head is built from when its shape is new: one shape must always give the same head.
  let building: I;
  const builtOf = shapeCache((db: Queryable, shape: S) => build(db, shape, building), false);
  return (db, shape, input, tail, beside, where) => {
    let built: Built;
    let query: { sql: string; params: unknown[] };
    try {
      building = input;
      built = builtOf(db, shape);
      const head = built.args[0] as { sql: string; params: unknown[] };
      if (head.params.length > 0) throw new Error('selectHeads: a list head takes no values (give them to its tail)');
      const at = head.sql.indexOf(BESIDE_MARK);
      if (at < 0) throw new Error('selectHeads: the head has no besideField()');
      // The condition first, so its values are the statement's first; each `listWhere()` mark then takes its text.
      const all = sqlText(dialectOf(db), sql`${where ?? sql``}${sql.raw(WHERE_SPLIT)}(${beside})${sql.raw(SPLIT)}${tail}`);
      const end = all.sql.indexOf(WHERE_SPLIT);
      const condition = `(${all.sql.slice(0, end)})`;
      const rest = all.sql.slice(end + WHERE_SPLIT.length);
      const both = where === undefined ? rest : rest.split(WHERE_MARK).join(condition);
      const split = both.indexOf(SPLIT);
      const text = `${head.sql.slice(0, at)}${both.slice(0, split)}${head.sql.slice(at + BESIDE_MARK.length)} ${both.slice(split + SPLIT.length)}`;
      query = { sql: text, params: all.params };
    } catch (error) {
      return Promise.reject(error as Error);
    }
    if (built.pg !== undefined) {
      const pgBuilt = { ...built.pg, text: query.sql, config: { ...built.pg.config, text: query.sql } };
      return runOnPg(sessionOf(db) as unknown as PgSessionParts, pgBuilt, built.joinsNotNullableMap, query.params) as Promise<T[]>;
    }
    const prepared = sessionOf(db).prepareQuery(query, ...built.args.slice(1));
    prepared.joinsNotNullableMap = built.joinsNotNullableMap;
    return prepared.execute({}) as Promise<T[]>;
  };
}

/**
 * A query written as SQL, run as `db.execute` runs it (raw rows, PostgreSQL's column names), on node-postgres
 * without Drizzle's per-call query object and parsers (`PARSERS`, as built statements run). For a list's count.
 */
export async function executeRows<T = Record<string, unknown>>(db: Queryable, query: SQL): Promise<T[]> {
  const session = sessionOf(db);
  const built = sqlText(dialectOf(db), query);
  if (is(session, NodePgSession)) {
    const parts = session as unknown as PgSessionParts;
    parts.logger.logQuery(built.sql, built.params);
    try {
      return (await queryOn(parts, { text: built.sql, types: PARSERS }, built.params)).rows as T[];
    } catch (error) {
      throw new DrizzleQueryError(built.sql, built.params, error as Error);
    }
  }
  return rowsOf<T>(await session.prepareQuery(built, undefined, undefined, false).execute({}));
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
