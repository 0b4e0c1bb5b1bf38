import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { applyPaymentAction } from '../payments/payment-lifecycle.ts';
import { payments, payoutOutbox } from '../payments/payment-schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { SIGNATURE_HEADER, signCallback } from './bank-signature.ts';
import { processingPayment } from '../test/payout-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function tspTokens(serviceProviderId: string): Promise<{ own: string; other: string }> {
  const [own] = await server.database.db
    .select()
    .from(users)
    .where(and(eq(users.role, 'SERVICE_PROVIDER'), eq(users.orgId, serviceProviderId)))
    .limit(1);
  const [other] = await server.database.db
    .select()
    .from(users)
    .where(and(eq(users.role, 'SERVICE_PROVIDER'), ne(users.orgId, serviceProviderId)))
    .limit(1);
  if (!own || !other) throw new Error('seeded TSP users missing');
  return { own: await server.token(own.digit9Id), other: await server.token(other.digit9Id) };
}
const attempts = async (id: string) =>
  (await server.database.db.select().from(payoutOutbox).where(eq(payoutOutbox.paymentId, id))).map((r) => r.attempt).sort();

describe('re-push', () => {
  it("the TSP re-pushes its merchant's PROCESSING payment as attempt 2; another TSP gets 404 naming paymentId", async () => {
    const p = await processingPayment(server.database.db);
    const [row] = await server.database.db.select().from(payments).where(eq(payments.id, p.id));
    const { own, other } = await tspTokens(row?.serviceProviderId ?? '');
    const foreign = await server.get(`/s/api/v1/transactions/payments/repush/${p.paymentId}`, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().invalidParameters[0].parameter).toBe('paymentId');
    const res = await server.get(`/s/api/v1/transactions/payments/repush/${p.paymentId}`, own);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ paymentId: p.paymentId, status: 'PROCESSING' });
    expect(await attempts(p.id)).toEqual([1, 2]);
  });

  it('operations re-push by transaction id; a COMPLETED payment is refused 409 and gets no new attempt', async () => {
    const p = await processingPayment(server.database.db);
    const ops = await server.token('900000001');
    const res = await server.app.inject({ method: 'PUT', url: `/v1/internal/re-push/${p.paymentId}`, headers: { authorization: `Bearer ${ops}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ transactionId: p.paymentId, txnStatus: 'PROCESSING' });
    expect(await attempts(p.id)).toEqual([1, 2]);
    await inTransaction(server.database.db, (tx) => applyPaymentAction(tx, p.id, 'complete', { type: 'BANK' }, { now: server.config.now() }));
    const late = await server.app.inject({ method: 'PUT', url: `/v1/internal/re-push/${p.paymentId}`, headers: { authorization: `Bearer ${ops}` } });
    expect(late.statusCode).toBe(409);
    expect(await attempts(p.id)).toEqual([1, 2]);
  });
});

describe('failure log', () => {
  it('lists a bank refusal by payment id, newest first, paged; operations only', async () => {
    const p = await processingPayment(server.database.db);
    const raw = JSON.stringify({ messageId: `FL-${p.paymentId}`, paymentId: p.paymentId, outcome: 'REFUSED', reason: 'Account not found' });
    const ack = await server.app.inject({
      method: 'POST',
      url: '/api/dbs/v1/remittance/ack',
      payload: raw,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signCallback(server.config.bank.callbackSecret, raw, server.config.now()) },
    });
    expect(ack.statusCode).toBe(200);
    const ops = await server.token('900000001');
    const res = await server.get(`/v1/internal/transactions/payments/failureLog?paymentId=${p.paymentId}&size=5`, ops);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      totalElements: 1,
      content: [{ paymentId: p.paymentId, step: 'BANK_PAYOUT', errorCode: 'BANK_REFUSED', message: 'Account not found' }],
    });
    const byCode = await server.get('/v1/internal/transactions/payments/failureLog?errorCode=BANK_REFUSED&fromDate=2000-01-01', ops);
    expect(byCode.json().totalElements).toBeGreaterThanOrEqual(1);
    const badDate = await server.get('/v1/internal/transactions/payments/failureLog?fromDate=yesterday', ops);
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().invalidParameters[0].parameter).toBe('fromDate');
    const merchant = await server.get('/v1/internal/transactions/payments/failureLog', await server.token('100000001'));
    expect(merchant.statusCode).toBe(403);
  });
});
