import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definitions, errorBody, pageOf, wallet, type CallDefinition } from '@corridor/api';
import type { LightMyRequestResponse } from 'fastify';
import { servedCallIds } from '../app.ts';
import { startTestServer, PORTAL_BASIC, type TestServer } from '../test/test-server.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { dayFromNow } from '../test/days.ts';
import { fieldValues, idempotencyKeys, multipartBodies, pathValues, queryValues, rawBodies, sample } from '../test/fuzz-corpus.ts';
import { seededRandom } from '../lib/seeded-random.ts';
import { SIGNATURE_HEADER, signCallback } from '../payout/bank-signature.ts';

/**
 * Every served write call of the contract gets malformed input of every kind: in each body field,
 * each query field and each path parameter, plus whole-body and header mutations. None may answer a
 * 5xx, and every 4xx carries the spec's error body. The sample is seeded, so a failure reproduces.
 */

let s: TestServer;
const tokens: Record<string, string> = {};
/** Real ids, so a mutated field reaches the service rather than stopping at a missing record. */
const known: Record<string, string> = {};

beforeAll(async () => {
  s = await startTestServer();
  tokens.merchant = await s.token('100000001');
  tokens.serviceProvider = await s.token('200000001');
  tokens.internal = await s.token('900000001');
  const wallets = pageOf(wallet).parse((await s.get('/v1/merchant/wallets?types=PAYMENT&currencyCodes=GBP', tokens.merchant)).json());
  const merchantWallet = wallets.content[0];
  if (!merchantWallet) throw new Error('no GBP payment wallet of the demo merchant');
  known.walletId = merchantWallet.id;
  known.merchantId = merchantWallet.merchantServiceId ?? '';
  known.tspId = merchantWallet.serviceProviderId ?? '';
  known.spWalletId = merchantWallet.spWalletId ?? '';
  const limits = (await s.get('/v1/service-provider/wallets/credit-limit', tokens.serviceProvider)).json() as { content: Array<{ id: string }> };
  known.limitId = limits.content[0]?.id ?? 'no-limit';
  const requests = (await s.get('/sp/v1/merchant/wallets/credit-request', tokens.serviceProvider)).json() as { content: Array<{ id: string }> };
  known.requestId = requests.content[0]?.id ?? 'no-request';
  const deals = (await s.get('/v1/config/currency-deals?instrumentId=USDAED-SPOT', tokens.serviceProvider)).json() as {
    content: Array<{ id: string; currencyConfigId: string }>;
  };
  known.currencyDealConfigId = deals.content[0]?.id ?? 'no-deal';
  known.currencyConfigId = deals.content[0]?.currencyConfigId ?? 'no-pair';
  const profiles = (await s.get('/v1/config/markup-profiles', tokens.serviceProvider)).json() as { content: Array<{ id: string }> };
  known.markupProfileId = profiles.content[0]?.id ?? 'no-profile';
  // Records of the money calls (payments, transactions, cancellations, beneficiaries, quotes), so their
  // mutated bodies and paths reach the services' own checks rather than a missing record.
  const json = async (method: 'POST' | 'PUT', url: string, payload: object, token = tokens.merchant) =>
    (await s.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload })).json() as Record<string, string | undefined>;
  const draft = await json('POST', '/m/api/v1/transactions/payments/draft', { walletId: known.walletId, sendAmount: '10', receiver: RECEIVER });
  known.paymentId = draft.paymentId ?? 'no-payment';
  const topUp = await json('POST', '/v2/merchant/transactions', TOP_UP(known.walletId));
  known.transactionId = topUp.transactionId ?? 'no-transaction';
  const cancellation = await json('POST', '/v2/merchant/transactions/cancellations', {
    mainTransactionId: known.transactionId,
    reason: 'Fuzz',
    cancellationDate: dayFromNow(0),
  });
  known.cancellationId = cancellation.cancellationId ?? 'no-cancellation';
  const beneficiary = await json('POST', '/v1/merchant-service/beneficiaries', BENEFICIARY);
  known.beneficiaryId = beneficiary.id ?? 'no-beneficiary';
  // The demo deals quote USD to AED: the quote is on the merchant's USD wallet.
  const usd = pageOf(wallet).parse((await s.get('/v1/merchant/wallets?types=PAYMENT&currencyCodes=USD', tokens.merchant)).json()).content[0];
  const quote = await json('POST', '/merchant/v1/quote', {
    transactionCategory: 'PAYOUT',
    dealType: 'SPOT',
    sourceWalletId: usd?.id,
    sendAmount: { amount: '100', currency: 'USD' },
    targetCurrency: 'AED',
  });
  known.quoteId = quote.quoteId ?? quote.id ?? 'no-quote';
  expect([known.paymentId, known.transactionId, known.cancellationId, known.beneficiaryId, known.quoteId].filter((v) => v.startsWith('no-'))).toEqual([]);
}, 180_000);

