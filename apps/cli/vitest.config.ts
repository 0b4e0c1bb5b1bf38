import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Files of a worker share its modules (isolate: false, below), which holds only while no CLI test mocks a module:
 * a mock takes only where the module is loaded anew, and would leak into the files after it. Each test builds its
 * command context with its own dependencies instead (command-context.ts). Checked here, so a file that mocks
 * stops the run with its name rather than failing some other file later.
 */
const MOCKS = /\bvi\.(mock|doMock|stubGlobal|resetModules)\(/;
const root = fileURLToPath(new URL('.', import.meta.url));
const mocking = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) => MOCKS.test(readFileSync(join(root, 'src', file), 'utf8')));
if (mocking.length > 0) {
  throw new Error(`CLI tests share their worker's modules; these mock a module, so pass its fake through the command context instead: ${mocking.join(', ')}`);
}

export default defineConfig({
  test: {
    // Two files at a time on the 2-core machine (vitest's default there is one).
    maxWorkers: 2,
    // Importing commander, the contract and the commands anew for each file was a third of the CLI tests' time
    // (48 s against 32 s for the same tests).
    isolate: false,
    // What a test changes on shared objects goes with it, failed or not: spies, stubbed variables and globals.
    restoreMocks: true,
    unstubEnvs: true,
    unstubGlobals: true,
  },
});
