import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payment as paymentSchema } from '@corridor/api';
import { inTransaction } from '../db/transaction.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { applyPaymentAction } from './payment-lifecycle.ts';

// The calls as the portal's payment screens make them: actions name a payment by its row `id`, the
// overview's status filter sends several statuses comma-separated in `status`, and a cancellation's
// transactionId is the row id.
let s: TestServer;
let globex: string;
let atlas: string;
let walletId: string;

const M = '/m/api/v1/transactions/payments';
const S = '/s/api/v1/transactions/payments';

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) {
  return s.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function create() {
  const res = await call('POST', M, globex, {
    walletId,
    sendAmount: '10',
    receiver: { name: 'Acme Supplies LLC', countryCode: 'AE', accountNumber: 'AE070331234567890123456' },
    message: 'Wire test',
  });
  expect(res.statusCode, res.body).toBe(201);
  return paymentSchema.parse(res.json());
}

const refuse = (id: string) =>
  inTransaction(s.services.db, (tx) => applyPaymentAction(tx, id, 'fail', { type: 'BANK', name: 'Correspondent' }, { reason: 'Account closed' }));

async function statusOf(id: string): Promise<string> {
  const res = await call('GET', `${M}/${id}`, globex);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { status: string }).status;
}

beforeAll(async () => {
  s = await startTestServer();
  [globex, atlas] = await Promise.all([s.token('100000001'), s.token('200000001')]);
  const wallets = await call('GET', '/v1/merchant/wallets?size=50', globex);
  expect(wallets.statusCode, wallets.body).toBe(200);
  const usd = (wallets.json() as { content: Array<{ id: string; status: string; currency: { code: string } }> }).content.find(
    (w) => w.currency.code === 'USD' && w.status === 'ACTIVE',
  );
  walletId = usd?.id ?? '';
  expect(walletId).not.toBe('');
});

afterAll(async () => {
  await expectLedgerConsistent(s.services.db);
  await s.close();
});

describe('payment calls as the portal sends them', () => {
  it('the overview status filter: several statuses comma-separated in `status` answer exactly those', async () => {
    const initiated = await create();
    const res = await call('GET', `${M}?status=INITIATED,FAILED&size=100`, globex);
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json() as { content: Array<{ id: string; status: string }> }).content;
    expect(rows.map((r) => r.id)).toContain(initiated.id);
    // The seed's refused payment is there too: both statuses of the filter answer.
    expect(rows.some((r) => r.status === 'FAILED')).toBe(true);
    expect(rows.every((r) => r.status === 'INITIATED' || r.status === 'FAILED')).toBe(true);
    const drafts = (await call('GET', `${M}?status=DRAFTED&size=100`, globex)).json() as { content: Array<{ id: string }> };
    expect(drafts.content.map((r) => r.id)).not.toContain(initiated.id);
  });

  it('a cancellation names the payment by its row id', async () => {
    const p = await create();
    const res = await call('POST', `${M}/cancellations`, globex, { transactionId: p.id, reason: 'Paid twice' });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await statusOf(p.id)).toBe('CANCELLED');
  });

  it('process, retry and requeue name the payment by its row id', async () => {
    const p = await create();
    const processed = await call('GET', `${S}/process/${p.id}`, atlas);
    expect(processed.statusCode, processed.body).toBe(200);
    expect(await statusOf(p.id)).toBe('PROCESSING');
    await refuse(p.id);
    const retried = await call('GET', `${M}/retry?paymentId=${p.id}`, globex);
    expect(retried.statusCode, retried.body).toBeLessThan(300);
    expect(await statusOf(p.id)).toBe('PROCESSING');
    await refuse(p.id);
    const renewed = await call('PUT', `${M}/new`, globex, { paymentIds: [p.id] });
    expect(renewed.statusCode, renewed.body).toBeLessThan(300);
    expect(await statusOf(p.id)).toBe('DRAFTED');
  });
});
