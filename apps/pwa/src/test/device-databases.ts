import { afterAll } from 'vitest';

// The device's databases (a file's cached rows, outbox and keys) go with the file that made them: files share
// their worker's IndexedDB (fake-indexeddb, loaded once per worker) when they share its modules (vitest.config.ts).
afterAll(async () => {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return;
  const { default: Dexie } = await import('dexie');
  for (const { name } of await indexedDB.databases()) if (name) await Dexie.delete(name);
});
