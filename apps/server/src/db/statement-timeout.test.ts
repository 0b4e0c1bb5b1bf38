import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { rowsOf } from './database.ts';
import { openPostgres } from './open.ts';

// PostgreSQL only (vitest.config.ts): PGlite runs one query at a time in process and has no timer.
const database = openPostgres(inject('postgresUrl'), { statementTimeoutMs: 200 });
afterAll(async () => {
  await database.close();
});

function sqlState(error: unknown): unknown {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return cause?.code ?? (error as { code?: unknown }).code;
}

describe('statement timeout', () => {
  it('stops a query that runs past the ceiling, and the connection serves the next query', async () => {
    const slow = database.db.execute(sql`select pg_sleep(5)`);
    const error = await slow.then(
      () => null,
      (e: unknown) => e,
    );
    expect(sqlState(error)).toBe('57014');
    const [row] = rowsOf<{ one: number }>(await database.db.execute(sql`select 1 as one`));
    expect(row?.one).toBe(1);
  });
});
