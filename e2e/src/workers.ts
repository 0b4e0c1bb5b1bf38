import { inject } from 'vitest';

/** The server of the worker running this file: vitest numbers its workers 1..maxWorkers (`VITEST_POOL_ID`). */
export function workerBaseUrl(): string {
  const urls = inject('baseUrls');
  const id = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = urls[(id - 1) % urls.length];
  if (url === undefined) throw new Error('No browser-test server was started (global setup)');
  return url;
}
