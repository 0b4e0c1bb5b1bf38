import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody, pageOf, wallet } from '@corridor/api';
import type { LightMyRequestResponse } from 'fastify';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { dayFromNow } from '../test/days.ts';

let s: TestServer;
let merchant: string;
let tsp: string;
let admin: string;
let walletId: string; // a GBP payment wallet of the demo merchant
let spWalletId: string; // the TSP's GBP wallet behind it
let tspId: string;

beforeAll(async () => {
  s = await startTestServer();
  [merchant, tsp, admin] = await Promise.all([s.token('100000001'), s.token('200000001'), s.token('900000001')]);
  const page = pageOf(wallet).parse((await s.get('/v1/merchant/wallets?types=PAYMENT&currencyCodes=GBP', merchant)).json());
  const gbp = page.content[0];
  if (!gbp?.spWalletId || !gbp.serviceProviderId) throw new Error('demo data: no GBP payment wallet under a TSP wallet');
  walletId = gbp.id;
  spWalletId = gbp.spWalletId;
  tspId = gbp.serviceProviderId;
});
afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

function send(method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) {
  return s.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
}

/** A 4xx with the spec's error body naming `parameter`. */
function expectRefused(res: LightMyRequestResponse, status: number, parameter: string): void {
  expect(res.statusCode, res.body).toBe(status);
  const body = errorBody.parse(res.json());
  expect(
    body.invalidParameters.map((p) => p.parameter),
    res.body,
  ).toContain(parameter);
}

const creditRequest = () => ({
  walletId,
  amount: '1000.00',
  currency: 'GBP',
  validFrom: dayFromNow(0),
  validTo: dayFromNow(30),
  remarks: 'Stock for the season',
});
const limitBody = () => ({ walletId, currency: 'GBP', limit: '500', validFrom: dayFromNow(0), validTo: dayFromNow(30) });
const misc = (amount: string) => ({ spWalletId, fundingPartyId: 'FP-ATLAS-01', purpose: 'FEES', currency: 'GBP', amount, direction: 'IN' });

describe('strings no field may hold', () => {
  it('refuses NUL in a body field, a query field and a path parameter, naming each', async () => {
    expectRefused(await send('POST', '/v1/merchant/wallets/credit-request', merchant, { ...creditRequest(), remarks: 'a\u0000b' }), 400, 'remarks');
    expectRefused(await send('POST', '/v1/merchant/wallets/credit-request', merchant, { ...creditRequest(), walletId: '\u0000' }), 400, 'walletId');
    expectRefused(await send('POST', '/v1/internal/service-provider/records/refresh/wallet-position?tspId=%00', admin, {}), 400, 'tspId');
    expectRefused(await send('PUT', '/v1/service-provider/wallets/credit-limit/%00', tsp, { limit: '1' }), 400, 'id');
    expectRefused(await send('DELETE', '/m/api/v1/user/ab%00cd', merchant), 400, 'id');
    // A key of a body object is a string too.
    expectRefused(
      await send('POST', '/v1/merchant/wallets/credit-request', merchant, '{"a\\u0000":1}', { 'content-type': 'application/json' }),
      400,
      'a\\u0000',
    );
  });

  it('refuses other control characters but keeps the lines of free text', async () => {
    expectRefused(await send('POST', '/v1/merchant/wallets/credit-request', merchant, { ...creditRequest(), remarks: 'bell\u0007' }), 400, 'remarks');
    expectRefused(await send('POST', '/v1/merchant/wallets/credit-request', merchant, { ...creditRequest(), remarks: 'esc\u001b[0m' }), 400, 'remarks');
    const multiline = await send('POST', '/v1/merchant/wallets/credit-request', merchant, { ...creditRequest(), remarks: 'line one\r\nline two\ttabbed' });
    expect(multiline.statusCode, multiline.body).toBe(201);
  });

  it('refuses a lone surrogate, keeps a character written as a surrogate pair', async () => {
    const withRemarks = (remarks: string) =>
      `{"walletId":"${walletId}","amount":"1","currency":"GBP","validFrom":"${dayFromNow(0)}","validTo":"${dayFromNow(30)}","remarks":"${remarks}"}`;
    const json = { 'content-type': 'application/json' };
    expectRefused(await send('POST', '/v1/merchant/wallets/credit-request', merchant, withRemarks('a\\ud800b'), json), 400, 'remarks');
    expectRefused(await send('POST', '/v1/merchant/wallets/credit-request', merchant, withRemarks('\\udc00'), json), 400, 'remarks');
    const emoji = await send('POST', '/v1/merchant/wallets/credit-request', merchant, withRemarks('Thanks \\ud83d\\ude00'), json);
    expect(emoji.statusCode, emoji.body).toBe(201);
  });

  it('caps strings the contract leaves open at 2,000 characters, and lists and nesting too', async () => {
    expectRefused(await send('POST', '/v1/merchant/wallets/credit-request', merchant, { ...creditRequest(), remarks: 'r'.repeat(2_001) }), 400, 'remarks');
    const atCap = await send('POST', '/v1/merchant/wallets/credit-request', merchant, { ...creditRequest(), remarks: 'r'.repeat(2_000) });
    expect(atCap.statusCode, atCap.body).toBe(201);
    let deep: unknown = 'x';
    for (let i = 0; i < 50; i += 1) deep = { a: deep };
    const nested = await send('POST', '/v1/merchant/wallets/credit-request', merchant, { ...creditRequest(), remarks: deep });
    expect(nested.statusCode).toBe(400);
    expect(errorBody.parse(nested.json()).invalidParameters[0]?.parameter).toMatch(/^remarks(\.a)+$/);
    const list = { reportName: 'statement', format: 'CSV', walletIds: Array.from({ length: 1_001 }, () => walletId) };
    expectRefused(await send('POST', '/m/api/v1/reports/wallets/statement/export', merchant, list), 400, 'walletIds');
  });
});

