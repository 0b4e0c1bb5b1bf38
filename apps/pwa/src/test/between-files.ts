import { afterAll, vi } from 'vitest';

// Files share their worker's modules and globals when they share its module graph (vitest.config.ts): what a file
// set up for itself goes with it, even when one of its tests failed before undoing it.
afterAll(async () => {
  // A spy on a shared module or on console, fake timers, a stubbed variable.
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllEnvs();
  // The device's databases (cached rows, outbox and keys): fake-indexeddb is loaded once per worker.
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return;
  const { default: Dexie } = await import('dexie');
  for (const { name } of await indexedDB.databases()) if (name) await Dexie.delete(name);
});
