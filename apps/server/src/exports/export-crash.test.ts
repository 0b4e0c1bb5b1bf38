import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJob, statementSummaryRow } from '@corridor/api';
import { Dec } from '@corridor/domain';
import { rowsOf, type Database } from '../db/database.ts';
import { ChildServer, crashSite, freePort } from '../test/child-server.ts';
import { globexAtlasWallets, orgIdsByCode } from '../test/pricing-fixtures.ts';

// PostgreSQL only (vitest.config.ts): a server is killed with SIGKILL while it writes a large statement export
// as a job; a new server on the same database and data folder takes the job over once its heartbeat is stale
// and writes it again. The job must end once: one file, equal to the statement, and nothing of the first
// attempt left behind.

/**
 * Enough lines that the job is still being written when the kill comes: PostgreSQL's COPY writes about 300,000
 * lines a second here, and the job's progress beats every half second.
 */
const LINES = 600_000;
/** The seeded lines' year: the statement of that year is theirs alone. */
const FROM = '2024-01-01';
const TO = '2024-12-31';
const STALE_MS = 3_000;
const REPORT = 'Crash export';

let site: Awaited<ReturnType<typeof crashSite>>;
let databaseUrl: string;
let database: Database;
let dataDir: string;
let server: ChildServer;

beforeAll(async () => {
  site = await crashSite('export_crash');
  ({ databaseUrl, database, dataDir } = site);
  server = new ChildServer(await freePort(), { databaseUrl, dataDir, extra: { EXPORT_STALE_MS: String(STALE_MS) } });
});

afterAll(async () => {
  await server?.kill();
  await site?.drop();
});

/**
 * LINES balance lines on the wallet in FROM's year, each its own voucher, with a running balance as the
 * ledger's post keeps it: credits of (g % 997) + 0.25, every third line a debit.
 */
async function seedLines(walletId: string, currency: string): Promise<void> {
  // Its own connection: the pool's statement timeout is for a server's calls, not for a seed of this size.
  const seeder = new pg.Client({ connectionString: databaseUrl });
  await seeder.connect();
  try {
    await seeder.query(`set statement_timeout = 0`);
    await seeder.query(
      `insert into vouchers (id, voucher_no, status, voucher_date, total_credit_amount_in_lc, total_debit_amount_in_lc, category,
        transaction_id, transaction_type, posted_at)
      select 'crash-export-' || g, 'CX' || g, 'POSTED', date '2024-01-01', 0, 0, 'TOPUP', 'crash-tx-' || g, 'TOPUP',
        timestamptz '2024-01-01' + g * interval '50 seconds'
      from generate_series(1, $1::int) g`,
      [LINES],
    );
    await seeder.query(
      `insert into voucher_lines (id, voucher_id, line_no, account_name, account_code, account_ccy_code, rate, debit_or_credit,
        amount_in_fc, amount_in_lc, description1, wallet_id, bucket, transaction_id, posted_at, balance_after, wallet_seq)
      select 'crash-line-' || g, 'crash-export-' || g, 1, 'Crash', 'crash', $2, 1, case when g % 3 = 0 then 'D' else 'C' end,
        (g % 997) + 0.25, (g % 997) + 0.25, 'Crash line ' || g, $3, 'balance', 'crash-tx-' || g,
        timestamptz '2024-01-01' + g * interval '50 seconds',
        5000000 + sum(case when g % 3 = 0 then -((g % 997) + 0.25) else (g % 997) + 0.25 end) over (order by g), 100000000 + g
      from generate_series(1, $1::int) g`,
      [LINES, currency, walletId],
    );
    await seeder.query('analyze voucher_lines');
    await seeder.query('analyze vouchers');
  } finally {
    await seeder.end();
  }
}

interface JobState {
  status: string;
  lines_done: number;
  lines_expected: number;
  attempts: number;
  claimed_by: string | null;
  writing_key: string | null;
  file_name: string | null;
}

