import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app.ts';
import { observedDb } from '../db/open.ts';
import { wallets } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { walletDtos } from './wallet-dto.ts';
import { scopes } from '../tenant/wallet-scope.ts';

let s: TestServer;
let counted: FastifyInstance;
let statements: string[] = [];
let merchant: string;

beforeAll(async () => {
  s = await startTestServer();
  merchant = await s.token('100000001');
  // The same database seen through a hook: every statement a call runs is recorded.
  const db = observedDb(s.database, (sql) => statements.push(sql));
  counted = (await buildServer({ db, config: s.config, logger: false })).app;
  await counted.ready();
});
afterAll(async () => {
  await counted?.close();
  await s?.close();
});

async function statementsOf(url: string, token = merchant): Promise<{ status: number; body: unknown; statements: string[] }> {
  statements = [];
  const res = await counted.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json(), statements };
}

describe('merchant wallet reads', () => {
  it('answer a wallet page in one statement after the sign-in check, names, position and count included', async () => {
    const page = await statementsOf('/v1/merchant/wallets?page=0&size=20&inclPosition=true');
    expect(page.status).toBe(200);
    expect(page.statements).toHaveLength(2);
    const body = page.body as {
      content: Array<{ serviceProvider: { name: string }; merchantService: { name: string }; position: unknown }>;
      totalElements: number;
    };
    expect(body.content.length).toBeGreaterThan(0);
    expect(body.totalElements).toBe(body.content.length);
    expect(body.content.every((w) => w.serviceProvider.name !== '' && w.merchantService.name !== '' && w.position)).toBe(true);
  });

  it('answer a filtered or sorted page in one statement too', async () => {
    const page = await statementsOf('/v1/merchant/wallets?page=0&size=2&sort=alias,DESC&statuses=ACTIVE');
    expect(page.status).toBe(200);
    expect(page.statements).toHaveLength(2);
    const all = await statementsOf('/v1/merchant/wallets?page=0&size=100&statuses=ACTIVE');
    expect((page.body as { totalElements: number }).totalElements).toBe((all.body as { content: unknown[] }).content.length);
  });

  it('count the wallets on a page past the last one', async () => {
    const first = (await statementsOf('/v1/merchant/wallets?page=0&size=100')).body as { totalElements: number };
    const past = (await statementsOf('/v1/merchant/wallets?page=50&size=2')).body as { content: unknown[]; totalElements: number };
    expect(past.content).toEqual([]);
    expect(past.totalElements).toBe(first.totalElements);
  });

  it('answer one wallet and one position in one statement after the sign-in check', async () => {
    const [first] = ((await statementsOf('/v1/merchant/wallets?page=0&size=1')).body as { content: Array<{ id: string }> }).content;
    const detail = await statementsOf(`/v1/merchant/wallets/${first?.id}`);
    expect(detail.status).toBe(200);
    expect(detail.statements).toHaveLength(2);
    const position = await statementsOf(`/v1/merchant/wallets/position/${first?.id}`);
    expect(position.status).toBe(200);
    expect(position.statements).toHaveLength(2);
    expect(position.body).toEqual((detail.body as { position: unknown }).position);
  });

  it('give the same answers as reading each name on its own', async () => {
    const page = (await statementsOf('/v1/merchant/wallets?page=0&size=100&inclPosition=true')).body as {
      content: Array<{ id: string; merchantServiceId: string }>;
    };
    const merchantId = page.content[0]?.merchantServiceId ?? '';
    const rows = await s.services.db.select().from(wallets).where(scopes.merchant(merchantId));
    const separate = await walletDtos(s.services.db, rows, true);
    const byId = new Map(separate.map((w) => [w.id, w]));
    expect(page.content.length).toBe(rows.length);
    for (const answer of page.content) {
      expect(JSON.stringify(answer)).toBe(JSON.stringify(byId.get(answer.id)));
      const detail = await statementsOf(`/v1/merchant/wallets/${answer.id}`);
      expect(JSON.stringify(detail.body)).toBe(JSON.stringify(byId.get(answer.id)));
    }
  });

  it('keep another merchant’s wallet out: 404', async () => {
    const other = await s.token('100000004');
    const [foreign] = ((await s.get('/v1/merchant/wallets?page=0&size=1', other)).json() as { content: Array<{ id: string }> }).content;
    expect((await statementsOf(`/v1/merchant/wallets/${foreign?.id}`)).status).toBe(404);
    expect((await statementsOf(`/v1/merchant/wallets/position/${foreign?.id}`)).status).toBe(404);
  });
});

describe('TSP wallet positions', () => {
  it('answer a position in one statement after the sign-in check and the wallet read in scope, as the wallet answer values it', async () => {
    const tsp = await s.token('200000001');
    const page = (await statementsOf('/v1/service-provider/wallets?page=0&size=5', tsp)).body as { content: Array<{ id: string; serviceProviderId: string }> };
    const own = page.content[0];
    expect(own).toBeDefined();
    const rows = await s.services.db
      .select()
      .from(wallets)
      .where(scopes.spOwn(own?.serviceProviderId ?? ''));
    const expected = new Map((await walletDtos(s.services.db, rows, true)).map((w) => [w.id, w.position]));
    for (const { id } of page.content) {
      const position = await statementsOf(`/v1/service-provider/wallets/position/${id}`, tsp);
      expect(position.status).toBe(200);
      expect(position.statements).toHaveLength(3);
      expect(JSON.stringify(position.body)).toBe(JSON.stringify(expected.get(id)));
    }
    // A wallet of another TSP's merchant is out of scope: 404, and no position read for it.
    const [foreign] = ((await s.get('/v1/merchant/wallets?page=0&size=1', await s.token('100000004'))).json() as { content: Array<{ id: string }> }).content;
    const refused = await statementsOf(`/v1/service-provider/wallets/position/${foreign?.id}`, tsp);
    expect(refused.status).toBe(404);
    expect(refused.statements).toHaveLength(2);
  });
});

describe('signed-in reads', () => {
  it('answer /users/me from the sign-in check: one statement', async () => {
    const me = await statementsOf('/users/me');
    expect(me.status).toBe(200);
    expect(me.statements).toHaveLength(1);
    expect(me.body).toMatchObject({ digit9Id: '100000001', role: 'MERCHANT_SERVICE', status: 'ACTIVE' });
  });
});
