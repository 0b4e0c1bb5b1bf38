import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody, pageOf, wallet } from '@corridor/api';
import type { LightMyRequestResponse } from 'fastify';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

/**
 * Bad input of every shape on the calls that move money (a payment, its draft, a merchant's transaction,
 * a quote): each answers 400 with the spec's error body naming the field, never a 500 and never a
 * payment made of a rounded or guessed amount.
 */
let s: TestServer;
let globex = ''; // a merchant of Atlas with USD payment wallets
let wayne = ''; // a merchant of Meridian with a JPY payment wallet
let usdWallet = '';
let jpyWallet = '';

async function firstWallet(token: string, currency: string): Promise<string> {
  const page = pageOf(wallet).parse((await s.get(`/v1/merchant/wallets?types=PAYMENT&currencyCodes=${currency}`, token)).json());
  const found = page.content.find((w) => w.status === 'ACTIVE') ?? page.content[0];
  if (!found) throw new Error(`demo data: no ${currency} payment wallet`);
  return found.id;
}

beforeAll(async () => {
  s = await startTestServer();
  [globex, wayne] = await Promise.all([s.token('100000001'), s.token('100000005')]);
  [usdWallet, jpyWallet] = await Promise.all([firstWallet(globex, 'USD'), firstWallet(wayne, 'JPY')]);
});
afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

type Body = Record<string, unknown>;

/** A copy of `body` with the dotted `path` set to `value`. */
function withValue(body: Body, path: string, value: unknown): Body {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let node: Body = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Body;
  node[keys.at(-1) ?? ''] = value;
  return copy;
}

interface MoneyCall {
  name: string;
  url: string;
  token: () => string;
  /** A body the call takes (the happy path is the other tests' business). */
  body: () => Body;
  /** Where the amount sits, and the currency it is in. */
  amount: string;
  currency: string;
  /** An object field of the body (its payee or its amount). */
  object: string;
  /** Free text fields. */
  texts: string[];
  /** The same call moving 1.5 JPY from a JPY wallet (JPY has no decimals), and the field refused. */
  jpy: () => { token: string; body: Body; field: string };
}

const payment = (): Body => ({
  walletId: usdWallet,
  sendAmount: '100',
  sendCurrency: 'USD',
  receiver: { name: 'Acme Supplies LLC', countryCode: 'AE', accountNumber: 'AE070331234567890123456' },
  referenceNumber: 'INV-42',
  message: 'Invoice 42',
});
const jpyPayment = () => ({ token: wayne, body: { ...payment(), walletId: jpyWallet, sendAmount: '1.5', sendCurrency: 'JPY' }, field: 'sendAmount' });

/** Create and draft take the same body and refuse it the same way. */
const paymentCall: Omit<MoneyCall, 'name' | 'url'> = {
  token: () => globex,
  body: payment,
  amount: 'sendAmount',
  currency: 'sendCurrency',
  object: 'receiver',
  texts: ['receiver.name', 'referenceNumber', 'message'],
  jpy: jpyPayment,
};

const calls: MoneyCall[] = [
  { ...paymentCall, name: 'payment create', url: '/m/api/v1/transactions/payments' },
  { ...paymentCall, name: 'payment draft', url: '/m/api/v1/transactions/payments/draft' },
  {
    name: 'transaction create (top-up)',
    url: '/v2/merchant/transactions',
    token: () => globex,
    body: () => ({
      category: 'TOPUP',
      type: 'BANK_TRANSFER',
      targetWalletId: usdWallet,
      targetAmount: { amount: '100', currency: 'USD' },
      collectionMode: 'BANK',
      referenceNumber: 'TOP-42',
      remarks: 'Funding for payroll',
    }),
    amount: 'targetAmount.amount',
    currency: 'targetAmount.currency',
    object: 'targetAmount',
    texts: ['referenceNumber', 'remarks'],
    jpy: () => ({
      token: wayne,
      body: { category: 'TOPUP', type: 'BANK_TRANSFER', targetWalletId: jpyWallet, targetAmount: { amount: '1.5', currency: 'JPY' }, collectionMode: 'BANK' },
      field: 'targetAmount.amount',
    }),
  },
  {
    name: 'quote',
    url: '/merchant/v1/quote',
    token: () => globex,
    body: () => ({
      transactionCategory: 'PAYOUT',
      dealType: 'SPOT',
      sourceWalletId: usdWallet,
      sendAmount: { amount: '100', currency: 'USD' },
      targetCurrency: 'AED',
    }),
    amount: 'sendAmount.amount',
    currency: 'sendAmount.currency',
    object: 'sendAmount',
    texts: ['sourceWalletId', 'transactionCategory'],
    jpy: () => ({
      token: wayne,
      body: {
        transactionCategory: 'PAYOUT',
        dealType: 'SPOT',
        sourceWalletId: jpyWallet,
        sendAmount: { amount: '1.5', currency: 'JPY' },
        targetCurrency: 'USD',
      },
      field: 'sendAmount.amount',
    }),
  },
];

