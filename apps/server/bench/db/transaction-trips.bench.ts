/**
 * A transaction of three writes, one at a time on one connection, through Corridor's transactions (`inTransaction` on
 * its pool: the `begin` sent with the first write, the `commit` with the last, `commitWithNextStatement`) beside a
 * minimal `pg` client sending `begin`, the three writes and `commit` each as its own round trip. Rounds alternate;
 * each prints wall time, Node's CPU and PostgreSQL's CPU per transaction. PostgreSQL only:
 *
 *   DATABASE_URL=postgres://... pnpm --filter @corridor/server exec tsx bench/db/transaction-trips.bench.ts
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from '../../src/db/open.ts';
import { commitWithNextStatement, inTransaction } from '../../src/db/transaction.ts';
import { postgresUrlOrExit, withCpu } from '../ledger/bench-server.ts';

const url = postgresUrlOrExit('transaction trips bench');
const COUNT = Number(process.env.BENCH_TRANSACTIONS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const table = `trips_probe_${process.pid}`;

const database = openPostgres(url);
const pool = new pg.Pool({ connectionString: url, max: 1 });
await pool.query(`create unlogged table ${table} (id bigint primary key, note text)`);
let id = 0;
const insert = { name: 'trips-insert', text: `insert into ${table} (id, note) values ($1, $2)` };

async function ours(): Promise<void> {
  await inTransaction(database.db, async (tx) => {
    await tx.execute(sql`insert into ${sql.raw(table)} (id, note) values (${id++}, ${'x'})`);
    await tx.execute(sql`insert into ${sql.raw(table)} (id, note) values (${id++}, ${'x'})`);
    commitWithNextStatement(tx);
    await tx.execute(sql`insert into ${sql.raw(table)} (id, note) values (${id++}, ${'x'})`);
  });
}

async function minimal(): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    for (let i = 0; i < 3; i += 1) await client.query({ ...insert, values: [id++, 'x'] });
    await client.query('commit');
  } finally {
    client.release();
  }
}

async function measure(run: () => Promise<void>, count: number) {
  const started = performance.now();
  const used = await withCpu(async () => {
    for (let i = 0; i < count; i += 1) await run();
    return {};
  });
  const us = (ms: number) => Math.round((ms * 1000) / count);
  return { wall: us(performance.now() - started), node: us(used.serverCpuMs), postgres: us(used.postgresCpuMs) };
}

// Warm-up: the JIT, the named statements of both connections.
await measure(ours, COUNT);
await measure(minimal, COUNT);
const rows = [];
for (let round = 1; round <= ROUNDS; round += 1) {
  const a = await measure(ours, COUNT);
  const b = await measure(minimal, COUNT);
  rows.push({
    round,
    'Corridor µs (wall / Node / PostgreSQL)': `${a.wall} / ${a.node} / ${a.postgres}`,
    'minimal µs': `${b.wall} / ${b.node} / ${b.postgres}`,
    'wall ratio': `${(a.wall / b.wall).toFixed(2)}`,
  });
  await pool.query(`truncate ${table}`);
}
console.log(`\nA transaction of three writes, ${COUNT} per round, one connection (Node ${process.version}): Corridor 3 round trips, minimal 5`);
console.table(rows);
await pool.query(`drop table ${table}`);
await pool.end();
await database.close();
