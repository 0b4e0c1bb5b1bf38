import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { organisations, wallets } from '../db/schema.ts';
import { currencyConfigs } from '../pricing-config/pricing-config-schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

/**
 * Bad input over the pricing calls quotes and revaluation serve: every case answers 400, 404 or 422
 * with the spec's body naming the field, never a 500.
 */
let s: TestServer;
const tokens: Record<'globex' | 'atlas' | 'admin', string> = { globex: '', atlas: '', admin: '' };
let usdWallet = '';
let atlasId = '';
let quoteId = '';
let revaluationConfigId = '';

type Case = { name: string; as: keyof typeof tokens; method: 'POST' | 'PUT'; url: () => string; body: () => object; field: string; status?: number };

const quote = (over: object = {}) => ({
  transactionCategory: 'PAYOUT',
  dealType: 'CASH',
  sourceWalletId: usdWallet,
  sendAmount: { amount: '100', currency: 'USD' },
  targetCurrency: 'AED',
  ...over,
});
const ibr = (over: object = {}) => ({
  sourceCurrency: 'USD',
  targetCurrency: 'AED',
  dealType: 'CASH',
  rateProviderId: 'INTERNAL',
  bid: '3.67',
  ask: '3.675',
  ...over,
});

const cases: Case[] = [
  {
    name: 'unknown currency',
    as: 'globex',
    method: 'POST',
    url: () => '/merchant/v1/quote',
    body: () => quote({ targetCurrency: 'QQQ' }),
    field: 'targetCurrency',
  },
  {
    name: 'unconfigured pair',
    as: 'globex',
    method: 'POST',
    url: () => '/merchant/v1/quote',
    body: () => quote({ targetCurrency: 'JPY' }),
    field: 'targetCurrency',
  },
  { name: 'deal type not quoted', as: 'globex', method: 'POST', url: () => '/merchant/v1/quote', body: () => quote({ dealType: 'FWD' }), field: 'valueDate' },
  {
    name: 'three decimals of USD',
    as: 'globex',
    method: 'POST',
    url: () => '/merchant/v1/quote',
    body: () => quote({ sendAmount: { amount: '1.001', currency: 'USD' } }),
    field: 'sendAmount.amount',
  },
  {
    name: 'zero amount',
    as: 'globex',
    method: 'POST',
    url: () => '/merchant/v1/quote',
    body: () => quote({ sendAmount: { amount: '0', currency: 'USD' } }),
    field: 'sendAmount.amount',
  },
  {
    name: 'negative receive amount',
    as: 'globex',
    method: 'POST',
    url: () => '/merchant/v1/quote',
    body: () => quote({ sendAmount: undefined, receiveAmount: { amount: '-1', currency: 'AED' } }),
    field: 'receiveAmount.amount',
  },
  {
    name: 'amount too large',
    as: 'globex',
    method: 'POST',
    url: () => '/merchant/v1/quote',
    body: () => quote({ sendAmount: { amount: '12345678901234567', currency: 'USD' } }),
    field: 'sendAmount.amount',
  },
  {
    name: 'TSP: unconfigured pair',
    as: 'atlas',
    method: 'POST',
    url: () => '/tsp/v1/quote',
    body: () => quote({ targetCurrency: 'JPY' }),
    field: 'targetCurrency',
  },
  {
    name: 'internal: zero amount',
    as: 'admin',
    method: 'POST',
    url: () => `/v1/internal/tsp/quote?serviceProviderId=${atlasId}`,
    body: () => quote({ sendAmount: { amount: '0.00', currency: 'USD' } }),
    field: 'sendAmount.amount',
  },
  { name: 'negative fee value', as: 'atlas', method: 'POST', url: () => '/tsp/v1/quote', body: () => ({ quoteId, fees: { OUR: '-1' } }), field: 'fees.OUR' },
  {
    name: 'fee value with 3 decimals of USD',
    as: 'atlas',
    method: 'POST',
    url: () => '/tsp/v1/quote',
    body: () => ({ quoteId, fees: { OUR: '1.001' } }),
    field: 'fees.OUR',
  },
  { name: 'IBR bid above ask', as: 'atlas', method: 'PUT', url: () => '/tsp/v1/exchange-rates/ibr', body: () => ibr({ bid: '3.7' }), field: 'ask' },
  { name: 'IBR of zero', as: 'atlas', method: 'PUT', url: () => '/tsp/v1/exchange-rates/ibr', body: () => ibr({ bid: '0', ask: '0' }), field: 'bid' },
  {
    name: 'IBR of an unconfigured pair',
    as: 'atlas',
    method: 'PUT',
    url: () => '/tsp/v1/exchange-rates/ibr',
    body: () => ibr({ targetCurrency: 'JPY' }),
    // The deal is looked up by pair, type and provider: none of the TSP's answers 404 naming the provider.
    field: 'rateProviderId',
    status: 404,
  },
  {
    name: 'revaluation rate of zero',
    as: 'atlas',
    method: 'POST',
    url: () => '/v1/currencies/revaluation/config/rates',
    body: () => ({ revaluationConfigId, revaluationDate: '2026-11-20', rate: '0' }),
    field: 'rate',
  },
  {
    name: 'revaluation rate with 9 decimals',
    as: 'atlas',
    method: 'POST',
    url: () => '/v1/currencies/revaluation/config/rates',
    body: () => ({ revaluationConfigId, revaluationDate: '2026-11-20', rate: '1.000000001' }),
    field: 'rate',
  },
  {
    name: 'revaluation rate of an unknown config',
    as: 'atlas',
    method: 'POST',
    url: () => '/v1/currencies/revaluation/config/rates',
    body: () => ({ revaluationConfigId: 'nope', revaluationDate: '2026-11-20', rate: '1' }),
    field: 'revaluationConfigId',
    status: 404,
  },
  {
    name: 'revaluation config of another pair',
    as: 'atlas',
    method: 'POST',
    url: () => '/v1/currencies/revaluation/config',
    body: () => ({ currencyConfigId: 'nope', sourceCurrency: 'USD', targetCurrency: 'AED' }),
    field: 'currencyConfigId',
    status: 404,
  },
];

