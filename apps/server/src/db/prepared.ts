import pg from 'pg';

/**
 * Named (server-side prepared) statements. PostgreSQL plans a named statement once per connection and
 * reuses the plan; an unnamed one is parsed and planned on every call (a posting's one statement cost
 * 0.9 ms of parse and plan for 0.35 ms of work). The name comes from the statement's SQL text, so each
 * shape of a query (its filters and sort) gets its own statement and one name never stands for two
 * texts. Values are always bound parameters.
 */

interface Preparable<T> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T> };
}

/**
 * Shapes named so far. A list's filters and an IN list's length make new shapes: past the cap, new
 * shapes run unnamed, so a connection never holds more than this many statements (each keeps its parse
 * tree and plan in the PostgreSQL backend).
 */
const names = new Map<string, string>();
const MAX_NAMED_SHAPES = 1_000;

export function statementName(sqlText: string): string | null {
  const known = names.get(sqlText);
  if (known !== undefined) return known;
  if (names.size >= MAX_NAMED_SHAPES) return null;
  const name = `corridor_${names.size + 1}`;
  names.set(sqlText, name);
  return name;
}

/** Runs a Drizzle query as a named statement (on PGlite, where Drizzle ignores the name, `pglite-prepared.ts` names every query statement). */
export function runPrepared<T>(query: Preparable<T>): Promise<T> {
  const name = statementName(query.toSQL().sql);
  // A Drizzle query is itself a thenable: unnamed, it runs as an ordinary query.
  return name === null ? Promise.resolve(query as unknown as PromiseLike<T>) : query.prepare(name).execute();
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/** A statement that writes: an INSERT, UPDATE or DELETE, or a WITH whose parts do. */
const WRITES = /^\s*(insert|update|delete)\b/i;
const WITH_WRITES = /^\s*with\b[\s\S]*\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i;

/**
 * What a connection that sends a transaction's ends with its statements is told (patches/pg@8.23.1.patch,
 * lib/query.js `submit`): `beginPending` sends `begin` before the next statement, `commitPending` sends `commit`
 * after it, in the same write and before the same Sync; `committedInline` says that commit completed
 * (`onPoolClient` in transaction.ts sets and reads them).
 */
export interface Pipelining {
  pipelinesTransactions?: boolean;
  beginPending?: boolean;
  commitPending?: boolean;
  committedInline?: boolean;
}

/** The connection under a client, where node-postgres keeps what its queries are sent on. */
export const wireOf = (client: pg.Client): Pipelining & { describedStatements?: Map<string, unknown[]> } =>
  (client as unknown as { connection: Pipelining & { describedStatements?: Map<string, unknown[]> } }).connection;

/**
 * Corridor's clients (named statements or not): a transaction's `begin` and `commit` go out with its first and last
 * statements (`onPoolClient` in transaction.ts); behind PgBouncer too, which hands a transaction one server connection
 * from its first message to the ReadyForQuery that ends it. A stream or cursor of its own (a submittable) cannot carry
 * them: sent where one is due, it is refused rather than run outside the transaction; so is any statement after the
 * commit that went with the last one.
 */
class PipeliningClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    wireOf(this).pipelinesTransactions = true;
  }

  override query(...args: unknown[]): never {
    const [config] = args;
    const wire = wireOf(this);
    if (
      config !== null &&
      typeof config === 'object' &&
      !(config instanceof pg.Query) &&
      typeof (config as { submit?: unknown }).submit === 'function' &&
      (wire.beginPending === true || wire.commitPending === true)
    ) {
      throw new Error('A transaction cannot open or close with a streamed query: run a statement first or last');
    }
    // The transaction committed with the statement its caller named as last: one more would run outside it, alone.
    if (wire.committedInline === true) throw new Error('The transaction already committed with its last statement: no statement may follow it');
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/**
 * The PostgreSQL client of the pool: every write with bound values runs as a named statement of its text,
 * parsed and planned once per connection (Drizzle names only what it is told to). Writes find their rows
 * by key, so one plan fits every value. Reads stay unnamed and are planned with their values: a list's
 * filters (a date range, a status) change which plan is best, and a generic plan counted a TSP's 100,000
 * transactions by a table scan (47 ms) where the values' own plan reads an index (8.8 ms). The hot reads
 * whose plan does not depend on the values are named where they are run (`runPrepared`). Statements
 * without values (`begin`, `commit`, DDL) stay simple queries.
 */
export class PreparingClient extends PipeliningClient {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // Each named statement's result columns are asked for once per connection, then reused (patches/pg@8.23.1.patch:
    // `prepare` in lib/query.js). PostgreSQL fixes a named statement's result type, failing the statement if a
    // change of schema would change it, so a kept description never misreads a row.
    wireOf(this).describedStatements = new Map();
  }

  override query(...args: unknown[]): never {
    const [config, values] = args as [unknown, unknown];
    if (config !== null && typeof config === 'object' && !(config instanceof pg.Query)) {
      const c = config as QueryConfig;
      const bound = Array.isArray(values) ? values.length > 0 : Array.isArray(c.values) && c.values.length > 0;
      if (typeof c.text === 'string' && c.name === undefined && bound && (WRITES.test(c.text) || WITH_WRITES.test(c.text))) {
        const name = statementName(c.text);
        // A copy: Drizzle reuses its query config objects between calls.
        if (name !== null) args[0] = { ...c, name };
      }
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/**
 * The client behind a pooler in transaction mode (`DATABASE_POOLER=transaction`): the next transaction may run
 * on another server connection, where a statement named on this one does not exist. Every statement goes
 * unnamed (parsed with its values each time), whoever asked for a name (`runPrepared`, `statement()`, Drizzle).
 */
export class UnnamedClient extends PipeliningClient {
  override query(...args: unknown[]): never {
    const [config] = args;
    if (config !== null && typeof config === 'object' && !(config instanceof pg.Query) && (config as QueryConfig).name !== undefined) {
      const { name: _name, ...unnamed } = config as QueryConfig & Record<string, unknown>;
      args[0] = unnamed;
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}