const RECEIVER = { name: 'Fuzz Receiver', countryCode: 'AE', accountNumber: '0331234567890123456' };
const TOP_UP = (walletId: string | undefined) => ({
  category: 'TOPUP',
  type: 'BANK_TRANSFER',
  targetWalletId: walletId,
  targetAmount: { amount: '10', currency: 'GBP' },
});
const BENEFICIARY = { type: 'BUSINESS', name: 'Fuzz Beneficiary', countryCode: 'AE', currencyCode: 'AED', iban: 'AE070331234567890123456' };

/** Whole bodies of calls whose fields depend on each other: a mutation of one field leaves the others valid. */
function callBaseline(callId: string): Record<string, unknown> {
  const payment = { walletId: known.walletId, sendAmount: '10', receiver: RECEIVER, beneficiaryId: known.beneficiaryId };
  const bodies: Record<string, Record<string, unknown>> = {
    'merchantPayments.create': payment,
    'merchantPayments.createDraft': payment,
    'spPayments.create': payment,
    'spPayments.createDraft': payment,
    'merchantTransactions.create': TOP_UP(known.walletId),
    'spTransactions.create': TOP_UP(known.walletId),
    'beneficiaries.create': BENEFICIARY,
    'merchantPayments.cancel': { transactionId: known.paymentId, reason: 'Fuzz' },
    'spPayments.cancel': { transactionId: known.paymentId, reason: 'Fuzz' },
  };
  return bodies[callId] ?? {};
}

afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

/** A plausible value of a field, from its name first and its JSON schema second. */
function baseline(name: string, schema: Record<string, unknown>): unknown {
  const byName: Record<string, unknown> = {
    walletId: known.walletId,
    msWalletId: known.walletId,
    merchantId: known.merchantId,
    merchantServiceId: known.merchantId,
    tspId: known.tspId,
    serviceProviderId: known.tspId,
    spWalletId: known.spWalletId,
    currencyDealConfigId: known.currencyDealConfigId,
    currencyConfigId: known.currencyConfigId,
    markupProfileId: known.markupProfileId,
    tspWalletId: known.spWalletId,
    sourceWalletId: known.walletId,
    targetWalletId: known.walletId,
    quoteId: known.quoteId,
    beneficiaryId: known.beneficiaryId,
    paymentId: known.paymentId,
    paymentIds: [known.paymentId],
    mainTransactionId: known.transactionId,
    cancellationId: known.cancellationId,
    sourceAmount: { amount: '10', currency: 'GBP' },
    targetAmount: { amount: '10', currency: 'GBP' },
    receiver: RECEIVER,
    currency: 'GBP',
    currencyCode: 'GBP',
    ledgerCcy: 'GBP',
    validFrom: dayFromNow(0),
    validTo: dayFromNow(30),
    fromDate: dayFromNow(-30),
    toDate: dayFromNow(0),
  };
  if (name in byName) return byName[name];
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (typeof schema.const === 'string') return schema.const;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'string') {
    if (schema.format === 'date') return dayFromNow(0);
    if (schema.format === 'date-time') return new Date().toISOString();
    if (typeof schema.pattern === 'string' && schema.pattern.includes('\\d')) return '10';
    return 'fuzz';
  }
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return 'fuzz';
}

function fieldsOf(schema: z.ZodType | undefined): Array<[string, Record<string, unknown>]> {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Record<string, unknown>> };
  return Object.entries(json.properties ?? {});
}

