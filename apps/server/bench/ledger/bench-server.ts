/**
 * A fresh PostgreSQL database with the demo data and the real server listening on a port, for the
 * HTTP load benches of the ledger (autocannon needs a socket). Dropped again by `close`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fork, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PORTAL_CLIENT_ID, PORTAL_CLIENT_SECRET_DEMO } from '@corridor/domain';
import { buildServer } from '../../src/app.ts';
import { loadConfig, MIGRATIONS_DIR } from '../../src/config.ts';
import { migrate } from '../../src/db/migrate.ts';
import { openPostgres } from '../../src/db/open.ts';
import { FileStorage } from '../../src/lib/file-storage.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-organisations.ts';
import { seedDemoData } from '../../src/seed/seed.ts';
import type { LoadJob, LoadResult } from '../load-client.ts';
import { minimalSignIn } from '../http/baseline-server.ts';

/** The bench servers' signing key (bench databases only; never a deployment's). */
const BENCH_JWT_SECRET = 'corridor-bench-jwt-secret-0123456789abcdef';

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The PostgreSQL server a bench runs on (`DATABASE_URL`); without one the bench says so and ends, as PGlite has no such run. */
export function postgresUrlOrExit(bench: string): string {
  const url = process.env.DATABASE_URL ?? '';
  if (url === '') {
    console.log(`${bench}: set DATABASE_URL to a PostgreSQL server to run it`);
    process.exit(0);
  }
  return url;
}

export async function startBenchServer(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = withDatabase(adminUrl, name);
  const database = openPostgres(url);
  await migrate(database.db, MIGRATIONS_DIR);
  const config = {
    ...loadConfig({ JWT_SECRET: BENCH_JWT_SECRET }),
    filesDir: await mkdtemp(join(tmpdir(), 'corridor-bench-files-')),
    rateLimits: { perAddressPerMinute: 100_000_000, perIdPerMinute: 100_000_000 },
  };
  await seedDemoData(database.db, new FileStorage(config.filesDir));
  const { app } = await buildServer({ db: database.db, config, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const basic = `Basic ${Buffer.from(`${PORTAL_CLIENT_ID}:${PORTAL_CLIENT_SECRET_DEMO}`).toString('base64')}`;
  const token = async (username: string): Promise<string> => {
    const res = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username, password: DEMO_PASSWORD }).toString(),
    });
    return ((await res.json()) as { access_token: string }).access_token;
  };
  return {
    url,
    base,
    app,
    db: database.db,
    token,
    async close() {
      await app.close();
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    },
  };
}

export interface LoadFigures {
  case: string;
  clients: number;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  errors: number;
}

/**
 * autocannon for `seconds` with `clients` connections, from a process of its own (`load-client.ts`);
 * non-2xx answers count as errors. `body` is JSON; `rotate` and `idempotencyKeys` vary it per request.
 */
export function load(
  name: string,
  options: Omit<LoadJob, 'seconds' | 'method' | 'headers' | 'body'> & {
    seconds?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string | Record<string, unknown>;
  },
): Promise<LoadFigures> {
  const { body, ...rest } = options;
  const job: LoadJob = {
    ...rest,
    seconds: options.seconds ?? 8,
    method: options.method ?? 'GET',
    headers: Object.fromEntries(Object.entries(options.headers ?? {}).filter(([key]) => key.toLowerCase() !== 'content-type')),
    ...(body !== undefined ? { body: typeof body === 'string' ? (JSON.parse(body) as Record<string, unknown>) : body } : {}),
  };
  return new Promise((resolve, reject) => {
    // fork runs the client with this process's loader (tsx), so it is TypeScript like the benches.
    const client = fork(fileURLToPath(new URL('../load-client.ts', import.meta.url)));
    client.once('message', (figures) => resolve({ case: name, clients: options.clients, ...(figures as LoadResult) }));
    client.once('error', reject);
    client.send(job);
  });
}

/** One verifier per pool: the key imported once, as the real server does. */
const verifiers = new WeakMap<pg.Pool, ReturnType<typeof minimalSignIn>>();

/** The caller of a minimal server's request, as the real server's auth finds it; throws when not signed in. */
export async function minimalCaller(pool: pg.Pool, authorization: string | undefined) {
  let signIn = verifiers.get(pool);
  if (!signIn) {
    signIn = minimalSignIn(pool, BENCH_JWT_SECRET);
    verifiers.set(pool, signIn);
  }
  const user = await (await signIn)(authorization);
  if (!user) throw new Error('minimal server: not signed in');
  return user;
}

/**
 * One write of a minimal comparison server: the caller found as the real server's auth does (the bearer
 * token verified, the user read joined to its live session), then `work` in one transaction, over bare
 * `pg` with prepared statements. A request without a valid token is refused, so the load must send one.
 */
