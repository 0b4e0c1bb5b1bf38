import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
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

/**
 * Test files that need a fresh module graph of their own: each mocks a module (`vi.mock`, `vi.stubGlobal`), which
 * only takes where the module is loaded anew, or tests what a module does on its first load (the first-screen
 * strings before i18next). Found by reading the files, so a new test that mocks is kept apart without a list
 * to update. Every other file shares its worker's modules (and jsdom) with the files before it (isolate:
 * false): a screen file that set up jsdom and imported React, the router and the screens anew spent about
 * 1.9 s on that against 0.6 s on its tests (docs/testing.md). What a shared module or the
 * page keeps between files is reset by the setup files (src/test/).
 */
const FIRST_LOAD = ['src/lib/translate.test.tsx'];
const MOCKS = /\bvi\.(mock|doMock|stubGlobal|resetModules)\(/;
const root = fileURLToPath(new URL('.', import.meta.url));
const testFiles = ['src', 'scripts'].flatMap((dir) =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${dir}/${file.split(sep).join('/')}`),
);
const OWN_MODULES = [...FIRST_LOAD, ...testFiles.filter((file) => MOCKS.test(readFileSync(join(root, file), 'utf8')))];
const DOM_FILES = ['src/**/*.test.tsx', ...NEEDS_DOM];
const NODE_FILES = ['src/**/*.test.ts', 'scripts/**/*.test.ts'];
const DOM_SETUP = ['./src/test/setup.ts', './src/test/between-files.ts'];
const NODE_SETUP = ['./src/test/between-files.ts'];

export default defineConfig({
  plugins: [firstScreenStrings(), react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    // Vitest runs one file at a time on a 2-core machine by default (cores - 1); two halve the wait.
    maxWorkers: 2,
    // A screen test waits up to 5 s for what it looks for (setup.ts); the test itself gets three times that, so a
    // loaded machine fails a test on what the screen shows, not on the clock.
    testTimeout: 15_000,
    projects: [
      {
        extends: true,
        test: { name: 'dom', environment: 'jsdom', include: DOM_FILES, exclude: OWN_MODULES, setupFiles: DOM_SETUP, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'dom-own-modules',
          environment: 'jsdom',
          include: OWN_MODULES.filter((f) => f.endsWith('.tsx') || NEEDS_DOM.includes(f)),
          setupFiles: DOM_SETUP,
        },
      },
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: NODE_FILES, exclude: [...NEEDS_DOM, ...OWN_MODULES], setupFiles: NODE_SETUP, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'node-own-modules',
          environment: 'node',
          include: OWN_MODULES.filter((f) => f.endsWith('.ts') && !NEEDS_DOM.includes(f)),
          setupFiles: NODE_SETUP,
        },
      },
    ],
  },
});
