import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './server.ts';
import { E2E_WORKERS } from './worker-count.ts';

let servers: RunningServer[] = [];

/**
 * One real server (fresh embedded database, the built portal) for each worker of the run (one unless
 * `E2E_WORKERS` asks for more): when files run at once, each runs against its own worker's server, so no
 * file sees another running file's payments, sessions or rate limits.
 */
export async function setup(project: TestProject): Promise<void> {
  servers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startServer()));
  project.provide(
    'baseUrls',
    servers.map((s) => s.baseUrl),
  );
}

export async function teardown(): Promise<void> {
  await Promise.all(servers.map((s) => s.stop()));
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: string[];
  }
}
