import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { rowsOf } from '../db/database.ts';
import { openPostgres } from '../db/open.ts';
import { cancelledWhenGone } from './cancel-on-close.ts';

// PostgreSQL only (vitest.config.ts): PGlite runs one query at a time in process, nothing to cancel.
const database = openPostgres(inject('postgresUrl'));
afterAll(async () => {
  await database.close();
});

const connection = () => ({ raw: { socket: Object.assign(new EventEmitter(), { destroyed: false }) } });
const sqlState = (error: unknown) => (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;

describe('a read whose client goes away', () => {
  it('is cancelled on the server at once, and the connection serves the next read', async () => {
    const request = connection();
    const started = Date.now();
    const read = cancelledWhenGone(database.db, request, (db) => db.execute(sql`select pg_sleep(20)`));
    setTimeout(() => request.raw.socket.emit('close'), 300);
    const error = await read.then(
      () => null,
      (e: unknown) => e,
    );
    expect(sqlState(error)).toBe('57014');
    expect(Date.now() - started).toBeLessThan(5_000);
    const still = rowsOf<{ n: string }>(await database.db.execute(sql`select count(*) as n from pg_stat_activity where query like 'select pg_sleep(20)%'`));
    expect(Number(still[0]?.n)).toBe(0);
    const kept = connection();
    const [row] = rowsOf<{ one: number }>(await cancelledWhenGone(database.db, kept, (db) => db.execute(sql`select 1 as one`)));
    expect(row?.one).toBe(1);
    expect(kept.raw.socket.listenerCount('close')).toBe(0);
  });
});