function post(url: string, token: string, payload: Body | string, contentType = 'application/json'): Promise<LightMyRequestResponse> {
  return s.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

/** 400 with the spec's error body (code, message, invalidParameters, traceId) naming `parameter`. */
function expectRefused(res: LightMyRequestResponse, parameter: string, label: string): void {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
  const body = errorBody.parse(res.json());
  expect(body.traceId, label).not.toBe('');
  expect(
    body.invalidParameters.map((p) => p.parameter),
    `${label}: ${res.body}`,
  ).toContain(parameter);
}

describe.each(calls)('$name refuses bad input naming the field', (call) => {
  const send = (payload: Body | string, contentType?: string) => post(call.url, call.token(), payload, contentType);

  it('refuses amounts that are no amount of the currency: too many decimals, huge, not above zero, a comma', async () => {
    for (const amount of ['12.345', '1e400', '9'.repeat(40), `0.${'0'.repeat(30)}1`, '-5', '0', '0.00', '-0', '12,50', '1,250.00', ' 12', '', 'NaN']) {
      expectRefused(await send(withValue(call.body(), call.amount, amount)), call.amount, `amount ${JSON.stringify(amount)}`);
    }
    const jpy = call.jpy();
    expectRefused(await post(call.url, jpy.token, jpy.body), jpy.field, '1.5 JPY');
  });

  it('refuses an amount that is not a string, as the contract writes amounts', async () => {
    for (const amount of [12.5, 100, 1e308, -1, null, true, { amount: '1' }, ['1']]) {
      expectRefused(await send(withValue(call.body(), call.amount, amount)), call.amount, `amount ${JSON.stringify(amount)}`);
    }
    // A number JSON can write but a double cannot hold (parsed as Infinity).
    const raw = JSON.stringify(withValue(call.body(), call.amount, 'HUGE')).replace('"HUGE"', '1e400');
    expectRefused(await send(raw), call.amount, 'amount 1e400 (a JSON number)');
  });

  it('refuses an object field sent as another shape', async () => {
    for (const value of ['pay', 12, [], null]) {
      expectRefused(await send(withValue(call.body(), call.object, value)), call.object, `${call.object} ${JSON.stringify(value)}`);
    }
  });

  it('refuses an unknown or malformed currency', async () => {
    for (const currency of ['QQQ', 'usd', 'US', 'DOLLAR', '', 840]) {
      expectRefused(await send(withValue(call.body(), call.currency, currency)), call.currency, `currency ${JSON.stringify(currency)}`);
    }
  });

  it('refuses NUL and control characters, over-long strings and wrong types in its text fields', async () => {
    for (const field of call.texts) {
      for (const value of ['a\u0000b', 'bell\u0007', 'x'.repeat(2_001), 42, ['a'], { a: 'b' }]) {
        const label = `${field} ${JSON.stringify(value).slice(0, 40)}`;
        expectRefused(await send(withValue(call.body(), field, value)), field, label);
      }
    }
  });

  it("refuses a body that is not the call's object, naming the body", async () => {
    const cases: Array<[string, string]> = [
      ['invalid JSON', '{"walletId":'],
      ['an empty body', ''],
      ['an array', JSON.stringify([call.body()])],
      ['an empty array', '[]'],
      ['a string', '"pay"'],
      ['null', 'null'],
      ['a number', '1e400'],
      ['a trailing comma', `${JSON.stringify(call.body()).slice(0, -1)},}`],
    ];
    for (const [label, payload] of cases) expectRefused(await send(payload), 'body', label);
  });

  it('reads no body at all as an empty one, naming each field it needs', async () => {
    const res = await s.app.inject({ method: 'POST', url: call.url, headers: { authorization: `Bearer ${call.token()}` } });
    expect(res.statusCode, res.body).toBe(400);
    const named = errorBody.parse(res.json()).invalidParameters.map((p) => p.parameter);
    expect(named.length, res.body).toBeGreaterThan(0);
    expect(named, res.body).not.toContain('body');
  });
});
