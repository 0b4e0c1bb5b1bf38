import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { LOCK_WAIT_MS } from '../config.ts';
import { rowsOf } from './database.ts';
import { openPostgres } from './open.ts';

// PostgreSQL only (vitest.config.ts): PGlite has no named statements and no lock waits.
const database = openPostgres(inject('postgresUrl'));
afterAll(async () => {
  await database.close();
});

describe('the server’s PostgreSQL connections', () => {
  it('run every write with bound values as a named statement of its text; reads are planned with their values', async () => {
    const named = await database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table prepared_probe (n int) on commit drop`);
      // Twice on one connection: the second run binds the statement the first one prepared.
      for (const n of [1, 2]) await tx.execute(sql`insert into prepared_probe (n) values (${n}) /* write-probe */`);
      const read = rowsOf<{ n: number }>(await tx.execute(sql`select n from prepared_probe where n >= ${1} order by n /* read-probe */`));
      expect(read.map((r) => r.n)).toEqual([1, 2]);
      return rowsOf<{ name: string; statement: string }>(
        await tx.execute(sql`select name, statement from pg_prepared_statements where statement like ${'%-probe */'}`),
      );
    });
    // The insert is prepared once, under a name of its own; the reads (the probe and the look-up above) are not.
    expect(named.map((s) => s.statement)).toEqual([expect.stringContaining('insert into prepared_probe')]);
    expect(named[0]?.name).toMatch(/^corridor_\d+$/);
  });

  it('bound every lock wait: an idempotent retry waits at most LOCK_WAIT_MS for the first request', async () => {
    const [row] = rowsOf<{ lock_timeout: string }>(await database.db.execute(sql`show lock_timeout`));
    expect(row?.lock_timeout).toBe(`${LOCK_WAIT_MS / 1000}s`);
  });
});
