/**
 * Where a bench's server spends its CPU, from a `perf` recording of its measured run (BENCH_PERF=1, see
 * `profiled` in ledger/bench-server.ts): each sample of the bench process's main thread is given to the
 * nearest JavaScript frame on its stack (what a native call, a builtin or the kernel did on that code's
 * behalf counts as that code's), and summed by package or by function, per unit of work (a transfer, a call):
 *
 *   BENCH_PERF=1 BENCH_PROFILE=/tmp/ours.perf NODE_OPTIONS="--perf-basic-prof-only-functions --interpreted-frames-native-stack" \
 *     DATABASE_URL=postgres://... npx tsx bench/transactions/transfer.bench.ts
 *   npx tsx bench/perf-summary.ts /tmp/ours.perf [--by function] [--top 40] [--units N]
 *
 * `--postgres` reads PostgreSQL's processes instead of the bench's main thread, from a recording of the whole machine
 * (BENCH_PERF=all), by PostgreSQL's C function (its exported symbols; a static one shows as an address).
 *
 * `--inclusive` counts a sample for every distinct function on its stack instead (what a function and the code it called
 * synchronously cost: an async function's awaits end its stack, so each of its stretches counts apart).
 *
 * Needs `perf` (Debian's linux-perf). The JIT's symbol map keeps every address V8 ever gave out, so where a later
 * function took an earlier one's place the later name wins: the map is the one taken at the run's end.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    postgres: { type: 'boolean', default: false },
    inclusive: { type: 'boolean', default: false },
    by: { type: 'string', default: 'package' },
    top: { type: 'string', default: '30' },
    units: { type: 'string' },
  },
});
const file = positionals[0];
if (!file || (values.by !== 'package' && values.by !== 'function')) {
  console.log('usage: perf-summary.ts FILE [--by package|function] [--inclusive] [--postgres] [--top N] [--units N]');
  process.exit(2);
}
const meta = JSON.parse(readFileSync(`${file}.json`, 'utf8')) as { pid: number; units: number | null; frequency: number };
const units = Number(values.units ?? meta.units ?? 1);

/** The JIT map with the newest entry kept wherever two overlap, where `perf script` looks for it. */
function installMap(): void {
  let lines: string[];
  try {
    lines = readFileSync(`${file}.map`, 'utf8').split('\n').filter(Boolean);
  } catch {
    console.log('no JIT symbol map beside the recording: JavaScript frames stay unnamed');
    return;
  }
  const kept: Array<{ start: bigint; end: bigint; line: string }> = [];
  for (const line of lines.reverse()) {
    const [address = '0', size = '0'] = line.split(' ', 2);
    const start = BigInt(`0x${address}`);
    const end = start + BigInt(`0x${size}`);
    if (!kept.some((k) => k.start < end && start < k.end)) kept.push({ start, end, line });
  }
  writeFileSync(`/tmp/perf-${meta.pid}.map`, `${kept.map((k) => k.line).join('\n')}\n`);
}

// A JavaScript frame as the map names it: `JS:<tier><name> <path>:<line>:<column>`.
const JS_FRAME = /^JS:[~^*+-]?(\S*)\s+(\S+):\d+:\d+$/;

/** The package of a JavaScript file: a dependency by name, Corridor's code by its area, Node's by module. */
function packageOf(path: string): string {
  const dependency = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
  if (dependency) return dependency[1] as string;
  const area = /\/(apps\/[^/]+\/(?:src|bench)\/[^/]+|packages\/[^/]+)\//.exec(path);
  if (area) return area[1] as string;
  // Node's own modules by their first two parts: node:internal/stream_base_commons (socket writes), node:internal/process (ticks).
  if (path.startsWith('node:')) return path.split('/').slice(0, 2).join('/');
  return path.replace(/^file:\/\//, '');
}

const nameOf = (js: RegExpExecArray): string => {
  const pkg = packageOf(js[2] as string);
  return values.by === 'package' ? pkg : `${js[1] || '(anonymous)'} ${pkg}/${(js[2] as string).split('/').pop() ?? ''}`;
};

/** Every distinct package or function on the stack (`--inclusive`). */
function ownersOf(frames: string[]): string[] {
  if (values.postgres) return [...new Set(frames.map(cName))];
  const names = frames.flatMap((frame) => {
    const js = JS_FRAME.exec(frame);
    return js ? [nameOf(js)] : [];
  });
  return names.length > 0 ? [...new Set(names)] : [ownerOf(frames)];
}

/** A C frame of PostgreSQL as `perf script` names it (`name+0x1f`), without its offset. */
const cName = (frame: string) => frame.replace(/\+0x[0-9a-f]+$/, '');

function ownerOf(frames: string[]): string {
  if (values.postgres) return cName(frames[0] ?? '');
  for (const frame of frames) {
    const js = JS_FRAME.exec(frame);
    if (js) return nameOf(js);
  }
  const leaf = frames[0] ?? '';
  if (/Scaveng|MarkCompact|Heap::|Sweeper|Marking/.test(leaf)) return '(garbage collector)';
  return `(native) ${leaf.slice(0, 60)}`;
}

if (!values.postgres) installMap();
const thread = values.postgres ? ['--comms', 'postgres'] : ['--tid', String(meta.pid)];
const script = spawnSync('perf', ['script', '-i', file, ...thread, '-F', 'ip,sym'], { encoding: 'utf8', maxBuffer: 2 ** 30 });
if (script.status !== 0) throw new Error(`perf script failed: ${script.stderr}`);
const totals = new Map<string, number>();
let samples = 0;
for (const block of script.stdout.split(/\n\s*\n/)) {
  const frames = block
    .split('\n')
    .map((line) => line.trim().replace(/^[0-9a-f]+\s+/, ''))
    .filter(Boolean);
  if (frames.length === 0) continue;
  samples += 1;
  for (const owner of values.inclusive ? ownersOf(frames) : [ownerOf(frames)]) totals.set(owner, (totals.get(owner) ?? 0) + 1);
}
const microsPerUnit = (count: number) => (count * 1e6) / meta.frequency / units;
console.log(
  `${samples} samples of ${values.postgres ? "PostgreSQL's processes" : 'the main thread'}, ${units} units: ${(microsPerUnit(samples) / 1000).toFixed(2)} ms of CPU per unit`,
);
console.table(
  [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(values.top))
    .map(([owner, count]) => ({ owner, 'µs per unit': microsPerUnit(count).toFixed(1), share: `${((count / samples) * 100).toFixed(1)} %` })),
);
