import { defineConfig } from 'vitest/config';

// Browser tests: one real server (fresh embedded database, the built portal) for the whole run,
// driven through Debian's Chromium with playwright-core.
export default defineConfig({
  test: {
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['src/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // A poll waits for the server and the page, both slower on a busy machine than vitest's 1 s default.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    pool: 'forks',
  },
});