describe('amounts', () => {
  it('refuses more integer digits than the money columns hold, before any SQL', async () => {
    expectRefused(await send('POST', '/v1/merchant/wallets/credit-request', merchant, { ...creditRequest(), amount: '12345678901234567' }), 400, 'amount');
    expectRefused(await send('POST', '/v1/service-provider/wallets/credit-limit', tsp, { ...limitBody(), limit: '99999999999999999999999.5' }), 400, 'limit');
    expectRefused(await send('POST', '/tsp/v2/transactions/payment/misc', tsp, misc('12345678901234567')), 400, 'amount');
    const config = { walletId: spWalletId, transactionCategory: 'PAYMENT', dailyLimit: '123456789012345678' };
    expectRefused(await send('POST', '/v1/service-provider/wallets/config', tsp, config), 400, 'dailyLimit');
  });

  it('refuses more decimals than the currency has instead of rounding them', async () => {
    const longTail = await send('POST', '/v1/merchant/wallets/credit-request', merchant, { ...creditRequest(), amount: '1.1234567891234' });
    expectRefused(longTail, 400, 'amount');
    expectRefused(await send('POST', '/v1/merchant/wallets/credit-request', merchant, { ...creditRequest(), amount: `0.${'1'.repeat(30)}` }), 400, 'amount');
    // GBP has 2 decimals (reference data): a third is refused on every call taking a GBP amount.
    const pence = await send('POST', '/v1/merchant/wallets/credit-request', merchant, { ...creditRequest(), amount: '10.005' });
    expectRefused(pence, 400, 'amount');
    expect(errorBody.parse(pence.json()).invalidParameters[0]?.message).toContain('2 decimals in GBP');
    expectRefused(await send('POST', '/v1/service-provider/wallets/credit-limit', tsp, { ...limitBody(), limit: '500.001' }), 400, 'limit');
    expectRefused(await send('POST', '/tsp/v2/transactions/payment/misc', tsp, misc('0.001')), 400, 'amount');
    const config = { walletId: spWalletId, transactionCategory: 'PAYMENT', minAmount: '1.999' };
    expectRefused(await send('POST', '/v1/service-provider/wallets/config', tsp, config), 400, 'minAmount');
    // Trailing zeros are not decimals: 10.500 GBP is 10.50 GBP.
    const exact = await send('POST', '/v1/merchant/wallets/credit-request', merchant, { ...creditRequest(), amount: '10.500' });
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().amount).toBe('10.5');
  });

  it('refuses a posting that would take a balance beyond what the ledger holds', async () => {
    // 16 digits fit a column, but their local-currency equivalent (GBP at a book rate above 1) does not.
    const res = await send('POST', '/tsp/v2/transactions/payment/misc', tsp, misc('9999999999999999'));
    expect(res.statusCode, res.body).toBe(422);
    expect(errorBody.parse(res.json())).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE', invalidParameters: [{ parameter: 'amount' }] });
  });

  it('refuses exponents, negative zero and numbers where a decimal string is expected', async () => {
    for (const amount of ['1e400', '1E5', -0, 1e308, 12.5, '-0', 'NaN', 'Infinity', ' 10', '0x10']) {
      expectRefused(await send('POST', '/v1/merchant/wallets/credit-request', merchant, { ...creditRequest(), amount }), 400, 'amount');
    }
  });
});

