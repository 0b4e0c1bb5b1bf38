import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { firstScreenStrings } from './first-screen-strings.ts';

/**
 * Logic tests (`*.test.ts`) that read the browser's globals (window, localStorage, the page's events):
 * they run in jsdom with the components. Every other `*.test.ts` runs in plain Node, which starts a
 * file in a fraction of jsdom's time (half the portal's test files, and most of their wait, were jsdom
 * starting up for code that never touches a page).
 */
const NEEDS_DOM = [
  'src/components/fx-panel/quote-calls.test.ts',
  'src/features/pricing/server-refusals.test.ts',
  'src/features/wallets/wallet-logic.test.ts',
  'src/lib/api-client.test.ts',
  'src/lib/stored-user.test.ts',
  'src/lib/table-state.test.ts',
];

export default defineConfig({
  plugins: [firstScreenStrings(), react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    // Vitest runs one file at a time on a 2-core machine by default (cores - 1); two halve the wait.
    // Files stay isolated: many mock modules.
    maxWorkers: 2,
    // A screen test waits up to 5 s for what it looks for (setup.ts); the test itself gets three times that, so a
    // loaded machine fails a test on what the screen shows, not on the clock.
    testTimeout: 15_000,
    projects: [
      {
        extends: true,
        test: { name: 'dom', environment: 'jsdom', include: ['src/**/*.test.tsx', ...NEEDS_DOM], setupFiles: ['./src/test/setup.ts'] },
      },
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'], exclude: NEEDS_DOM },
      },
    ],
  },
});
