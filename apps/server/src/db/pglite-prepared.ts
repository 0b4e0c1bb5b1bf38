import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { DatabaseError, type BackendMessage as WireMessage, type CommandCompleteMessage, type DataRowMessage } from 'pg-protocol/dist/messages';
import { Parser } from 'pg-protocol/dist/parser';

/**
 * PGlite with named (prepared) statements. PGlite's `query` parses, describes and plans every statement anew, in its
 * WebAssembly PostgreSQL on the server's own thread, and planning dominates: the merchant's wallet list (one select
 * joining seven tables) took 2.4 ms a call, of which 0.3 ms is its work once planned; its generic plan kept under a
 * name, the list's two statements went from 2.8 ms to 0.45 ms (docs/performance.md, 2026-12-05 afternoon). Here each
 * query statement is parsed and described once per database under a name of its text, and every call after is one
 * message of Bind, Execute and Sync: one pass through PGlite's protocol instead of five.
 *
 * The answer's bytes are read by node-postgres's protocol parser (`pg-protocol`, as on PostgreSQL): PGlite's own
 * copies every field into a buffer of its own before decoding it, and its `parseResults` copies its whole parser
 * table for each statement Drizzle sends with parsers of its own (every one): with the plans kept, that reading was
 * as much of a call's time as PostgreSQL's work. The values are PGlite's all the same: each column read by the
 * parser PGlite would use for its type (the call's own first, then PGlite's), a row as an array or an object by the
 * call's `rowMode`, `affectedRows` and `rowCount` from the command's tag.
 *
 * Everything else is PGlite's own: its mutexes (a query outside a transaction waits for any open one and holds
 * both, as `query` does), its serialisers for the values by the statement's parameter types, its errors' fields
 * (with `query` and `params` added, as its own), its sync of the data folder after a statement outside a
 * transaction. What is not a plain query statement (`begin`, savepoints, DDL, EXPLAIN,
 * a statement with a file attached) and any statement once the cap is reached runs through PGlite's `query`.
 *
 * PostgreSQL fixes a named statement's result type: a change of schema that would change it fails the statement
 * (SQLSTATE 0A000) rather than misread a row; that statement is then parsed again on its next call.
 */
const QUERY_STATEMENT = /^\s*(select|with|insert|update|delete)\b/i;
/** As on PostgreSQL (prepared.ts): each named statement keeps its parse tree and plan in the database's memory. */
const MAX_NAMED = 1_000;
const PLAN_CHANGED = '0A000';
/** The command tags whose count is of rows written (`affectedRows`), as PGlite counts them. */
const WRITING = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

interface Named {
  name: string;
  parameterTypes: number[];
  /** The statement's result columns (none when it returns no rows). */
  fields: Array<{ name: string; dataTypeID: number }>;
}

type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

/** What Drizzle's PGlite driver is handed in place of the PGlite instance: `query` and `transaction`. */
export interface PreparingPglite {
  query: Query;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
}

