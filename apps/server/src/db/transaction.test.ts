import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rowsOf } from './database.ts';
import { openPostgres } from './open.ts';
import { statementsSent } from '../test/statements-sent.ts';
import { afterCommit, commitWithNextStatement, inTransaction } from './transaction.ts';

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

describe("a transaction's begin and commit, sent with its first and last statements", () => {
  const sqlState = (error: unknown) => ((error as { cause?: { code?: string } }).cause ?? (error as { code?: string })).code;

  it('sends nothing for a transaction that ran no statement', async () => {
    const { sent, trips } = await statementsSent(() => inTransaction(db, () => Promise.resolve('nothing')));
    expect([sent, trips]).toEqual([[], 0]);
  });

  it("sends `begin` in the first statement's trip: a first statement that fails is the transaction's, rolled back, and the client serves the next", async () => {
    // Id 1 is taken: the first statement fails after the `begin` before it opened the transaction.
    const { sent, trips, result } = await statementsSent(() =>
      inTransaction(db, (tx) => tx.execute(sql`insert into ${sql.raw(table)} values (${1})`)).then(
        () => null,
        (error: unknown) => sqlState(error),
      ),
    );
    expect(result).toBe('23505');
    expect(sent.filter((t) => /^(begin|commit|rollback)$/.test(t))).toEqual(['begin', 'rollback']);
    expect(trips).toBe(2);
    // A simple statement (no values) first: it goes out with the `begin` as well, and commits with the transaction.
    await inTransaction(db, async (tx) => {
      await tx.execute(sql.raw(`insert into ${table} values (5)`));
      expect(rowsOf<{ open: boolean }>(await tx.execute(sql`select pg_current_xact_id_if_assigned() is not null as open`))[0]?.open).toBe(true);
    });
    expect(await ids()).toEqual([1, 3, 5]);
  });

  it("counts a named statement as parsed only once its own parse succeeded, not the `begin`'s before it", async () => {
    // One connection, so the second transaction runs where the first one's parse failed.
    const single = openPostgres(inject('postgresUrl'));
    const onePool = (single.db as unknown as { $client: pg.Pool }).$client;
    onePool.options.max = 1;
    const later = `transaction_later_${process.pid}`;
    const insert = (tx: Parameters<Parameters<typeof inTransaction>[1]>[0]) => tx.execute(sql`insert into ${sql.raw(later)} values (${1})`);
    try {
      await expect(inTransaction(single.db, insert).catch((error: unknown) => Promise.reject(new Error(sqlState(error))))).rejects.toThrow('42P01');
      await single.db.execute(sql.raw(`create table ${later} (id int primary key)`));
      // Parsed afresh: a statement wrongly counted as parsed would be bound by name, and fail as unknown.
      await inTransaction(single.db, insert);
      expect(rowsOf(await single.db.execute(sql.raw(`select id from ${later}`)))).toEqual([{ id: 1 }]);
    } finally {
      await single.db.execute(sql.raw(`drop table if exists ${later}`));
      await single.close();
    }
  });

  it('sends `commit` in the trip of the statement it is told is last, and runs what waited for the commit', async () => {
    const seen: number[][] = [];
    const { sent, trips } = await statementsSent(() =>
      inTransaction(db, async (tx) => {
        await tx.execute(sql`insert into ${sql.raw(table)} values (${6})`);
        afterCommit(tx, () => void ids().then((now) => seen.push(now)));
        commitWithNextStatement(tx);
        await tx.execute(sql`insert into ${sql.raw(table)} values (${7})`);
      }),
    );
    expect(sent.filter((t) => /^(begin|commit|rollback)$/.test(t))).toEqual(['begin', 'commit']);
    expect(sent.at(-1)).toBe('commit');
    expect(trips).toBe(2);
    expect(await ids()).toEqual([1, 3, 5, 6, 7]);
    await expect.poll(() => seen).toEqual([[1, 3, 5, 6, 7]]);
  });

  it('never commits when that last statement fails: the whole transaction rolls back', async () => {
    const { sent, trips, result } = await statementsSent(() =>
      inTransaction(db, async (tx) => {
        await tx.execute(sql`insert into ${sql.raw(table)} values (${8})`);
        commitWithNextStatement(tx);
        await tx.execute(sql`insert into ${sql.raw(table)} values (${1})`);
      }).then(
        () => null,
        (error: unknown) => sqlState(error),
      ),
    );
    expect(result).toBe('23505');
    expect(sent.at(-1)).toBe('rollback');
    expect(trips).toBe(3);
    expect(await ids()).toEqual([1, 3, 5, 6, 7]);
  });

  it('refuses a statement after the one the commit went with, rather than run it outside the transaction', async () => {
    const after = await inTransaction(db, async (tx) => {
      commitWithNextStatement(tx);
      await tx.execute(sql`insert into ${sql.raw(table)} values (${11})`);
      return tx.execute(sql`insert into ${sql.raw(table)} values (${12})`).then(
        () => 'ran',
        (error: unknown) => String((error as { cause?: Error }).cause?.message ?? error),
      );
    }).catch((error: unknown) => `failed: ${String(error)}`);
    expect(after).toMatch(/already committed with its last statement/);
    // What committed stays; the refused statement never ran; the connection serves the next transaction.
    expect(await ids()).toEqual([1, 3, 5, 6, 7, 11]);
    await inTransaction(db, (tx) => tx.execute(sql`delete from ${sql.raw(table)} where id = ${11}`));
    expect(await ids()).toEqual([1, 3, 5, 6, 7]);
  });

  it('does nothing inside a savepoint: only the outermost transaction commits', async () => {
    const refused = new Error('refused after the savepoint');
    await expect(
      inTransaction(db, async (outer) => {
        await outer.execute(sql`insert into ${sql.raw(table)} values (${9})`);
        await inTransaction(outer, async (inner) => {
          commitWithNextStatement(inner);
          await inner.execute(sql`insert into ${sql.raw(table)} values (${10})`);
        });
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(await ids()).toEqual([1, 3, 5, 6, 7]);
  });
});
