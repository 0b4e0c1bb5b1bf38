/**
 * The demo's cold start: the server started as `start` starts it (`node dist/main.mjs`, the bundle of
 * `scripts/build.mjs`, built once before the starts and its build timed apart), timed from the spawn to the
 * first answer of `/portal-config.json`, the portal's first call. On PGlite in a fresh data folder and again in
 * the same folder, then the same server on PostgreSQL (`CORRIDOR_DEMO=1`, demo data too) on a fresh database
 * and again on it; beside each start on existing data, the same start from the sources under tsx (how `start`
 * ran before the bundle). Beside the wall time, the CPU the server's processes took (from /proc): on a shared
 * machine the wall time swings with the neighbours' load, the CPU much less.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/start.bench.ts        (TEST_DATABASE_URL works too; without either, PGlite alone)
 *   BENCH_ROUNDS=3 (starts of each kind; the table shows the median)
 */
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const serverDir = resolve(import.meta.dirname, '..');
const TSX = resolve(serverDir, '..', '..', 'node_modules', '.bin', 'tsx');
const url = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const TICKS_PER_SECOND = 100;

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/** CPU seconds (user + system) of a process and all its descendants still alive, from /proc. */
function treeCpuSeconds(root: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command (in parentheses, which may hold spaces): state ppid ... utime(14) stime(15) cutime cstime.
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks });
    } catch {
      // The process ended while being read.
    }
  }
  let ticks = 0;
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, stat] of stats) if (stat.ppid === pid) pending.push(child);
  }
  return ticks / TICKS_PER_SECOND;
}

/** One start: spawn, poll the portal's first call until it answers 200, note the times, stop the server. */
type Start = 'built' | 'tsx';
const COMMANDS: Record<Start, [string, string[]]> = { built: [process.execPath, ['dist/main.mjs']], tsx: [TSX, ['src/main.ts']] };

async function timeStart(env: Record<string, string>, start: Start = 'built'): Promise<{ wallSeconds: number; cpuSeconds: number }> {
  const port = await freePort();
  const began = performance.now();
  const [command, args] = COMMANDS[start];
  const child = spawn(command, args, {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: env.DATABASE_URL ?? '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let ended = false;
  void exited.then(() => (ended = true));
  try {
    for (;;) {
      if (ended) throw new Error(`the server ended before answering:\n${stderr}`);
      const answered = await fetch(`http://127.0.0.1:${port}/portal-config.json`).then(
        (res) => res.ok,
        () => false,
      );
      if (answered) break;
      await new Promise((done) => setTimeout(done, 20));
    }
    const wallSeconds = (performance.now() - began) / 1000;
    return { wallSeconds, cpuSeconds: treeCpuSeconds(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

const buildBegan = performance.now();
execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, stdio: 'inherit' });
const buildSeconds = (performance.now() - buildBegan) / 1000;

type Kind = 'pglite' | 'postgres';
const results: Record<`${Kind} ${'fresh' | 'again' | 'again tsx'}`, Array<{ wallSeconds: number; cpuSeconds: number }>> = {
  'pglite fresh': [],
  'pglite again': [],
  'pglite again tsx': [],
  'postgres fresh': [],
  'postgres again': [],
  'postgres again tsx': [],
};
const kinds: Kind[] = url === '' ? ['pglite'] : ['pglite', 'postgres'];
for (let round = 0; round < rounds; round += 1) {
  for (const kind of kinds) {
    const folder = await mkdtemp(join(tmpdir(), 'corridor-start-bench-'));
    try {
      const env: Record<string, string> = { DATA_DIR: join(folder, 'pglite') };
      if (kind === 'postgres') Object.assign(env, { DATABASE_URL: await freshDatabase('corridor_bench_start'), CORRIDOR_DEMO: '1' });
      results[`${kind} fresh`].push(await timeStart(env));
      // Taking turns, so both see the machine alike.
      results[`${kind} again`].push(await timeStart(env));
      results[`${kind} again tsx`].push(await timeStart(env, 'tsx'));
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
}

const median = (runs: Array<{ wallSeconds: number; cpuSeconds: number }>) => {
  const sorted = [...runs].sort((a, b) => a.wallSeconds - b.wallSeconds);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const show = (runs: Array<{ wallSeconds: number; cpuSeconds: number }>) =>
  runs.length === 0 ? '-' : `${median(runs).wallSeconds.toFixed(1)} s (CPU ${median(runs).cpuSeconds.toFixed(1)} s)`;
console.log(
  `\nDemo start to the first answer of /portal-config.json, median of ${rounds} (load average ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]})`,
);
console.log(`The bundle's build (scripts/build.mjs, once per install): ${buildSeconds.toFixed(1)} s`);
console.log(`${'data'.padEnd(36)}${'PGlite'.padEnd(26)}PostgreSQL`);
console.log(`${'fresh, node dist/main.mjs'.padEnd(36)}${show(results['pglite fresh']).padEnd(26)}${show(results['postgres fresh'])}`);
console.log(`${'existing, node dist/main.mjs'.padEnd(36)}${show(results['pglite again']).padEnd(26)}${show(results['postgres again'])}`);
console.log(`${'existing, tsx src/main.ts'.padEnd(36)}${show(results['pglite again tsx']).padEnd(26)}${show(results['postgres again tsx'])}`);
console.log(`all runs: ${JSON.stringify(results)}`);