function tokenFor(def: CallDefinition): Record<string, string> {
  switch (def.audience) {
    case 'client':
      return { authorization: PORTAL_BASIC };
    case 'signed':
      return {};
    // Configuration is a TSP's own: its writes reach the services only with a TSP caller.
    case 'serviceProvider':
    case 'config':
      return { authorization: `Bearer ${tokens.serviceProvider}` };
    case 'internal':
      return { authorization: `Bearer ${tokens.internal}` };
    default:
      return { authorization: `Bearer ${tokens.merchant}` };
  }
}

/** The id a path parameter of a call starts from: a real record for the updates worth reaching. */
function pathId(callId: string): string {
  if (callId === 'credit.updateLimit') return known.limitId ?? 'x';
  if (callId === 'credit.spApproveRequest') return known.requestId ?? 'x';
  if (callId === 'merchantWallets.update' || callId === 'spWallets.updateMerchantWallet') return known.walletId ?? 'x';
  if (callId === 'spWallets.update') return known.spWalletId ?? 'x';
  if (/^(merchantPayments|spPayments|internalPayments)\./.test(callId)) return known.paymentId ?? 'x';
  if (/Transactions\./.test(callId)) return known.transactionId ?? 'x';
  return '0190a0a0-0000-7000-8000-000000000000';
}

function encode(def: CallDefinition, body: unknown): { payload: string; contentType: string } {
  if (def.bodyType === 'form') {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) form.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    return { payload: form.toString(), contentType: 'application/x-www-form-urlencoded' };
  }
  return { payload: JSON.stringify(body), contentType: 'application/json' };
}

interface Failure {
  call: string;
  input: string;
  status: number;
  body: string;
}

const errorShape = errorBody.strict();