describe('Idempotency-Key', () => {
  const create = (key: string) => send('POST', '/v1/merchant/wallets/credit-request', merchant, creditRequest(), { 'idempotency-key': key });

  it('refuses a key over 255 characters, an empty key and a key with control characters', async () => {
    expectRefused(await create('k'.repeat(256)), 400, 'Idempotency-Key');
    expectRefused(await create(''), 400, 'Idempotency-Key');
    expectRefused(await create('   '), 400, 'Idempotency-Key');
    expectRefused(await create('key\u0001one'), 400, 'Idempotency-Key');
    expectRefused(await create('clé-ünïcode'), 400, 'Idempotency-Key');
  });

  it('keeps honouring a 255-character key', async () => {
    const key = 'k'.repeat(255);
    const first = await create(key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await create(key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
  });
});

describe('credit limits', () => {
  it('refuses an unknown status, naming status', async () => {
    expectRefused(await send('POST', '/v1/service-provider/wallets/credit-limit', tsp, { ...limitBody(), status: 'BOGUS' }), 400, 'status');
    const created = await send('POST', '/v1/service-provider/wallets/credit-limit', tsp, limitBody());
    expect(created.statusCode, created.body).toBe(201);
    expectRefused(await send('PUT', `/v1/service-provider/wallets/credit-limit/${created.json().id}`, tsp, { status: 'REVIVED' }), 400, 'status');
    // A new limit counts now or from validFrom: it cannot be born expired or cancelled.
    expectRefused(await send('POST', '/v1/service-provider/wallets/credit-limit', tsp, { ...limitBody(), status: 'CANCELLED' }), 400, 'status');
  });

  it('refuses validTo before validFrom on every path that sets them', async () => {
    const backwards = { validFrom: dayFromNow(10), validTo: dayFromNow(5) };
    expectRefused(await send('POST', '/v1/service-provider/wallets/credit-limit', tsp, { ...limitBody(), ...backwards }), 400, 'validTo');
    expectRefused(await send('POST', `/v1/internal/service-provider/credit-limit?tspId=${tspId}`, admin, { ...limitBody(), ...backwards }), 400, 'validTo');
    expectRefused(await send('POST', '/v1/merchant/wallets/credit-request', merchant, { ...creditRequest(), ...backwards }), 400, 'validTo');
    const created = await send('POST', '/v1/service-provider/wallets/credit-limit', tsp, limitBody());
    expectRefused(await send('PUT', `/v1/service-provider/wallets/credit-limit/${created.json().id}`, tsp, { validTo: dayFromNow(-1) }), 400, 'validTo');
  });

  it('does not revive an expired or cancelled limit by a status change', async () => {
    const lapsed = await send('POST', '/v1/service-provider/wallets/credit-limit', tsp, {
      ...limitBody(),
      validFrom: dayFromNow(-30),
      validTo: dayFromNow(-1),
    });
    expect(lapsed.statusCode, lapsed.body).toBe(201);
    expect(lapsed.json().status).toBe('EXPIRED');
    const revive = await send('PUT', `/v1/service-provider/wallets/credit-limit/${lapsed.json().id}`, tsp, { status: 'ACTIVE', validTo: dayFromNow(30) });
    expectRefused(revive, 400, 'status');

    const live = await send('POST', '/v1/service-provider/wallets/credit-limit', tsp, limitBody());
    const cancelled = await send('PUT', `/v1/service-provider/wallets/credit-limit/${live.json().id}`, tsp, { status: 'CANCELLED' });
    expect(cancelled.json().status).toBe('CANCELLED');
    expectRefused(await send('PUT', `/v1/service-provider/wallets/credit-limit/${live.json().id}`, tsp, { status: 'ACTIVE' }), 400, 'status');
    expectRefused(await send('PUT', `/v1/service-provider/wallets/credit-limit/${live.json().id}`, tsp, { status: 'SCHEDULED' }), 400, 'status');
  });
});

describe('malformed bodies', () => {
  const url = '/v1/merchant/wallets/credit-request';
  const raw = (payload: string, contentType = 'application/json') => send('POST', url, merchant, payload, { 'content-type': contentType });

  it('answers the error body for every shape of body', async () => {
    const cases: Array<[string, string, string, number]> = [
      ['invalid JSON', '{"walletId":', 'application/json', 400],
      ['an array', '[]', 'application/json', 400],
      ['a string', '"credit please"', 'application/json', 400],
      ['null', 'null', 'application/json', 400],
      ['a huge number', '1e400', 'application/json', 400],
      ['text/plain (read as a string, not an object)', '{}', 'text/plain', 400],
      ['XML', '<credit/>', 'application/xml', 415],
      ['10,000 nested arrays', `${'['.repeat(10_000)}${']'.repeat(10_000)}`, 'application/json', 400],
    ];
    for (const [label, payload, contentType, status] of cases) {
      const res = await raw(payload, contentType);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
      errorBody.parse(res.json());
    }
    const tooBig = await raw(JSON.stringify({ ...creditRequest(), remarks: 'z'.repeat(2 * 1024 * 1024) }));
    expect(tooBig.statusCode).toBe(413);
    expect(errorBody.parse(tooBig.json()).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers the error body for URLs the router cannot read', async () => {
    expectRefused(await send('PUT', '/v1/service-provider/wallets/credit-limit/%ZZ', tsp, { limit: '1' }), 400, 'path');
    expectRefused(await send('PUT', `/v1/service-provider/wallets/credit-limit/${'p'.repeat(3_000)}`, tsp, { limit: '1' }), 400, 'path');
    expectRefused(await send('PUT', '/v1/service-provider/wallets/credit-limit/%C0%AF', tsp, { limit: '1' }), 400, 'path');
  });

  it('refuses a date no payment product means', async () => {
    expectRefused(await send('POST', url, merchant, { ...creditRequest(), validFrom: '0000-01-01' }), 400, 'validFrom');
    expectRefused(await send('POST', url, merchant, { ...creditRequest(), validTo: '2026-02-30' }), 400, 'validTo');
    expectRefused(await send('POST', `/v1/internal/service-provider/records/refresh?tspId=${tspId}`, admin, { fromDate: '0000-01-01' }), 400, 'fromDate');
    // Query dates of list filters too: an impossible time used to reach `new Date()` and fail there.
    expectRefused(await s.get('/v1/service-provider/wallets?createdToDate=2026-02-28T25:00', tsp), 400, 'createdToDate');
    expectRefused(await s.get('/v1/service-provider/wallets?createdFromDate=2026-02-30', tsp), 400, 'createdFromDate');
  });
});

describe('static files', () => {
  it('never serves a file outside the portal folder, whatever the encoding', async () => {
    const root = await mkdtemp(join(tmpdir(), 'corridor-static-'));
    const dist = join(root, 'dist');
    await mkdir(join(dist, 'assets'), { recursive: true });
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Corridor</title>');
    await writeFile(join(dist, 'assets', 'app.js'), 'console.log("portal")');
    await writeFile(join(root, 'secret.txt'), 'TOP-SECRET-OUTSIDE-DIST');
    const web = await startTestServer({ pwaDist: dist });
    try {
      expect((await web.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
      const attempts = [
        '/%2e%2e/secret.txt',
        '/..%2fsecret.txt',
        '/%2e%2e%2fsecret.txt',
        '/assets/..%2f..%2fsecret.txt',
        '/assets/%2e%2e/%2e%2e/secret.txt',
        '/%252e%252e/secret.txt',
        '/%252e%252e%252fsecret.txt',
        '/..%5csecret.txt',
        '/%c0%ae%c0%ae/secret.txt',
        '/assets/%00../../secret.txt',
        '/./../secret.txt',
      ];
      for (const url of attempts) {
        for (const accept of ['*/*', 'text/html']) {
          const res = await web.app.inject({ method: 'GET', url, headers: { accept } });
          expect(res.statusCode, `${url} (${accept}): ${res.body.slice(0, 200)}`).toBeLessThan(500);
          expect(res.body, url).not.toContain('TOP-SECRET');
          if (accept === '*/*') expect([400, 404], `${url}: ${res.statusCode}`).toContain(res.statusCode);
        }
      }
    } finally {
      await web.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