export function preparingPglite(pglite: PGlite): PreparingPglite {
  const named = new Map<string, Named>();
  let made = 0;

  const preparable = (text: string, options: QueryOptions | undefined): boolean =>
    options?.blob === undefined && (named.has(text) || (made < MAX_NAMED && QUERY_STATEMENT.test(text)));

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Named> {
    made += 1;
    const name = `corridor_pglite_${made}`;
    const message = Buffer.concat([
      protocol.serialize.parse({ name, text, ...(options?.paramTypes ? { types: options.paramTypes } : {}) }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    ]);
    const messages = await pglite.execProtocolStream(message, { syncToFs: false });
    const columns = messages.find((m) => m.name === 'rowDescription') as { fields: Array<{ name: string; dataTypeID: number }> } | undefined;
    const statement: Named = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(messages),
      fields: (columns?.fields ?? []).map(({ name: column, dataTypeID }) => ({ name: column, dataTypeID })),
    };
    named.set(text, statement);
    return statement;
  }

  /** One statement, its mutex held (and the transaction mutex outside a transaction). */
  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined, outsideTransaction: boolean): Promise<Results<T>> {
    try {
      const statement = named.get(text) ?? (await prepare(text, options));
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = statement.parameterTypes[i] as number;
        const serialize = options?.serializers?.[type] ?? pglite.serializers[type];
        return serialize ? serialize(value) : String(value);
      });
      const message = Buffer.concat([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]);
      const chunks: Buffer[] = [];
      // A view into PGlite's memory, reused by its next write: copied.
      await pglite.execProtocolRawStream(message, { syncToFs: false, onRawData: (bytes) => void chunks.push(Buffer.from(bytes)) });
      let answer: Results<T>;
      try {
        answer = read<T>(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks), statement, options);
      } catch (error) {
        if ((error as { code?: unknown }).code === PLAN_CHANGED) named.delete(text);
        throw error;
      }
      if (outsideTransaction) await pglite.syncToFs();
      return answer;
    } catch (error) {
      // As PGlite's own `query` tells its errors: the statement and its values on the error.
      if (error instanceof DatabaseError || error instanceof protocol.messages.DatabaseError)
        Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    }
  }

  /** The statement's answer as PGlite's `query` gives it; its first error thrown once the whole answer is read. */
  function read<T>(bytes: Buffer, statement: Named, options: QueryOptions | undefined): Results<T> {
    const { fields } = statement;
    const parsers = fields.map(({ dataTypeID }) => options?.parsers?.[dataTypeID] ?? pglite.parsers[dataTypeID]);
    const asArray = options?.rowMode === 'array';
    const rows: unknown[] = [];
    let failure: DatabaseError | undefined;
    let tag: string | undefined;
    new Parser().parse(bytes, (message: WireMessage) => {
      if (message.name === 'dataRow') {
        const values = (message as DataRowMessage).fields as Array<string | null>;
        const row: unknown[] | Record<string, unknown> = asArray ? new Array<unknown>(values.length) : {};
        for (let i = 0; i < values.length; i++) {
          const raw = values[i] as string | null;
          const parser = parsers[i];
          const value = raw === null ? null : parser ? parser(raw, (fields[i] as { dataTypeID: number }).dataTypeID) : raw;
          if (asArray) (row as unknown[])[i] = value;
          else (row as Record<string, unknown>)[(fields[i] as { name: string }).name] = value;
        }
        rows.push(row);
      } else if (message.name === 'commandComplete') tag = (message as CommandCompleteMessage).text;
      else if (message.name === 'error') failure ??= message as DatabaseError;
      // A warning PostgreSQL sends (PGlite logs them only when debugging): to the call that asked for them.
      else if (message.name === 'notice') options?.onNotice?.(message as unknown as Parameters<NonNullable<QueryOptions['onNotice']>>[0]);
    });
    if (failure) throw failure;
    const words = (tag ?? '').split(' ');
    const command = words[0] ?? '';
    const count = parseInt(words[words.length - 1] ?? '', 10);
    const affectedRows = WRITING.has(command) ? count : 0;
    return {
      rows: rows as T[],
      fields,
      ...(tag === undefined ? {} : { command }),
      affectedRows,
      ...(Number.isNaN(count) ? {} : { rowCount: count }),
    } as Results<T>;
  }

  const query: Query = (text, params = [], options) =>
    preparable(text, options)
      ? pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(() => run(text, params, options, true)))
      : pglite.query(text, params, options);

  /** The transaction PGlite hands its callback, its `query` running named statements too. */
  function inside(tx: Transaction): Transaction {
    const own = Object.create(tx) as Transaction;
    own.query = <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
      if (!preparable(text, options)) return tx.query<T>(text, params, options);
      if (tx.closed) return Promise.reject(new Error('Transaction is closed'));
      return pglite._runExclusiveQuery(() => run<T>(text, params, options, false));
    };
    return own;
  }

  return { query, transaction: (callback) => pglite.transaction((tx) => callback(inside(tx))) };
}
