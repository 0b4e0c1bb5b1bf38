import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time on the 2-core machine (vitest's default there is one).
    maxWorkers: 2,
    // Files of a worker share its modules: no CLI test mocks a module, each builds its command context with its
    // own dependencies (command-context.ts), and importing commander, the contract and the commands anew for
    // each file was a third of the CLI tests' time (48 s against 32 s for the same tests).
    isolate: false,
  },
});
