/**
 * A statement export of BENCH_LINES lines (1,000,000 by default) as CSV beside PostgreSQL's own
 * `COPY (same rows, same columns, same formatting) TO STDOUT WITH (FORMAT csv, HEADER)`: PostgreSQL writing
 * the very file the export writes. With the process's memory growth while exporting. BENCH_RUNS rounds
 * (2 by default) of COPY then ours, the best of each kept (the machine may be shared). Prints both
 * figures and their ratio; asserts nothing (targets: ours at least half COPY's speed, RSS growth under
 * 100 MB). The seeded wallet is kept between runs (seeded again only when its line count differs).
 *
 *   pnpm --filter @corridor/server bench                              on an in-memory PGlite
 *   TEST_DATABASE_URL=postgres://... pnpm --filter @corridor/server bench   on PostgreSQL (COPY through psql)
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { openMemoryPglite, openPostgres } from '../src/db/open.ts';
import { rowsOf, type Database } from '../src/db/database.ts';
import { FileStorage } from '../src/lib/file-storage.ts';
import { renderExport } from '../src/exports/export-render.ts';

const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const url = process.env.TEST_DATABASE_URL;
const WALLET = 'bench-export-wallet';

let database: Database;
let pglite: Awaited<ReturnType<typeof openMemoryPglite>> | null = null;
if (url) {
  database = openPostgres(url);
} else {
  pglite = await openMemoryPglite();
  database = pglite;
}
const { db } = database;
await migrate(db, MIGRATIONS_DIR);

// One wallet with LINES balance lines, each its own voucher, a running balance as the ledger's post keeps it.
const seeding = performance.now();
const [seeded] = rowsOf<{ n: string }>(await db.execute(sql`select count(*)::text as n from voucher_lines where wallet_id = ${WALLET}`));
if (Number(seeded?.n ?? 0) !== LINES) await seed();
const seededMs = performance.now() - seeding;

async function seed() {
  await db.execute(sql`delete from voucher_lines where wallet_id = ${WALLET}`);
  await db.execute(sql`delete from vouchers where id like 'bench-export-%'`);
  await db.execute(sql`insert into currencies (code, name, dp) values ('USD', 'US Dollar', 2) on conflict (code) do nothing`);
  await db.execute(sql`insert into wallets (id, alias, type, service_provider_id, currency_code, country_code, ledger_code)
  values (${WALLET}, 'Bench export', 'SETTLEMENT', 'bench-tsp', 'USD', 'AE', 'bench') on conflict (id) do nothing`);
  const STEP = 200_000;
  for (let lo = 1; lo <= LINES; lo += STEP) {
    const hi = Math.min(LINES, lo + STEP - 1);
    await db.execute(sql`insert into vouchers (id, voucher_no, status, voucher_date, total_credit_amount_in_lc, total_debit_amount_in_lc, category,
      transaction_id, transaction_type, posted_at)
    select 'bench-export-' || g, 'V' || g, 'POSTED', date '2026-01-01', 0, 0, 'TOPUP', 'tx-' || g, 'TOPUP',
      timestamptz '2026-01-01' + g * interval '1 second'
    from generate_series(${lo}::int, ${hi}::int) g`);
    await db.execute(sql`insert into voucher_lines (id, voucher_id, line_no, account_name, account_code, account_ccy_code, rate, debit_or_credit,
      amount_in_fc, amount_in_lc, description1, wallet_id, bucket, transaction_id, posted_at, balance_after, wallet_seq)
    select 'bench-line-' || g, 'bench-export-' || g, 1, 'Bench', 'bench', 'USD', 1, case when g % 3 = 0 then 'D' else 'C' end,
      (g % 997) + 0.25, (g % 997) + 0.25, 'Bench line ' || g, ${WALLET}, 'balance', 'tx-' || g,
      timestamptz '2026-01-01' + g * interval '1 second',
      1000000 + (g % 997) + 0.25, g
    from generate_series(${lo}::int, ${hi}::int) g`);
  }
  await db.execute(sql`analyze voucher_lines`);
  await db.execute(sql`analyze vouchers`);
}

const filters = { walletIds: [WALLET], fromDate: '2026-01-01', toDate: '2027-12-31' };
// The export's own CSV (export-render.ts, formats/csv.ts): its header, columns and figures at the currency's 2 decimals.
const copyQuery = `COPY (select to_char(l.posted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date, l.wallet_id as "walletId",
  l.transaction_id as "transactionId", v.category, coalesce(v.transaction_type, v.category) as action,
  case when l.debit_or_credit = 'C' then 'CREDIT' else 'DEBIT' end as mode, l.description1 as description, l.account_ccy_code as currency,
  round(l.amount_in_fc, 2) as amount,
  round(l.balance_after - case when l.debit_or_credit = 'C' then l.amount_in_fc else -l.amount_in_fc end, 2) as "openingBalance",
  round(l.balance_after, 2) as "closingBalance"
  from voucher_lines l join vouchers v on v.id = l.voucher_id
  where l.wallet_id = '${WALLET}' and l.bucket = 'balance' order by l.posted_at, l.id) TO STDOUT WITH (FORMAT csv, HEADER)`;

/** PostgreSQL's COPY of the same rows: through psql on PostgreSQL, to PGlite's /dev/blob in process. */
async function copyRun(): Promise<{ ms: number; bytes: number }> {
  const t = performance.now();
  if (pglite) {
    const result = await pglite.client.query(copyQuery.replace('TO STDOUT', "TO '/dev/blob'"));
    return { ms: performance.now() - t, bytes: result.blob?.size ?? 0 };
  }
  const bytes = await new Promise<number>((resolve, reject) => {
    const psql = spawn('psql', [url ?? '', '-X', '-q', '-c', copyQuery], { stdio: ['ignore', 'pipe', 'inherit'] });
    let n = 0;
    psql.stdout.on('data', (chunk: Buffer) => (n += chunk.length));
    psql.on('error', reject);
    psql.on('exit', (code) => (code === 0 ? resolve(n) : reject(new Error(`psql exited ${code}`))));
  });
  return { ms: performance.now() - t, bytes };
}

