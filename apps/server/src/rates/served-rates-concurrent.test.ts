import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEMPLATE_DATABASE, withDatabase } from '../test/postgres-url.ts';

// PostgreSQL only: two connections write the rate history at once, as two server processes (or the feed and a
// provider's file) do; PGlite has one connection, so its writers never overlap.
let admin: pg.Client;
let name: string;
const clients: pg.Client[] = [];

beforeAll(async () => {
  const url = inject('postgresUrl');
  name = `test_${uuidv7().replace(/-/g, '')}`;
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  for (let i = 0; i < 2; i += 1) {
    const client = new pg.Client({ connectionString: withDatabase(url, name) });
    await client.connect();
    clients.push(client);
  }
});
afterAll(async () => {
  for (const client of clients) await client.end();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.end();
});

const insertMid = (client: pg.Client, mid: string, asOf: Date) =>
  client.query(
    `insert into rate_history (id, rate_type, rate_provider_id, source_currency, target_currency, mid, origin, as_of, received_at)
     values ($1, 'MARKET', 'REFINITIV', 'DKK', 'USD', $2, 'IMPORT', $3, now())`,
    [uuidv7(), mid, asOf],
  );

describe('the latest served rates under two writers at once', () => {
  it('keeps the newest mid when an older one is written while the newer one is not yet committed', async () => {
    const [first, second] = clients as [pg.Client, pg.Client];
    const observer = new pg.Client({ connectionString: withDatabase(inject('postgresUrl'), name) });
    await observer.connect();
    try {
      await first.query('begin');
      await insertMid(first, '0.1511', new Date(Date.now() + 3_600_000));
      await second.query('begin');
      // The second writer's trigger waits for the first's count of changes; it must then see the first's newer mid.
      const waiting = insertMid(second, '0.1499', new Date(Date.now() + 1_800_000)).then(() => second.query('commit'));
      await new Promise((r) => setTimeout(r, 300));
      const locks = await observer.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`, [name]);
      expect(locks.rows[0]?.n).toBe(1);
      await first.query('commit');
      await waiting;
      const rows = await observer.query(`select rate::text as rate from served_rates where currency_code = 'DKK'`);
      expect(rows.rows).toEqual([{ rate: '0.1511' }]);
    } finally {
      await observer.end();
    }
  });
});
