import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './src/worker-count.ts';

/**
 * Files that mostly wait (a line held down longer than a token lives, an outbox's backoff, a proxy's
 * lost answers) rather than render: `run.sh` runs them beside the others instead of after them. The bad
 * line's file keeps a quarter of the machine busy over its three minutes (docs/testing.md), and it
 * starts a server of its own, so it needs none from the global setup.
 */
const WAITING = ['src/flaky-line.e2e.ts'];

// Browser tests: a real server (fresh embedded database, the built portal) for each worker of the run,
// driven through Debian's Chromium with playwright-core.
export default defineConfig({
  test: {
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // A poll waits for the server and the page, both slower on a busy machine than vitest's 1 s default.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'screens',
          include: ['src/**/*.e2e.ts'],
          exclude: WAITING,
          globalSetup: ['src/global-setup.ts'],
          // Files run E2E_WORKERS at a time (one unless asked), each worker against a server of its own (src/global-setup.ts).
          maxWorkers: E2E_WORKERS,
        },
      },
      { extends: true, test: { name: 'waiting', include: WAITING, maxWorkers: 1 } },
    ],
  },
});
