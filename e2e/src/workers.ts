import { inject } from 'vitest';

/** The server of the worker running this file: vitest numbers its workers 1..maxWorkers (`VITEST_POOL_ID`). */
export function workerBaseUrl(): string {
  // None in the `waiting` project (vitest.config.ts): its files start a server of their own.
  const urls: string[] = (inject('baseUrls') as string[] | undefined) ?? [];
  const id = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = urls[(id - 1) % urls.length];
  if (url === undefined) throw new Error('No browser-test server was started for this project (global setup): start one in the file (startServer)');
  return url;
}