beforeAll(async () => {
  s = await startTestServer();
  [tokens.globex, tokens.atlas, tokens.admin] = await Promise.all([s.token('100000001'), s.token('200000001'), s.token('900000001')]);
  const db = s.services.db;
  const orgs = new Map((await db.select({ id: organisations.id, code: organisations.code }).from(organisations)).map((o) => [o.code, o.id]));
  atlasId = orgs.get('ATLAS') ?? '';
  const [w] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.merchantServiceId, orgs.get('GLOBEX') ?? ''), eq(wallets.currencyCode, 'USD')));
  usdWallet = w?.id ?? '';
  const inject = (as: keyof typeof tokens, method: 'POST' | 'PUT', url: string, payload: object) =>
    s.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[as]}` }, payload });
  expect((await inject('atlas', 'PUT', '/tsp/v1/exchange-rates/ibr', ibr())).statusCode).toBe(200);
  const q = await inject('globex', 'POST', '/merchant/v1/quote', quote());
  expect(q.statusCode, q.body).toBe(201);
  quoteId = (q.json() as { id: string }).id;
  const [pair] = await db
    .select({ id: currencyConfigs.id })
    .from(currencyConfigs)
    .where(and(eq(currencyConfigs.serviceProviderId, atlasId), eq(currencyConfigs.sourceCurrency, 'USD'), eq(currencyConfigs.targetCurrency, 'AED')));
  const config = await inject('atlas', 'POST', '/v1/currencies/revaluation/config', {
    currencyConfigId: pair?.id,
    sourceCurrency: 'USD',
    targetCurrency: 'AED',
  });
  expect(config.statusCode, config.body).toBe(201);
  revaluationConfigId = (config.json() as { id: string }).id;
});
afterAll(async () => s?.close());

describe('bad input on the pricing calls', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const res = await s.app.inject({ method: c.method, url: c.url(), headers: { authorization: `Bearer ${tokens[c.as]}` }, payload: c.body() });
    if (c.status) expect(res.statusCode, res.body).toBe(c.status);
    else expect([400, 422], res.body).toContain(res.statusCode);
    const body = res.json() as { code: string; message: string; traceId: string; invalidParameters: Array<{ parameter: string; message: string }> };
    expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String), traceId: expect.any(String) });
    expect(body.invalidParameters.map((p) => p.parameter)).toContain(c.field);
  });
});
