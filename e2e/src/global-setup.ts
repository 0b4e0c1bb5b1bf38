import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './server.ts';
import { E2E_WORKERS } from './worker-count.ts';

let servers: RunningServer[] = [];

/**
 * One real server (fresh embedded database, the built portal) for each worker of the run: two files run
 * at once, each against a server of its own worker, so no file sees another running file's payments,
 * sessions or rate limits (a worker's files still run one after another on its server, as they did on
 * the single server before).
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
