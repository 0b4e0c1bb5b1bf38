import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTemplate, type TemplateClone } from '../test/template-clone.ts';

// PostgreSQL only: two connections write the rate history at once, as two server processes (or the feed and a
// provider's file) do; PGlite has one connection, so its writers never overlap. A third watches.
let clone: TemplateClone;
const clients: pg.Client[] = [];

beforeAll(async () => {
  clone = await cloneTemplate();
  for (let i = 0; i < 3; i += 1) {
    const client = new pg.Client({ connectionString: clone.url });
    await client.connect();
    clients.push(client);
  }
});
afterAll(async () => {
  for (const client of clients) await client.end();
  await clone?.drop();
});

const insertMid = (client: pg.Client, mid: string, asOf: Date) =>
  client.query(
    `insert into rate_history (id, rate_type, rate_provider_id, source_currency, target_currency, mid, origin, as_of, received_at)
     values ($1, 'MARKET', 'REFINITIV', 'DKK', 'USD', $2, 'IMPORT', $3, now())`,
    [uuidv7(), mid, asOf],
  );

describe('the latest served rates under two writers at once', () => {
  it('keeps the newest mid when an older one is written while the newer one is not yet committed', async () => {
    const [first, second, observer] = clients as [pg.Client, pg.Client, pg.Client];
    await first.query('begin');
    await insertMid(first, '0.1511', new Date(Date.now() + 3_600_000));
    await second.query('begin');
    // The second writer's trigger waits for the first's count of changes; it must then see the first's newer mid.
    const waiting = insertMid(second, '0.1499', new Date(Date.now() + 1_800_000)).then(() => second.query('commit'));
    const lockWaits = async () =>
      (await observer.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`, [clone.name])).rows[0]?.n;
    await expect.poll(lockWaits, { timeout: 10_000 }).toBe(1);
    await first.query('commit');
    await waiting;
    const rows = await observer.query(`select rate::text as rate from served_rates where currency_code = 'DKK'`);
    expect(rows.rows).toEqual([{ rate: '0.1511' }]);
  });
});