async function jobState(id: string): Promise<JobState> {
  const [row] = rowsOf<JobState>(
    await database.db.execute(sql`select status, lines_done, lines_expected, attempts, claimed_by, writing_key, file_name from export_jobs where id = ${id}`),
  );
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

async function until(done: () => Promise<boolean>, limitMs: number, what: string): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const filesDir = () => join(dataDir, 'files');
const storedKeys = async () => rowsOf<{ storage_key: string }>(await database.db.execute(sql`select storage_key from files where storage_key is not null`));

describe('a statement export job across a crash', () => {
  it('after kill -9 mid-write, a new server takes the job over and finishes it once: one file, equal to the statement', { timeout: 180_000 }, async () => {
    // The server starts while the lines are seeded: the first is most of the test's time, the second a good part.
    const { usd: walletId } = await globexAtlasWallets(database.db, await orgIdsByCode(database.db));
    expect(walletId).not.toBe('');
    await Promise.all([server.start(), seedLines(walletId, 'USD')]);
    const token = await server.signIn('100000001');

    const created = await server.call('POST', '/v1/reports/exports', token, {
      reportName: REPORT,
      format: 'CSV',
      walletIds: [walletId],
      fromDate: FROM,
      toDate: TO,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const job = exportJob.parse(created.body);
    expect(job).toMatchObject({ linesExpected: LINES });

    // The kill comes once the job has written a tenth of its lines (its progress beats as it writes).
    await until(async () => (await jobState(job.id)).lines_done >= LINES / 10, 60_000, 'the job to be under way');
    await server.kill();
    const atCrash = await jobState(job.id);
    expect(atCrash).toMatchObject({ status: 'RUNNING', attempts: 1, file_name: null });
    expect(atCrash.lines_done).toBeGreaterThan(0);
    expect(atCrash.lines_done).toBeLessThan(LINES);
    // The dead process's partial file: on disk, referenced by the job alone.
    const partial = atCrash.writing_key ?? '';
    expect(await readdir(filesDir())).toContain(partial);
    expect((await storedKeys()).map((f) => f.storage_key)).not.toContain(partial);

    // A new server on the same database and folder: it takes the job over once the dead claim's heartbeat is stale.
    await server.start();
    await until(async () => (await jobState(job.id)).attempts > 1, 30_000, 'the takeover');
    const progress: number[] = [];
    await until(
      async () => {
        const state = await jobState(job.id);
        progress.push(state.lines_done);
        return state.status !== 'RUNNING';
      },
      60_000,
      'the job to end',
    );
    // Progress of the second attempt starts again from its own lines, only goes up, and never past the statement.
    for (const [i, n] of progress.entries()) {
      expect(n).toBeLessThanOrEqual(LINES);
      if (i > 0) expect(n).toBeGreaterThanOrEqual(progress[i - 1] ?? 0);
    }
    const done = await jobState(job.id);
    expect(done).toMatchObject({ status: 'READY', attempts: 2, lines_done: LINES, lines_expected: LINES, writing_key: null });
    expect(done.claimed_by).not.toBe(atCrash.claimed_by);

    // Exactly one file, and on disk nothing but the files the database refers to: the partial one is gone.
    const files = rowsOf<{ name: string; storage_key: string }>(
      await database.db.execute(sql`select name, storage_key from files where for_entity = ${REPORT}`),
    );
    expect(files.map((f) => f.name)).toEqual([done.file_name]);
    const onDisk = await readdir(filesDir());
    const referenced = new Set((await storedKeys()).map((f) => f.storage_key));
    expect(onDisk).toContain(files[0]?.storage_key);
    expect(onDisk).not.toContain(partial);
    expect(onDisk.filter((key) => !referenced.has(key))).toEqual([]);

    // The job as the contract answers it, and its file equal to the statement: every line, its opening and closing.
    const answered = exportJob.parse((await server.call('GET', `/v1/reports/exports/${job.id}`, token)).body);
    expect(answered).toMatchObject({ status: 'READY', linesDone: LINES, linesExpected: LINES, fileName: done.file_name });
    const csv = (await readFile(join(filesDir(), files[0]?.storage_key ?? ''), 'utf8')).trim().split('\r\n');
    expect(csv).toHaveLength(LINES + 1);
    const header = csv[0]?.split(',') ?? [];
    const cell = (line: string | undefined, column: string) => line?.split(',')[header.indexOf(column)] ?? '';
    const [summary] = z
      .array(statementSummaryRow)
      .parse((await server.call('GET', `/m/api/v1/wallet/statement/summary?walletIds=${walletId}&fromDate=${FROM}&toDate=${TO}`, token)).body);
    expect(summary?.count).toBe(LINES);
    const same = (a: string, b: string | undefined) => expect(new Dec(a).toFixed(2), `${a} vs ${b}`).toBe(new Dec(b ?? 'NaN').toFixed(2));
    same(cell(csv[1], 'openingBalance'), summary?.openingBalance);
    same(cell(csv[LINES], 'closingBalance'), summary?.closingBalance);
    // The seeded running balance: 5,000,000 before the first line, then each line's amount.
    same(cell(csv[1], 'openingBalance'), '5000000');
    let credit = new Dec(0);
    let debit = new Dec(0);
    for (const line of csv.slice(1)) {
      const amount = new Dec(cell(line, 'amount'));
      if (cell(line, 'mode') === 'CREDIT') credit = credit.plus(amount);
      else debit = debit.plus(amount);
    }
    same(credit.toFixed(2), summary?.totalCredit);
    same(debit.toFixed(2), summary?.totalDebit);
  });
});
