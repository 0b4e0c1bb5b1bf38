import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Db } from './database.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { PreparingClient, UnnamedClient } from './prepared.ts';
import { preparingPglite } from './pglite-prepared.ts';
import { DEFAULT_STATEMENT_TIMEOUT_MS, LOCK_WAIT_MS, SERVER_ROOT } from '../config.ts';
import { emptyClusterOptions } from './empty-cluster.ts';

/** PostgreSQL when a URL is given, else PGlite in the data folder (locked while open). */
export async function openDatabase(options: {
  dataDir: string;
  databaseUrl: string | null;
  statementTimeoutMs?: number;
  databasePooler?: 'transaction' | null;
  /** PGlite: run on the locked folder before it opens (the demo copies its template into a new folder there). */
  prepareFolder?: (dataDir: string) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, {
      ...(options.statementTimeoutMs === undefined ? {} : { statementTimeoutMs: options.statementTimeoutMs }),
      pooler: options.databasePooler ?? null,
    });
  }
  const release = lockDataDir(options.dataDir);
  try {
    // Under the lock: a second server on the same folder never copies into it while the first opens it.
    options.prepareFolder?.(options.dataDir);
    // A new folder starts from the empty cluster the build made, when there is one (empty-cluster.ts).
    const client = await PGlite.create(options.dataDir, await emptyClusterOptions(options.dataDir, SERVER_ROOT));
    return pgliteDatabase(client, release);
  } catch (error) {
    release();
    throw error;
  }
}

export function openPostgres(url: string, options: { statementTimeoutMs?: number; pooler?: 'transaction' | null } = {}): Database {
  const pool = new pg.Pool(
    options.pooler === 'transaction'
      ? // Behind PgBouncer: settings in the start-up message are refused by the pooler and named statements would
        // be looked for on another server connection (prepared.ts, UnnamedClient).
        { connectionString: url, max: 10, Client: UnnamedClient }
      : {
          connectionString: url,
          max: 10,
          statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
          lock_timeout: LOCK_WAIT_MS,
          Client: PreparingClient,
        },
  );
  keepServingWhenConnectionsDie(pool);
  const db = drizzlePg({ client: pool }) as unknown as Db;
  return { db, kind: 'postgres', close: () => pool.end() };
}

/**
 * A connection that dies (PostgreSQL restarted, the backend terminated, the network cut) makes its client emit
 * 'error'. The pool listens while the client is idle, then emits 'error' itself; a checked-out client (a
 * transaction) has no listener at all. An 'error' nobody listens to stops the process: every request of the
 * server would fail for one lost connection. The query in flight fails with the error (its request answers and
 * logs it), and the pool drops the dead client when it comes back; an idle connection's loss is told here.
 */
function keepServingWhenConnectionsDie(pool: pg.Pool): void {
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost while idle; the pool opens a new one when needed (${error.message})`));
  pool.on('connect', (client) => client.on('error', () => undefined));
}

/**
 * An in-memory PGlite, optionally started from a dumped data folder (the test template).
 * @internal tests and benches only
 */
export async function openMemoryPglite(template?: Blob | File): Promise<Database & { client: PGlite }> {
  const client = await PGlite.create(template ? { loadDataDir: template } : {});
  return { ...pgliteDatabase(client, () => undefined), client };
}

function pgliteDatabase(client: PGlite, release: () => void): Database {
  // Drizzle's driver asks only `query` and `transaction` of its client: those of PGlite, its statements named.
  const db = drizzlePglite({ client: preparingPglite(client) as unknown as PGlite }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      release();
    },
  };
}

/**
 * The same database seen through a hook that sees every statement (text and parameters) before it
 * runs: for counting statements in tests and for recording what a call runs in the bench.
 * @internal tests and benches only
 */
export function observedDb(database: Database, onQuery: (sql: string, params: unknown[]) => void): Db {
  const logger = { logQuery: onQuery };
  const client = (database.db as unknown as { $client: unknown }).$client;
  return database.kind === 'postgres'
    ? (drizzlePg({ client: client as pg.Pool, logger }) as unknown as Db)
    : (drizzlePglite({ client: client as PGlite, logger }) as unknown as Db);
}

/**
 * Behind a pooler the timeouts cannot be sent at connection: they must be the role's or the database's. A
 * server without them would let one stuck statement or lock wait hold a pooled connection for ever, so the
 * start says how to set them.
 */
export async function warnOfPoolerTimeouts(db: Db): Promise<void> {
  const [row] = rowsOf<{ statement: string; lock: string }>(
    await db.execute(sql`SELECT current_setting('statement_timeout') AS statement, current_setting('lock_timeout') AS lock`),
  );
  if (row && (row.statement === '0' || row.lock === '0')) {
    console.warn(
      `Warning: behind the pooler, statement_timeout is ${row.statement} and lock_timeout ${row.lock} (0 = none). Set them on the role: ` +
        `ALTER ROLE <corridor role> SET statement_timeout = '${DEFAULT_STATEMENT_TIMEOUT_MS}ms'; ALTER ROLE <corridor role> SET lock_timeout = '${LOCK_WAIT_MS}ms';`,
    );
  }
}