describe('malformed input on every write call', () => {
  it('never answers a 5xx, and every 4xx is the spec error body', async () => {
    const random = seededRandom(20261123);
    const failures: Failure[] = [];
    let sent = 0;
    const writeCalls = servedCallIds().filter((id) => (definitions as Record<string, CallDefinition>)[id]?.method !== 'GET');
    expect(writeCalls.length).toBeGreaterThan(40);

    for (const callId of writeCalls) {
      const def = (definitions as Record<string, CallDefinition>)[callId] as CallDefinition;
      const auth = tokenFor(def);
      const bodyFields = fieldsOf(def.body);
      const queryFields = fieldsOf(def.query);
      const base = { ...Object.fromEntries(bodyFields.map(([name, schema]) => [name, baseline(name, schema)])), ...callBaseline(callId) };
      const baseQuery = Object.fromEntries(queryFields.map(([name, schema]) => [name, String(baseline(name, schema))]));
      const pathOf = (value?: string) => def.path.replace(/\{[A-Za-z0-9_]+\}/g, value ?? encodeURIComponent(pathId(callId)));
      const urlOf = (path: string, query: Record<string, string> | string = baseQuery) => {
        const qs = typeof query === 'string' ? query : new URLSearchParams(query).toString();
        return qs ? `${path}?${qs}` : path;
      };

      const send = async (input: string, request: { url?: string; payload?: string | Buffer; contentType?: string; headers?: Record<string, string> }) => {
        sent += 1;
        const headers: Record<string, string> = { ...auth, ...request.headers };
        if (request.contentType) headers['content-type'] = request.contentType;
        // The bank's callbacks are signed: a signed malformed body reaches the callback service, not only the guard.
        if (def.audience === 'signed' && typeof request.payload === 'string') {
          headers[SIGNATURE_HEADER] = signCallback(s.config.bank.callbackSecret, request.payload, s.config.now());
        }
        let res: LightMyRequestResponse;
        try {
          res = await s.app.inject({
            method: def.method,
            url: request.url ?? urlOf(pathOf()),
            headers,
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          });
        } catch (error) {
          failures.push({ call: callId, input, status: -1, body: String(error) });
          return;
        }
        if (res.statusCode >= 500) {
          failures.push({ call: callId, input, status: res.statusCode, body: res.body.slice(0, 300) });
        } else if (res.statusCode >= 400) {
          const parsed = errorShape.safeParse(safeJson(res.body));
          if (!parsed.success) failures.push({ call: callId, input, status: res.statusCode, body: `not the error body: ${res.body.slice(0, 200)}` });
        }
      };

      // One malformed value in one body field at a time; each field gets a seeded share of the corpus.
      if (def.bodyType !== 'multipart') {
        for (const [name] of bodyFields) {
          for (const { label, value } of sample(fieldValues, 7, random)) {
            await send(`body.${name} = ${label}`, encode(def, { ...base, [name]: value }));
          }
          // Fields inside an object (an amount's amount and currency, a receiver's name): each gets a smaller share.
          const inner = base[name];
          if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) continue;
          for (const key of Object.keys(inner)) {
            for (const { label, value } of sample(fieldValues, 3, random)) {
              await send(`body.${name}.${key} = ${label}`, encode(def, { ...base, [name]: { ...inner, [key]: value } }));
            }
          }
        }
      }
      for (const { label, payload, contentType } of sample(rawBodies, 6, random)) {
        await send(`whole body: ${label}`, { payload, contentType });
      }
      if (def.bodyType === 'multipart') {
        for (const { label, payload, contentType } of multipartBodies) await send(`whole body: ${label}`, { payload, contentType });
      }
      for (const [name] of queryFields) {
        for (const { label, value } of sample(queryValues, 3, random)) {
          const qs = new URLSearchParams({ ...baseQuery, [name]: 'PLACEHOLDER' }).toString().replace('PLACEHOLDER', value);
          await send(`query.${name} = ${label}`, { url: urlOf(pathOf(), qs), ...encode(def, base) });
        }
      }
      if (def.path.includes('{')) {
        for (const { label, value } of sample(pathValues, 5, random)) {
          await send(`path = ${label}`, { url: urlOf(pathOf(value)), ...(def.bodyType === 'multipart' ? {} : encode(def, base)) });
        }
      }
      if (def.creates) {
        for (const { label, value } of sample(idempotencyKeys, 2, random)) {
          await send(`Idempotency-Key = ${label}`, {
            ...(def.bodyType === 'multipart' ? {} : encode(def, { ...base, remarks: undefined })),
            headers: { 'idempotency-key': value },
          });
        }
      }
    }

    console.log(`fuzz: ${sent} malformed requests to ${writeCalls.length} write calls, ${failures.length} failures`);
    expect(failures, failures.map((f) => `${f.call} | ${f.input} -> ${f.status} ${f.body}`).join('\n')).toEqual([]);
  }, 300_000);
});

describe('malformed queries on every read call', () => {
  it('never answers a 5xx, and every 4xx is the spec error body', async () => {
    const random = seededRandom(20261124);
    const failures: Failure[] = [];
    let sent = 0;
    const readCalls = servedCallIds().filter((id) => (definitions as Record<string, CallDefinition>)[id]?.method === 'GET');
    const values = [...queryValues, { label: 'impossible time', value: '2026-02-28T25:00' }, { label: 'year 0', value: '0000-01-01' }];
    for (const callId of readCalls) {
      const def = (definitions as Record<string, CallDefinition>)[callId] as CallDefinition;
      const path = def.path.replace(/\{[A-Za-z0-9_]+\}/g, 'x');
      for (const [name] of fieldsOf(def.query)) {
        for (const { label, value } of sample(values, 1, random)) {
          sent += 1;
          const res = await s.app.inject({ method: 'GET', url: `${path}?${name}=${value}`, headers: tokenFor(def) });
          const broken = res.statusCode >= 500 || (res.statusCode >= 400 && !errorShape.safeParse(safeJson(res.body)).success);
          if (broken) failures.push({ call: callId, input: `query.${name} = ${label}`, status: res.statusCode, body: res.body.slice(0, 300) });
        }
      }
    }
    console.log(`fuzz: ${sent} malformed queries to ${readCalls.length} read calls, ${failures.length} failures`);
    expect(failures, failures.map((f) => `${f.call} | ${f.input} -> ${f.status} ${f.body}`).join('\n')).toEqual([]);
  }, 300_000);
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