export async function minimalTransaction<T>(
  pool: pg.Pool,
  authorization: string | undefined,
  work: (client: pg.PoolClient, caller: { id: string; orgId: string | null }) => Promise<T>,
): Promise<T> {
  const caller = await minimalCaller(pool, authorization);
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client, caller);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** The balanced voucher a minimal write posts: its wallet line credits `bucket`, the other line debits an account. */
export async function insertMinimalVoucher(
  client: pg.PoolClient,
  voucher: { category: string; currency: string; amount: string; walletId: string; bucket: string },
): Promise<void> {
  const voucherId = randomUUID();
  await client.query({
    name: 'voucher',
    text: `insert into vouchers (id, voucher_no, status, voucher_date, total_credit_amount_in_lc, total_debit_amount_in_lc, category, posted_at)
      values ($1, $2, 'POSTED', current_date, $3, $3, $4, now())`,
    values: [voucherId, `B-${voucherId}`, voucher.amount, voucher.category],
  });
  await client.query({
    name: 'lines',
    text: `insert into voucher_lines (id, voucher_id, line_no, account_name, account_code, account_ccy_code, rate, debit_or_credit, amount_in_fc, amount_in_lc, wallet_id, bucket, posted_at)
      values ($1, $3, 1, 'w', 'w', $5, 1, 'C', $6, $6, $4, $7, now()), ($2, $3, 2, 'a', 'a', $5, 1, 'D', $6, $6, null, null, now())`,
    values: [randomUUID(), randomUUID(), voucherId, voucher.walletId, voucher.currency, voucher.amount, voucher.bucket],
  });
}

/**
 * With BENCH_PROFILE=FILE (or the `file` given), the measured run is CPU-profiled (open the file in Chrome DevTools).
 * With BENCH_PERF=1 as well, Linux `perf` records it instead (`perfRecorded`).
 */
