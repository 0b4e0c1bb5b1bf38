import { defineConfig } from 'vitest/config';

// PGlite starts in WebAssembly: test files clone one migrated+seeded template instead of each
// running initdb, and two workers are what a 2-core machine runs well.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    globalSetup: ['./src/test/global-setup.ts'],
  },
});
