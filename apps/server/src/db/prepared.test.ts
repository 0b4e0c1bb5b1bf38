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
  it('run every statement with bound values as a named statement of its text, planned once per connection', async () => {
    const named = await database.db.transaction(async (tx) => {
      // Twice on one connection: the second run binds the statement the first one prepared.
      for (const n of [1, 2]) {
        const [row] = rowsOf<{ next: number }>(await tx.execute(sql`select ${n}::int + 1 as next /* prepared-test */`));
        expect(row?.next).toBe(n + 1);
      }
      const plain = rowsOf<{ n: number }>(await tx.execute(sql`select 42 as n /* unprepared-test */`));
      expect(plain[0]?.n).toBe(42);
      return rowsOf<{ name: string; statement: string }>(
        await tx.execute(sql`select name, statement from pg_prepared_statements where statement like ${'%-test */'}`),
      );
    });
    // Only the statement with a value is prepared, once, under a name of its own; the query above is too.
    expect(named.filter((s) => s.statement.includes('prepared-test') && !s.statement.includes('unprepared'))).toHaveLength(1);
    expect(named.filter((s) => s.statement.includes('unprepared-test */') && s.statement.startsWith('select 42'))).toEqual([]);
    expect(named.every((s) => s.name.startsWith('corridor_'))).toBe(true);
  });

  it('bound every lock wait: an idempotent retry waits at most LOCK_WAIT_MS for the first request', async () => {
    const [row] = rowsOf<{ lock_timeout: string }>(await database.db.execute(sql`show lock_timeout`));
    expect(row?.lock_timeout).toBe(`${LOCK_WAIT_MS / 1000}s`);
  });
});
