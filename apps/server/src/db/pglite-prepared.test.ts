import { PGlite, type Results } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparingPglite, type PreparingPglite } from './pglite-prepared.ts';

// PGlite only (vitest.config.ts): the server's statements on PGlite, named.
let pglite: PGlite;
let db: PreparingPglite;
beforeAll(async () => {
  pglite = await PGlite.create();
  db = preparingPglite(pglite);
  await pglite.exec(`create table probe (id int primary key, label text not null, amount numeric, at timestamptz, doc jsonb, tags text[], ok boolean)`);
});
afterAll(async () => {
  await pglite.close();
});

const preparedCount = async (like: string) =>
  (await pglite.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements where statement like $1`, [like])).rows[0]?.n;

describe('PGlite with named statements', () => {
  it('answers as PGlite’s own query does, every type and both row modes, each statement parsed once under a name', async () => {
    const at = new Date('2026-12-05T10:11:12.345Z');
    const insert = `insert into probe (id, label, amount, at, doc, tags, ok) values ($1, $2, $3, $4, $5, $6, $7) /* p1 */`;
    const inserted = await db.query(insert, [1, 'one', '12.50', at, { a: [1, 'x'] }, ['t1', 't2'], true]);
    await db.query(insert, [2, 'two', null, null, null, null, false]);
    expect(inserted.affectedRows).toBe(1);
    const select = `select id, label, amount, at, doc, tags, ok from probe where id >= $1 order by id /* p2 */`;
    for (const rowMode of ['array', 'object'] as const) {
      const ours = await db.query(select, [1], { rowMode });
      const theirs = await pglite.query(select, [1], { rowMode });
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
    }
    const [first] = (await db.query<{ doc: unknown; at: Date; tags: string[] }>(select, [1])).rows;
    expect(first).toMatchObject({ doc: { a: [1, 'x'] }, at, tags: ['t1', 't2'] });
    // Five calls of two texts: two named statements.
    expect(await preparedCount('%/* p1 */')).toBe(1);
    expect(await preparedCount('%/* p2 */')).toBe(1);
  });

  it('tells a failing statement’s error with its SQLSTATE, text and values, and serves the next call', async () => {
    const insert = `insert into probe (id, label) values ($1, $2) /* p3 */`;
    await db.query(insert, [3, 'three']);
    const failed = await db.query(insert, [3, 'again']).then(
      () => null,
      (error: unknown) => error as { code: string; query: string; params: unknown[] },
    );
    expect(failed).toMatchObject({ code: '23505', query: insert, params: [3, 'again'] });
    // A text that does not parse fails at once, named or not.
    await expect(db.query(`select nothing from probe where id = $1`, [1])).rejects.toMatchObject({ code: '42703' });
    expect((await db.query(`select label from probe where id = $1 /* p3 */`, [3])).rows).toEqual([{ label: 'three' }]);
  });

  it('hands the warnings a statement raises to the call that asks for them', async () => {
    await pglite.exec(`create function noisy(x int) returns int language plpgsql as $$ begin raise notice 'noisy %', x; return x; end $$`);
    const told: string[] = [];
    const answer = await db.query<{ n: number }>(`select noisy($1) as n`, [5], { onNotice: (notice) => told.push(notice.message ?? '') });
    expect(answer.rows).toEqual([{ n: 5 }]);
    expect(told).toEqual(['noisy 5']);
  });

  it('keeps a transaction’s statements in it: rolled back with it, and a statement outside waits for it', async () => {
    const count = `select count(*)::int as n from probe where label = $1`;
    let outside: Promise<Results<{ n: number }>> | undefined;
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into probe (id, label) values ($1, $2)`, [10, 'rolled']);
        expect((await tx.query<{ n: number }>(count, ['rolled'])).rows[0]?.n).toBe(1);
        // Asked while the transaction is open: answered after it ends, never inside it.
        outside = db.query<{ n: number }>(count, ['rolled']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await outside)?.rows[0]?.n).toBe(0);
    await db.transaction(async (tx) => {
      await tx.query(`savepoint inner_one`);
      await tx.query(`insert into probe (id, label) values ($1, $2)`, [11, 'kept']);
      await tx.query(`release savepoint inner_one`);
    });
    expect((await db.query<{ n: number }>(count, ['kept'])).rows[0]?.n).toBe(1);
  });

  it('parses a statement again when a schema change alters its result, refusing the call in between rather than misread it', async () => {
    const select = `select * from probe where id = $1 /* p4 */`;
    expect(Object.keys((await db.query<Record<string, unknown>>(select, [1])).rows[0] ?? {})).not.toContain('note');
    await pglite.exec(`alter table probe add column note text`);
    await expect(db.query(select, [1])).rejects.toMatchObject({ code: '0A000' });
    expect(Object.keys((await db.query<Record<string, unknown>>(select, [1])).rows[0] ?? {})).toContain('note');
  });
});
