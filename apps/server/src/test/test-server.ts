import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildServer } from '../app.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openMemoryPglite, openPostgres } from '../db/open.ts';
import type { AppServices } from '../http/services.ts';
import { withDatabase } from './postgres-url.ts';
import { cloneTemplate } from './template-clone.ts';
import { ledgerDiscrepancies } from '../ledger/ledger-service.ts';

export const PORTAL_BASIC = `Basic ${Buffer.from('corridor-portal:corridor-portal-demo-secret').toString('base64')}`;
export const DEMO_PASSWORD = 'Corridor2026';
/** Passed explicitly: the server has no default signing secret. */
export const TEST_JWT_SECRET = 'corridor-test-jwt-secret-0123456789abcdef';

export interface TestServer {
  app: FastifyInstance;
  services: AppServices;
  database: Database;
  config: ServerConfig;
  /** Moves the server's clock forward (lockouts, link expiry). */
  advance: (ms: number) => void;
  /** A cached token of a user that signs in successfully. */
  token: (digit9Id: string, password?: string) => Promise<string>;
  /** One real sign-in attempt (never cached). */
  signIn: (digit9Id: string, password?: string) => Promise<LightMyRequestResponse>;
  get: (url: string, token?: string) => Promise<LightMyRequestResponse>;
  servedCount: () => number;
  close: () => Promise<void>;
}

/** A fresh database for one test file: a clone of the template, on PGlite or on PostgreSQL. */
async function freshDatabase(poolerUrl?: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const postgresUrl = inject('postgresUrl');
  if (postgresUrl !== '') {
    const clone = await cloneTemplate();
    return {
      // Through PgBouncer when asked: the database made here, reached through the pooler.
      database: poolerUrl ? openPostgres(withDatabase(poolerUrl, clone.name), { pooler: 'transaction' }) : openPostgres(clone.url),
      // The pooler keeps its server connections open after the test's pool has closed.
      drop: () => clone.drop({ force: poolerUrl !== undefined }),
    };
  }
  const template = await readFile(inject('pgliteTemplate'));
  const database = await openMemoryPglite(new Blob([new Uint8Array(template)]));
  return { database, drop: async () => undefined };
}

/**
 * The template's rates are as old as the template: on a busy machine a test file may start minutes after
 * it was made, past the quotes' staleness limit. Every rate is moved forward by the same span, so the
 * newest is as of this server's start (as after a feed tick) and their order and spacing stay.
 */
async function ratesAsOfNow(db: Database['db']): Promise<void> {
  await db.execute(sql`
    with span as (select now() - max(as_of) as by from rate_history)
    update rate_history set as_of = as_of + (select by from span) where (select by from span) > interval '0'`);
  await db.execute(sql`
    update currency_deal_configs d set updated_at = now()
    where not exists (select 1 from rate_history h where h.currency_deal_config_id = d.id)`);
}

/** What `ledgerDiscrepancies` finds, as one line, or null when the ledger is consistent. */
async function ledgerProblems(db: Database['db']): Promise<string | null> {
  const found = await ledgerDiscrepancies(db);
  const problems = Object.entries(found).filter(([, list]) => list.length > 0);
  return problems.length === 0 ? null : JSON.stringify(Object.fromEntries(problems)).slice(0, 2_000);
}

export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
  options: { ledgerCheck?: boolean; /** A PgBouncer URL (transaction pooling) to reach the database through. */ pooler?: string } = {},
): Promise<TestServer> {
  const { database, drop } = await freshDatabase(options.pooler);
  let offset = 0;
  const config: ServerConfig = {
    ...loadConfig({ JWT_SECRET: TEST_JWT_SECRET }),
    pwaDist: '/nonexistent-corridor-pwa',
    filesDir: inject('filesDir'),
    // Tests sign in far more often than people; the rate-limit test lowers these again.
    rateLimits: { perAddressPerMinute: 100_000, perIdPerMinute: 100_000 },
    checkAnswers: true,
    ...overrides,
    now: () => new Date(Date.now() + offset),
  };
  await ratesAsOfNow(database.db);
  const { app, services, servedCallIds } = await buildServer({ db: database.db, config, logger: false });
  await app.ready();
  const tokens = new Map<string, string>();
  const signIn = (digit9Id: string, password = DEMO_PASSWORD) =>
    app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: PORTAL_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: digit9Id, password }).toString(),
    });
  return {
    signIn,
    app,
    services,
    database,
    config,
    advance: (ms) => {
      offset += ms;
    },
    async token(digit9Id, password = DEMO_PASSWORD) {
      const key = `${digit9Id}:${password}`;
      const cached = tokens.get(key);
      if (cached) return cached;
      const res = await signIn(digit9Id, password);
      if (res.statusCode !== 200) throw new Error(`sign-in of ${digit9Id} failed: ${res.statusCode} ${res.body}`);
      const token = (res.json() as { access_token: string }).access_token;
      tokens.set(key, token);
      return token;
    },
    servedCount: () => servedCallIds().length,
    get: (url, token) => app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} }),
    async close() {
      // Every test file ends with the ledger invariants of its database: vouchers balance, stored
      // positions and running balances equal the postings. A file that breaks them on purpose says so.
      const broken = options.ledgerCheck === false ? null : await ledgerProblems(database.db);
      await app.close();
      await database.close();
      await drop();
      if (broken) throw new Error(`The ledger invariants broke in this test file's database: ${broken}`);
    },
  };
}

/** A multipart/form-data payload, encoded the way a browser encodes FormData. */
export async function multipart(form: FormData): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
