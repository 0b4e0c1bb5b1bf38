import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rowsOf } from './database.ts';
import { openPostgres } from './open.ts';
import { afterCommit, inTransaction } from './transaction.ts';

// PostgreSQL only (vitest.config.ts): a transaction on a pool client of node-postgres, opened and ended with plain queries.
const database = openPostgres(inject('postgresUrl'));
const db = database.db;
const pool = (db as unknown as { $client: pg.Pool }).$client;
const table = `transaction_test_${process.pid}`;

beforeAll(async () => {
  await db.execute(sql.raw(`create table ${table} (id int primary key)`));
});
afterAll(async () => {
  await db.execute(sql.raw(`drop table if exists ${table}`));
  await database.close();
});

const ids = async () => rowsOf<{ id: number }>(await db.execute(sql.raw(`select id from ${table} order by id`))).map((r) => r.id);

describe('connections that die', () => {
  it('an idle connection that dies is told and dropped; the next query opens another', async () => {
    const [{ pid }] = rowsOf<{ pid: number }>(await db.execute(sql`select pg_backend_pid() as pid`)) as [{ pid: number }];
    const before = pool.totalCount;
    const other = new pg.Client({ connectionString: inject('postgresUrl') });
    await other.connect();
    await other.query('select pg_terminate_backend($1)', [pid]);
    await other.end();
    // Dropped by the pool, with no 'error' left unheard (which would stop the process, and fail this run).
    await expect.poll(() => pool.totalCount).toBe(before - 1);
    const [after] = rowsOf<{ pid: number }>(await db.execute(sql`select pg_backend_pid() as pid`));
    expect(after?.pid).not.toBe(pid);
  });
});

describe('inTransaction on PostgreSQL', () => {
  it('commits its writes, then runs what waited for the commit', async () => {
    const seen: number[][] = [];
    await inTransaction(db, async (tx) => {
      await tx.execute(sql.raw(`insert into ${table} values (1)`));
      afterCommit(tx, () => void ids().then((now) => seen.push(now)));
      // Not visible outside before the commit.
      expect(await ids()).toEqual([]);
    });
    expect(await ids()).toEqual([1]);
    await expect.poll(() => seen).toEqual([[1]]);
  });

  it('rolls back on a throw and hands the same error to the caller; the client serves the next transaction', async () => {
    const refused = new Error('refused');
    await expect(
      inTransaction(db, async (tx) => {
        await tx.execute(sql.raw(`insert into ${table} values (2)`));
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(await ids()).toEqual([1]);
    await inTransaction(db, async (tx) => {
      await tx.execute(sql.raw(`insert into ${table} values (3)`));
    });
    expect(await ids()).toEqual([1, 3]);
  });

  it('drops a client whose connection died in the transaction instead of returning it to the pool', async () => {
    const [{ pid }] = rowsOf<{ pid: number }>(await db.execute(sql`select pg_backend_pid() as pid`)) as [{ pid: number }];
    await expect(
      inTransaction(db, async (tx) => {
        await tx.execute(sql.raw(`insert into ${table} values (4)`));
        await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
      }),
    ).rejects.toThrow();
    expect(await ids()).toEqual([1, 3]);
    // The next transactions run on live connections, none on the dead one.
    for (let i = 0; i < pool.options.max * 2; i += 1) {
      await inTransaction(db, async (tx) => {
        expect(rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))[0]?.pid).toBeGreaterThan(0);
      });
    }
    expect(pid).toBeGreaterThan(0);
  });
});