async function oursRun(): Promise<{ ms: number; bytes: number; lines: number; rssGrowthMb: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'corridor-export-bench-'));
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const t = performance.now();
  const { stored, lines } = await renderExport(
    db,
    new FileStorage(dir),
    undefined,
    { kind: 'wallet', format: 'CSV', reportName: 'bench', filters },
    new Date(),
  );
  const ms = performance.now() - t;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  await rm(dir, { recursive: true, force: true });
  return { ms, bytes: stored.size, lines, rssGrowthMb: (peak - base) / 1_048_576 };
}

// A warm-up of COPY, then rounds of both, the best of each kept.
await copyRun();
let copy = { ms: Infinity, bytes: 0 };
let ours = { ms: Infinity, bytes: 0, lines: 0, rssGrowthMb: 0 };
let rssGrowthMb = 0;
for (let round = 0; round < RUNS; round += 1) {
  const c = await copyRun();
  const o = await oursRun();
  rssGrowthMb = Math.max(rssGrowthMb, o.rssGrowthMb);
  console.log(
    `  round ${round + 1}: COPY ${(c.ms / 1000).toFixed(2)} s, ours ${(o.ms / 1000).toFixed(2)} s (speed vs COPY ${(c.ms / o.ms).toFixed(2)}), RSS growth ${o.rssGrowthMb.toFixed(1)} MB`,
  );
  if (c.ms < copy.ms) copy = c;
  if (o.ms < ours.ms) ours = o;
}
const rate = (lines: number, ms: number) => Math.round(lines / (ms / 1000));
console.log(
  `statement export bench on ${url ? 'PostgreSQL' : 'PGlite (in memory)'}: ${LINES.toLocaleString('en')} lines (seeded in ${(seededMs / 1000).toFixed(1)} s)`,
);
console.log(
  `  COPY ... TO STDOUT (csv): ${(copy.ms / 1000).toFixed(2)} s, ${rate(LINES, copy.ms).toLocaleString('en')} lines/s, ${(copy.bytes / 1_048_576).toFixed(1)} MB`,
);
console.log(
  `  Corridor CSV export:      ${(ours.ms / 1000).toFixed(2)} s, ${rate(ours.lines, ours.ms).toLocaleString('en')} lines/s, ${(ours.bytes / 1_048_576).toFixed(1)} MB`,
);
console.log(
  `  speed vs COPY: ${(copy.ms / ours.ms).toFixed(2)} (target >= 0.50); largest RSS growth while exporting: ${rssGrowthMb.toFixed(1)} MB (target < 100)`,
);
if (ours.lines !== LINES) console.log(`  WARNING: the export wrote ${ours.lines} lines of ${LINES}`);
await database.close();
