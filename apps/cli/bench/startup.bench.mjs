// Start-up of the `corridor` binary beside a bare `node -e 0` (the floor any Node program pays), over several
// runs each, taken in turn so both see the same machine load. Prints the medians and their ratio.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = join(dirname(fileURLToPath(import.meta.url)), '../bin/corridor.mjs');
const RUNS = 15;
// An address nothing listens on: whoami with no saved session answers from the config alone.
const cases = [
  ['corridor --help', [bin, '--help']],
  ['corridor whoami', [bin, 'whoami', '--api-root', 'http://127.0.0.1:9']],
];

function once(args) {
  const start = process.hrtime.bigint();
  spawnSync(process.execPath, args, {
    stdio: 'ignore',
    env: { ...process.env, CORRIDOR_CONFIG: join(process.env.TMPDIR ?? '/tmp', 'corridor-bench-config.json') },
  });
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

once([bin, '--help']); // builds the bundle if the sources changed, outside the timing
for (const [name, args] of cases) {
  const ours = [];
  const floor = [];
  for (let i = 0; i < RUNS; i += 1) {
    ours.push(once(args));
    floor.push(once(['-e', '0']));
  }
  const a = median(ours);
  const b = median(floor);
  console.log(
    `${name.padEnd(18)} ${a.toFixed(0).padStart(5)} ms   node -e 0 ${b.toFixed(0).padStart(4)} ms   ratio ${(a / b).toFixed(2)}   (median of ${RUNS}; target < 300 ms)`,
  );
}
