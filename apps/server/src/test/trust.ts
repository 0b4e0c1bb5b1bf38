import { afterAll, beforeAll, expect } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { errorBody } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { wallets } from '../db/schema.ts';
import { merchantWalletsByCurrency, orgIdsByCode, seededUsers } from './pricing-fixtures.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * The trust tests of an area: for every call it serves, a request naming another organisation's id and a
 * malformed request, each with the refusal it must get (status, and the field the error body names).
 */
export interface Refusal {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  token: string;
  /** A JSON body; a string is sent as it is, as application/json (a body that is not an object). */
  payload?: unknown;
  status: 404 | 400;
  field: string;
}

/** One row of an area's trust table: the call's id and what to send, built once the seeded ids are known. */
export type TrustRow = [call: string, make: () => Refusal];

/** Sends the request and checks the refusal: its status, the spec's error body, and the field it names. @internal used by its tests */
export async function expectRefusal(s: TestServer, r: Refusal): Promise<void> {
  const raw = typeof r.payload === 'string';
  const res = await s.app.inject({
    method: r.method,
    url: r.url,
    headers: { authorization: `Bearer ${r.token}`, ...(raw ? { 'content-type': 'application/json' } : {}) },
    ...(r.payload === undefined ? {} : { payload: r.payload as string | object }),
  });
  expect(res.statusCode, res.body).toBe(r.status);
  const body = errorBody.parse(res.json());
  expect(
    body.invalidParameters.map((p) => p.parameter),
    res.body,
  ).toContain(r.field);
}

/** The seeded ids the trust tests name: each TSP's own wallet and a merchant wallet of each side, by currency. */
export interface TrustWorld {
  orgs: Map<string, string>;
  /** Atlas's and Meridian's own USD wallets. */
  atlasUsd: string;
  meridianUsd: string;
  /** Globex's USD wallet at Atlas, Stark's USD wallet at Meridian. */
  globexUsd: string;
  starkUsd: string;
}

/** Reads the seeded ids of `TrustWorld`. @internal used by its tests */
export async function trustWorld(db: Db): Promise<TrustWorld> {
  const orgs = await orgIdsByCode(db);
  const id = (code: string) => orgs.get(code) ?? '';
  const own = async (tsp: string) => {
    const [row] = await db
      .select({ id: wallets.id })
      .from(wallets)
      .where(and(eq(wallets.serviceProviderId, id(tsp)), isNull(wallets.merchantServiceId), eq(wallets.currencyCode, 'USD')))
      .orderBy(asc(wallets.id))
      .limit(1);
    return row?.id ?? '';
  };
  const merchant = async (code: string, tsp: string) => (await merchantWalletsByCurrency(db, id(code), id(tsp))).get('USD') ?? '';
  const world = {
    orgs,
    atlasUsd: await own('ATLAS'),
    meridianUsd: await own('MERIDIAN'),
    globexUsd: await merchant('GLOBEX', 'ATLAS'),
    starkUsd: await merchant('STARK', 'MERIDIAN'),
  };
  expect(Object.values(world).filter((v) => v === '')).toEqual([]);
  return world;
}

/** A refusal from its parts (the payload last, as it is often left out). @internal used by its tests */
export function refusal(method: Refusal['method'], url: string, token: string, status: Refusal['status'], field: string, payload?: unknown): Refusal {
  return { method, url, token, status, field, ...(payload === undefined ? {} : { payload }) };
}

/** What an area's trust test works with, filled in before its tests run. */
export interface TrustContext {
  s: TestServer;
  atlas: string;
  ops: string;
  world: TrustWorld;
}

/** Starts the test server (seeded users and operations signed in, the trust ids read) before the file's tests and closes it after them (one per test file). */
export function useTrustServer(): TrustContext {
  const ctx = {} as TrustContext;
  beforeAll(async () => {
    const s = await startTestServer();
    const [users, ops] = await Promise.all([seededUsers(s), s.token('900000001')]);
    Object.assign(ctx, { s, atlas: users.atlas, ops, world: await trustWorld(s.services.db) });
  }, 120_000);
  afterAll(async () => {
    await ctx.s?.close();
  });
  return ctx;
}
