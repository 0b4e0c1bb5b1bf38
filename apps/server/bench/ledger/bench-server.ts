/**
 * A fresh PostgreSQL database with the demo data and the real server listening on a port, for the
 * HTTP load benches of the ledger (autocannon needs a socket). Dropped again by `close`.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { PORTAL_CLIENT_ID, PORTAL_CLIENT_SECRET_DEMO } from '@corridor/domain';
import { buildServer } from '../../src/app.ts';
import { loadConfig, MIGRATIONS_DIR } from '../../src/config.ts';
import { migrate } from '../../src/db/migrate.ts';
import { openPostgres } from '../../src/db/open.ts';
import { FileStorage } from '../../src/files/file-storage.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-organisations.ts';
import { seedDemoData } from '../../src/seed/seed.ts';

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function startBenchServer(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = withDatabase(adminUrl, name);
  const database = openPostgres(url);
  await migrate(database.db, MIGRATIONS_DIR);
  const config = {
    ...loadConfig({ JWT_SECRET: 'corridor-bench-jwt-secret-0123456789abcdef' }),
    filesDir: await mkdtemp(join(tmpdir(), 'corridor-bench-files-')),
    rateLimits: { perAddressPerMinute: 100_000_000, perIdPerMinute: 100_000_000 },
  };
  await seedDemoData(database.db, new FileStorage(config.filesDir));
  const { app } = await buildServer({ db: database.db, config, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const basic = `Basic ${Buffer.from(`${PORTAL_CLIENT_ID}:${PORTAL_CLIENT_SECRET_DEMO}`).toString('base64')}`;
  const token = async (username: string): Promise<string> => {
    const res = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username, password: DEMO_PASSWORD }).toString(),
    });
    return ((await res.json()) as { access_token: string }).access_token;
  };
  return {
    url,
    base,
    db: database.db,
    token,
    async close() {
      await app.close();
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    },
  };
}

export interface LoadFigures {
  case: string;
  clients: number;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  errors: number;
}

/** autocannon for `seconds` with `clients` connections; non-2xx answers count as errors. */
export async function load(
  name: string,
  options: { url: string; clients: number; seconds?: number; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
): Promise<LoadFigures> {
  const result = await autocannon({
    url: options.url,
    connections: options.clients,
    duration: options.seconds ?? 8,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body ? { body: options.body } : {}),
  });
  return {
    case: name,
    clients: options.clients,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