export async function profiled<T>(run: () => Promise<T>, file = process.env.BENCH_PROFILE): Promise<T> {
  if (!file) return run();
  if (process.env.BENCH_PERF) return perfRecorded(run, file);
  const session = new Session();
  session.connect();
  const post = (method: string) =>
    new Promise<unknown>((resolve, reject) => session.post(method, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.start');
  const result = await run();
  const { profile } = (await post('Profiler.stop')) as { profile: unknown };
  await writeFile(file, JSON.stringify(profile));
  session.disconnect();
  return result;
}

/** Samples a second per thread: not a multiple of the kernel's tick, so the samples do not march in step with timers. */
const PERF_FREQUENCY = 2999;

/**
 * The measured run recorded by Linux `perf` (BENCH_PERF=1): every thread of this process and the clients it forks,
 * with call stacks, into FILE; beside it `FILE.json` (this process's id, the units the run did, the sampling
 * frequency) and `FILE.map`, the JIT's symbol map as it stood at the run's end, when the bench was started with
 * NODE_OPTIONS="--perf-basic-prof-only-functions --interpreted-frames-native-stack". V8's own sampler misplaces time
 * spent in native code: on the transfer bench it put 35–42 % of the server's time in `writev`, where perf finds the
 * socket sends on 11.5 % of the main thread's samples (docs/performance.md). Read it with `bench/perf-summary.ts FILE`.
 */
async function perfRecorded<T>(run: () => Promise<T>, file: string): Promise<T> {
  if (spawnSync('perf', ['--version']).status !== 0) throw new Error('BENCH_PERF: the perf command is missing (Debian package linux-perf)');
  // BENCH_PERF=all records every process of the machine, PostgreSQL's backends too (`bench/perf-summary.ts FILE --postgres`).
  const target = process.env.BENCH_PERF === 'all' ? ['-a'] : ['-p', String(process.pid)];
  const recorder = spawn('perf', ['record', '--quiet', '-F', String(PERF_FREQUENCY), '-g', ...target, '-o', file], { stdio: 'ignore' });
  // perf ends on the interrupt by the interrupt itself, having written its file.
  const exited = new Promise<boolean>((resolve) => recorder.once('exit', (code, signal) => resolve(code === 0 || signal === 'SIGINT')));
  // perf attaches to each thread after it starts: a moment, so the run's first calls are recorded too.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const result = await run();
  recorder.kill('SIGINT');
  if (!(await exited)) throw new Error('BENCH_PERF: perf record failed (is perf_event_paranoid above 2?)');
  const map = `/tmp/perf-${process.pid}.map`;
  if (existsSync(map)) await copyFile(map, `${file}.map`);
  else console.log('BENCH_PERF: no JIT symbol map; start the bench with NODE_OPTIONS="--perf-basic-prof-only-functions --interpreted-frames-native-stack"');
  const units = (result as { done?: unknown }).done;
  await writeFile(`${file}.json`, JSON.stringify({ pid: process.pid, units: typeof units === 'number' ? units : null, frequency: PERF_FREQUENCY }));
  return result;
}

/** CPU ticks so far of each of this machine's PostgreSQL processes, from /proc (none where /proc cannot be read). */
function postgresTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return ticks;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      // After the command's closing parenthesis: fields 3 onwards; utime and stime are fields 14 and 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks;
}
/** The CPU (ms) PostgreSQL's processes used since `before`: a process started since counts whole, one that ended is lost. */
function postgresCpuMsSince(before: Map<string, number>): number {
  let ticks = 0;
  for (const [pid, now] of postgresTicks()) ticks += now - (before.get(pid) ?? 0);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}
/** Linux's USER_HZ, what /proc counts CPU time in. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * The CPU a run took: this process's (the servers the bench hosts; its clients are forked) and
 * PostgreSQL's, in ms. Per unit of work they compare two servers more steadily than their rates do on a
 * busy machine, where the rates move with what else runs.
 */
export async function withCpu<T>(run: () => Promise<T>): Promise<T & { serverCpuMs: number; postgresCpuMs: number }> {
  const node = process.cpuUsage();
  const postgres = postgresTicks();
  const result = await run();
  const used = process.cpuUsage(node);
  return { ...result, serverCpuMs: (used.user + used.system) / 1000, postgresCpuMs: postgresCpuMsSince(postgres) };
}

/**
 * A creating call's Idempotency-Key, claimed as the real server claims it: the transaction's first write, with
 * a digest of the body. A key already claimed is an error here (the bench never sends one twice).
 */
export async function claimMinimalKey(client: pg.PoolClient, caller: string, key: string | undefined, callId: string, body: unknown): Promise<void> {
  if (key === undefined) throw new Error('minimal server: a creating call needs an Idempotency-Key');
  const claimed = await client.query({
    name: 'claim-key',
    text: `insert into idempotency_keys (id, caller, key, call_id, request_hash, status) values ($1, $2, $3, $4, $5, 0) on conflict do nothing returning id`,
    values: [randomUUID(), caller, key, callId, createHash('sha256').update(callId).update(JSON.stringify(body)).digest('hex')],
  });
  if (claimed.rowCount !== 1) throw new Error('minimal server: the Idempotency-Key was used before');
}

/** The answer stored under its key, the transaction's last write, so a retry would replay it. */
export async function answerMinimalKey(client: pg.PoolClient, caller: string, key: string, status: number, answer: unknown): Promise<void> {
  await client.query({
    name: 'answer-key',
    text: `update idempotency_keys set status = $3, response = $4 where caller = $1 and key = $2`,
    values: [caller, key, status, JSON.stringify(answer)],
  });
}

/** A line of a minimal voucher: a wallet line (with its bucket and the running value after it) or an account's. */
export interface MinimalLine {
  account: string;
  currency: string;
  side: 'D' | 'C';
  amount: string;
  description: string;
  walletId?: string;
  bucket?: string;
  balanceAfter?: string;
}

/** Parameters of one line in `insertMinimalLines`' statement, after the voucher's two. */
const LINE_PARAMS = 9;

/**
 * A voucher and all its lines, as the real server writes them for a transaction (its id on both, a
 * description on each line, a wallet line's running value): two statements, the lines' one named per count.
 */
export async function insertMinimalLines(
  client: pg.PoolClient,
  voucher: { category: string; transactionId: string; total: string; lines: MinimalLine[] },
): Promise<void> {
  const voucherId = randomUUID();
  await client.query({
    name: 'voucher-of-lines',
    text: `insert into vouchers (id, voucher_no, status, voucher_date, total_credit_amount_in_lc, total_debit_amount_in_lc, category, transaction_id, posted_at)
      values ($1, $2, 'POSTED', current_date, $3, $3, $4, $5, now())`,
    values: [voucherId, `B-${voucherId}`, voucher.total, voucher.category, voucher.transactionId],
  });
  const rows = voucher.lines.map((_, i) => {
    const at = (k: number) => `$${2 + i * LINE_PARAMS + k}`;
    return `(${at(1)}, $1, ${i + 1}, ${at(2)}, ${at(2)}, ${at(3)}, 1, ${at(4)}, ${at(5)}, ${at(5)}, ${at(6)}, ${at(7)}, ${at(8)}, $2, $2, ${at(9)}, now())`;
  });
  await client.query({
    name: `lines-${voucher.lines.length}`,
    text: `insert into voucher_lines (id, voucher_id, line_no, account_name, account_code, account_ccy_code, rate, debit_or_credit, amount_in_fc, amount_in_lc,
        wallet_id, bucket, description1, description2, transaction_id, balance_after, posted_at)
      values ${rows.join(', ')}`,
    values: [
      voucherId,
      voucher.transactionId,
      ...voucher.lines.flatMap((l) => [
        randomUUID(),
        l.account,
        l.currency,
        l.side,
        l.amount,
        l.walletId ?? null,
        l.bucket ?? null,
        l.description,
        l.balanceAfter ?? null,
      ]),
    ],
  });
}

/** A notification row, as the real server tells a transfer's step to an organisation. */
export async function insertMinimalNotice(
  client: pg.PoolClient,
  notice: { orgId: string; kind: string; subjectId: string; params: Record<string, string>; dedupeKey: string },
): Promise<void> {
  await client.query({
    name: 'notice',
    text: `insert into notifications (id, org_id, kind, subject_type, subject_id, params, dedupe_key, created_at)
      values ($1, $2, $3, 'TRANSFER', $4, $5, $6, now()) on conflict do nothing`,
    values: [randomUUID(), notice.orgId, notice.kind, notice.subjectId, JSON.stringify(notice.params), notice.dedupeKey],
  });
}
