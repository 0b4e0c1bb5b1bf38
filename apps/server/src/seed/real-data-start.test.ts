import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../test/postgres-url.ts';
import { ChildServer, freePort } from '../test/child-server.ts';
import { DEMO_PASSWORD } from '../test/test-server.ts';
import { CURRENCIES } from './reference-data.ts';

// PostgreSQL only (vitest.config.ts): `src/main.ts` started as a deployment starts it, with DATABASE_URL and
// without CORRIDOR_DEMO, on an empty database.

const ADMIN_PASSWORD = 'Operations2026';
let admin: pg.Client;
let databaseName: string;
let databaseUrl: string;
let dataDir: string;
let server: ChildServer;

beforeAll(async () => {
  const postgresUrl = inject('postgresUrl');
  databaseName = `realstart_${uuidv7().replace(/-/g, '')}`;
  admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  databaseUrl = withDatabase(postgresUrl, databaseName);
  dataDir = await mkdtemp(join(tmpdir(), 'corridor-real-start-'));
  server = new ChildServer(await freePort(), { databaseUrl, dataDir, extra: { CORRIDOR_DEMO: '' } });
});

afterEach(async () => {
  await server?.kill();
});

afterAll(async () => {
  await admin?.query(`DROP DATABASE IF EXISTS ${databaseName}`);
  await admin?.end();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function rows<T>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('a start on PostgreSQL outside the demo', () => {
  it('seeds no demo organisation or user (their password is public), only the reference data', async () => {
    await server.start();
    expect(await rows('select digit9_id from users')).toEqual([]);
    expect(await rows('select code from organisations')).toEqual([]);
    const [currencies] = await rows<{ n: number }>('select count(*)::int as n from currencies');
    expect(currencies?.n).toBe(CURRENCIES.length);
    // A demo sign-in is refused like any unknown user.
    expect((await server.grant('100000001', DEMO_PASSWORD)).status).toBe(401);
    expect((await server.grant('900000001', DEMO_PASSWORD)).status).toBe(401);
  });

  it('makes the first operations admin from CORRIDOR_ADMIN_PASSWORD, once, and never with a default password', async () => {
    await server.start({ CORRIDOR_ADMIN_PASSWORD: ADMIN_PASSWORD });
    expect(await rows('select digit9_id, role, org_id from users')).toEqual([{ digit9_id: '900000001', role: 'ADMIN', org_id: null }]);
    const signedIn = await server.grant('900000001', ADMIN_PASSWORD);
    expect(signedIn.status).toBe(200);
    const token = ((await signedIn.json()) as { access_token: string }).access_token;
    expect((await server.call('GET', '/users/me', token)).body).toMatchObject({ digit9Id: '900000001', role: 'ADMIN' });
    await server.kill();
    // Started again with another password: the admin exists, nothing changes.
    await server.start({ CORRIDOR_ADMIN_PASSWORD: 'Another2026' });
    expect((await server.grant('900000001', 'Another2026')).status).toBe(401);
    expect((await server.grant('900000001', ADMIN_PASSWORD)).status).toBe(200);
    expect(await rows('select digit9_id from users')).toEqual([{ digit9_id: '900000001' }]);
  });
});
