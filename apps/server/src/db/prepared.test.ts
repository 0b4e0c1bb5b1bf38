import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { LOCK_WAIT_MS } from '../config.ts';
import { rowsOf } from './database.ts';
import { openPostgres } from './open.ts';
import { to as copyTo } from 'pg-copy-streams';
import { PreparingClient, UnnamedClient, wireOf } from './prepared.ts';

// PostgreSQL only (vitest.config.ts): node-postgres's clients (PGlite's statements are named by pglite-prepared.ts) and lock waits.
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

  it("ask for a named statement's result columns on its first run only, and fail rather than misread once a schema change alters them", async () => {
    const client = new PreparingClient({ connectionString: inject('postgresUrl') });
    await client.connect();
    const run = (query: string | pg.QueryConfig, values: unknown[] = []) => (client as pg.Client).query(query, values);
    try {
      // Every row description PostgreSQL sends this connection.
      let described = 0;
      (client as unknown as { connection: NodeJS.EventEmitter }).connection.on('rowDescription', () => {
        described += 1;
      });
      await run('create temporary table described_probe (id int primary key, amount numeric, at timestamptz)');
      const insert = { name: 'described-insert', text: 'insert into described_probe (id, amount, at) values ($1, $2, $3)' };
      for (const id of [1, 2, 3]) await run(insert, [id, '1.10', '2026-12-05T10:00:00Z']);
      expect(described).toBe(0);

      const change = { name: 'described-change', text: 'update described_probe set amount = amount + $2 where id = $1 returning id, amount, at' };
      const answers = [];
      for (const id of [1, 2, 3]) answers.push(await run(change, [id, '0.05']));
      expect(described).toBe(1);
      // The runs without a description read their rows as the first one did: names, types, values.
      expect(answers.map((a) => a.rows)).toEqual([1, 2, 3].map((id) => [{ id, amount: '1.15', at: new Date('2026-12-05T10:00:00Z') }]));
      expect(answers.map((a) => a.fields.map((f) => f.name))).toEqual([1, 2, 3].map(() => ['id', 'amount', 'at']));
      expect(answers.map((a) => a.rowCount)).toEqual([1, 1, 1]);

      const read = { name: 'described-read', text: 'select * from described_probe where id = $1' };
      expect((await run(read, [1])).rows).toEqual([{ id: 1, amount: '1.15', at: new Date('2026-12-05T10:00:00Z') }]);
      await run('alter table described_probe add column note text');
      await expect(run(read, [1])).rejects.toThrow(/cached plan must not change result type/);
      // The statements whose result the change left alone run on, still undescribed.
      expect((await run(change, [2, '1'])).rows).toEqual([{ id: 2, amount: '2.15', at: new Date('2026-12-05T10:00:00Z') }]);
      expect(described).toBe(2);
    } finally {
      await client.end();
    }
  });

  it("refuse a streamed query where a transaction's `begin` or `commit` is due to go with the next statement, on both clients", async () => {
    for (const Client of [PreparingClient, UnnamedClient]) {
      const client = new Client({ connectionString: inject('postgresUrl') });
      await client.connect();
      try {
        const wire = wireOf(client);
        expect(wire.pipelinesTransactions).toBe(true);
        for (const due of ['beginPending', 'commitPending'] as const) {
          wire[due] = true;
          expect(() => client.query(copyTo('COPY (SELECT 1) TO STDOUT'))).toThrow('cannot open or close with a streamed query');
          wire[due] = false;
        }
        // Nothing due: the stream runs.
        const stream = (client as pg.Client).query(copyTo('COPY (SELECT 1) TO STDOUT'));
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        expect(Buffer.concat(chunks).toString()).toBe('1\n');
      } finally {
        await client.end();
      }
    }
  });
});
