import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { pageOf, revaluationConfig, revaluationRate } from '@corridor/api';
import { organisations } from '../db/schema.ts';
import { currencyConfigs } from '../pricing-config/pricing-config-schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { callAs, expectField } from '../test/calls.ts';

let s: TestServer;
let atlas: string;
let meridian: string;
let admin: string;
let atlasId: string;
let atlasUsdAed: string;
let meridianPair: string;

const configs = pageOf(revaluationConfig);
const rates = pageOf(revaluationRate);

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object, headers: Record<string, string> = {}) {
  return callAs(s, method, url, token, payload, headers);
}

beforeAll(async () => {
  s = await startTestServer();
  [atlas, meridian, admin] = await Promise.all([s.token('200000001'), s.token('200000002'), s.token('900000001')]);
  const db = s.services.db;
  const orgs = new Map((await db.select({ id: organisations.id, code: organisations.code }).from(organisations)).map((o) => [o.code, o.id]));
  atlasId = orgs.get('ATLAS') ?? '';
  const pair = async (tsp: string) =>
    (
      await db
        .select({ id: currencyConfigs.id, s: currencyConfigs.sourceCurrency, t: currencyConfigs.targetCurrency })
        .from(currencyConfigs)
        .where(eq(currencyConfigs.serviceProviderId, tsp))
    )[0];
  const [usdAed] = await db
    .select({ id: currencyConfigs.id })
    .from(currencyConfigs)
    .where(and(eq(currencyConfigs.serviceProviderId, atlasId), eq(currencyConfigs.sourceCurrency, 'USD'), eq(currencyConfigs.targetCurrency, 'AED')));
  atlasUsdAed = usdAed?.id ?? '';
  meridianPair = (await pair(orgs.get('MERIDIAN') ?? ''))?.id ?? '';
});
afterAll(async () => s?.close());

const base = '/v1/currencies/revaluation/config';
const configBody = (over: object = {}) => ({ currencyConfigId: atlasUsdAed, sourceCurrency: 'USD', targetCurrency: 'AED', ...over });

describe('revaluation configs and rates', () => {
  let configId = '';

  it("creates a TSP's revaluation config, checked against its own currency config", async () => {
    expectField(await call('POST', base, atlas, configBody({ currencyConfigId: meridianPair })), 404, 'currencyConfigId');
    expectField(await call('POST', base, atlas, configBody({ sourceCurrency: 'EUR' })), 400, 'sourceCurrency');
    expectField(await call('POST', base, atlas, configBody({ autoRevaluation: true })), 400, 'autoRevaluationRateType');
    expectField(await call('POST', base, atlas, configBody({ autoRevaluationRateType: 'GUESS' })), 400, 'autoRevaluationRateType');
    const created = await call('POST', base, atlas, configBody());
    expect(created.statusCode, created.body).toBe(201);
    configId = revaluationConfig.parse(created.json()).id;
    const again = await call('POST', base, atlas, configBody());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DUPLICATE_CONFIG', invalidParameters: [{ parameter: 'targetCurrency' }] });
    const updated = await call('PUT', `${base}/${configId}`, atlas, configBody({ autoRevaluation: true, autoRevaluationRateType: 'ibr' }));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ autoRevaluation: true, autoRevaluationRateType: 'IBR' });
    expectField(await call('PUT', `${base}/${configId}`, meridian, configBody({ currencyConfigId: meridianPair })), 404, 'id');
  });

  it('sets one rate per config and date: a retried or corrected POST replaces it', async () => {
    const body = { revaluationConfigId: configId, revaluationDate: '2026-11-20', rate: '3.6725' };
    const first = await call('POST', `${base}/rates`, atlas, body, { 'idempotency-key': 'reval-rate-1' });
    expect(first.statusCode, first.body).toBe(201);
    const replay = await call('POST', `${base}/rates`, atlas, body, { 'idempotency-key': 'reval-rate-1' });
    expect(replay.json()).toMatchObject({ id: revaluationRate.parse(first.json()).id });
    const corrected = await call('POST', `${base}/rates`, atlas, { ...body, rate: '3.67300000' });
    expect(corrected.statusCode, corrected.body).toBe(201);
    const page = rates.parse((await call('GET', `${base}/rates?revaluationDate=2026-11-20&revaluationConfigId=${configId}`, atlas)).json());
    expect(page.content).toHaveLength(1);
    expect(page.content[0]).toMatchObject({
      revaluationConfigId: configId,
      currencyConfigId: atlasUsdAed,
      sourceCurrency: 'USD',
      targetCurrency: 'AED',
      rate: '3.673',
    });
  });

  it('refuses bad rates naming the field, and another TSP’s config with 404', async () => {
    const body = { revaluationConfigId: configId, revaluationDate: '2026-11-21' };
    for (const rate of ['0', '-1.5', '1.123456789']) expectField(await call('POST', `${base}/rates`, atlas, { ...body, rate }), 400, 'rate');
    expectField(await call('POST', `${base}/rates`, atlas, { ...body, rate: 'abc' }), 400, 'rate');
    expectField(await call('POST', `${base}/rates`, atlas, { ...body, revaluationDate: '2026-02-30', rate: '1' }), 400, 'revaluationDate');
    expectField(await call('POST', `${base}/rates`, meridian, { ...body, rate: '3.6' }), 404, 'revaluationConfigId');
  });

  it('lists each TSP its own; operations read any TSP through the internal calls', async () => {
    expect(configs.parse((await call('GET', base, atlas)).json()).content.map((c) => c.id)).toContain(configId);
    expect(configs.parse((await call('GET', base, meridian)).json()).content.map((c) => c.id)).not.toContain(configId);
    expect(rates.parse((await call('GET', `${base}/rates`, meridian)).json()).content).toHaveLength(0);
    const internal = await call('GET', `/v1/internal/currencies/revaluation/config/rates?serviceProviderId=${atlasId}&sourceCurrency=USD`, admin);
    expect(internal.statusCode, internal.body).toBe(200);
    expect(rates.parse(internal.json()).content.map((r) => r.revaluationConfigId)).toEqual([configId]);
    const internalConfigs = await call('GET', `/v1/internal/currencies/revaluation/config?serviceProviderId=${atlasId}&autoRevaluation=true`, admin);
    expect(configs.parse(internalConfigs.json()).content.map((c) => c.id)).toEqual([configId]);
    expectField(await call('GET', '/v1/internal/currencies/revaluation/config/rates?serviceProviderId=nobody', admin), 404, 'serviceProviderId');
  });
});
