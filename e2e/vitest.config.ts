import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './src/worker-count.ts';

// Browser tests: a real server (fresh embedded database, the built portal) for each worker of the run,
// driven through Debian's Chromium with playwright-core.
export default defineConfig({
  test: {
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['src/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Files run E2E_WORKERS at a time (one unless asked), each worker against a server of its own (src/global-setup.ts).
    maxWorkers: E2E_WORKERS,
    // A poll waits for the server and the page, both slower on a busy machine than vitest's 1 s default.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    pool: 'forks',
  },
});
