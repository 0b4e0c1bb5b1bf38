import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletPositions, wallets, vouchers } from '../db/schema.ts';
import { paymentFailures, payments, payoutOutbox } from '../payments/payment-schema.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { callRoutes } from '@corridor/api/call-routes';
import { SIGNATURE_HEADER, signCallback } from './bank-signature.ts';
import { processingPayment } from '../test/payout-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await expectLedgerConsistent(server.database.db);
  await server.close();
});

const ACK = '/api/dbs/v1/remittance/ack';
async function positionOf(walletId: string) {
  const [row] = await server.database.db.select().from(walletPositions).where(eq(walletPositions.walletId, walletId));
  if (!row) throw new Error(`no position for ${walletId}`);
  return row;
}
let seq = 0;
const messageId = () => `MSG-${Date.now()}-${++seq}`;

function send(url: string, body: unknown, opts: { secret?: string; at?: Date; signature?: string | null } = {}) {
  const raw = JSON.stringify(body);
  const signature =
    opts.signature === undefined ? signCallback(opts.secret ?? server.config.bank.callbackSecret, raw, opts.at ?? server.config.now()) : opts.signature;
  return server.app.inject({
    method: 'POST',
    url,
    payload: raw,
    headers: { 'content-type': 'application/json', ...(signature ? { [SIGNATURE_HEADER]: signature } : {}) },
  });
}

describe('bank callback signature', () => {
  it('refuses a callback that is not signed, signed with another secret, tampered with or older than five minutes (401, nothing changes)', async () => {
    const p = await processingPayment(server.database.db);
    const body = { messageId: messageId(), paymentId: p.paymentId, outcome: 'SETTLED' };
    const missing = await send(ACK, body, { signature: null });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 'UNAUTHORIZED', invalidParameters: [{ parameter: SIGNATURE_HEADER }] });
    expect((await send(ACK, body, { secret: 'another-secret' })).statusCode).toBe(401);
    const good = signCallback(server.config.bank.callbackSecret, JSON.stringify(body), server.config.now());
    const tampered = await server.app.inject({
      method: 'POST',
      url: ACK,
      payload: JSON.stringify({ ...body, outcome: 'REFUSED' }),
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: good },
    });
    expect(tampered.statusCode).toBe(401);
    const stale = await send(ACK, body, { at: new Date(server.config.now().getTime() - 5 * 60_000 - 2_000) });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toMatch(/five minutes/);
    expect((await send(ACK, body, { signature: 't=abc,v1=zz' })).statusCode).toBe(401);
    const [row] = await server.database.db.select().from(payments).where(eq(payments.id, p.id));
    expect(row?.status).toBe('PROCESSING');
  });

  it('checks the signature on every callback of the catalogue: each refuses an unsigned body before reading it (401 naming the header)', async () => {
    const callbacks = Object.values(callRoutes).filter((route) => route.path.startsWith('/api/dbs/'));
    expect(callbacks.map((route) => route.path).sort()).toEqual(['/api/dbs/v1/notification/icn', '/api/dbs/v1/notification/idn', '/api/dbs/v1/remittance/ack']);
    for (const route of callbacks) {
      const unsigned = await send(route.path, { messageId: messageId() }, { signature: null });
      expect(unsigned.statusCode, route.path).toBe(401);
      expect(unsigned.json(), route.path).toMatchObject({ code: 'UNAUTHORIZED', invalidParameters: [{ parameter: SIGNATURE_HEADER }] });
    }
  });

  it('takes no secret written in the source: a credit signed with the old demo string is 401 and credits nothing', async () => {
    const db = server.database.db;
    const [wallet] = await db
      .select()
      .from(wallets)
      .where(and(eq(wallets.type, 'PAYMENT'), eq(wallets.status, 'ACTIVE')))
      .limit(50)
      .then((rows) => rows.filter((w) => w.merchantServiceId && w.iban));
    if (!wallet?.iban) throw new Error('no seeded wallet with an IBAN');
    const before = (await positionOf(wallet.id)).balance;
    const body = { messageId: messageId(), iban: wallet.iban, amount: '1000000.00', currency: wallet.currencyCode, bankReference: `FORGED-${seq}` };
    const forged = await send('/api/dbs/v1/notification/icn', body, { secret: 'corridor-demo-bank-callback-secret' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'UNAUTHORIZED', invalidParameters: [{ parameter: SIGNATURE_HEADER }] });
    expect((await positionOf(wallet.id)).balance).toBe(before);
    expect(await db.select().from(vouchers).where(eq(vouchers.transactionId, body.bankReference))).toHaveLength(0);
    // The demo start's secret is its own, random, and never that string.
    expect(server.config.bank.callbackSecret).not.toBe('corridor-demo-bank-callback-secret');
    expect(Buffer.from(server.config.bank.callbackSecret, 'base64url')).toHaveLength(32);
  });

  it('checks the signature before the body: an unsigned bad body is 401, not a validation answer', async () => {
    const res = await send(ACK, { nonsense: true }, { signature: null });
    expect(res.statusCode).toBe(401);
  });
});

describe('remittance acknowledgement', () => {
  it('SETTLED completes a PROCESSING payment once and settles its hold; a replay answers 200 and changes nothing', async () => {
    const p = await processingPayment(server.database.db, { amount: '40.00' });
    const held = await positionOf(p.walletId);
    const body = { messageId: messageId(), paymentId: p.paymentId, outcome: 'SETTLED', bankReference: 'BNK-1' };
    const first = await send(ACK, body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'APPLIED' });
    const [done] = await server.database.db.select().from(payments).where(eq(payments.id, p.id));
    expect(done?.status).toBe('COMPLETED');
    const settled = await positionOf(p.walletId);
    expect(Number(held.pendingAuthorization) - Number(settled.pendingAuthorization)).toBeCloseTo(40, 6);
    expect(Number(held.balance) - Number(settled.balance)).toBeCloseTo(40, 6);
    const replay = await send(ACK, body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ status: 'DUPLICATE' });
    const [after] = await server.database.db.select().from(payments).where(eq(payments.id, p.id));
    expect(after?.version).toBe(done?.version);
    const outbox = await server.database.db.select().from(payoutOutbox).where(eq(payoutOutbox.paymentId, p.id));
    expect(outbox.map((o) => o.status)).toEqual(['DONE']);
  });

  it('REFUSED fails the payment with the reason, releases its hold and writes the failure log', async () => {
    const p = await processingPayment(server.database.db, { amount: '30.00' });
    const held = await positionOf(p.walletId);
    const res = await send(ACK, { messageId: messageId(), paymentId: p.paymentId, outcome: 'REFUSED', reason: 'Beneficiary account closed' });
    expect(res.statusCode).toBe(200);
    const [row] = await server.database.db.select().from(payments).where(eq(payments.id, p.id));
    expect(row).toMatchObject({ status: 'FAILED', failureReason: 'Beneficiary account closed' });
    const released = await positionOf(p.walletId);
    expect(Number(held.pendingAuthorization) - Number(released.pendingAuthorization)).toBeCloseTo(30, 6);
    expect(released.balance).toBe(held.balance);
    const failures = await server.database.db.select().from(paymentFailures).where(eq(paymentFailures.paymentId, p.id));
    expect(failures).toMatchObject([{ step: 'BANK_PAYOUT', errorCode: 'BANK_REFUSED', message: 'Beneficiary account closed' }]);
    // A later SETTLED for a failed payment is recorded and changes nothing.
    const late = await send(ACK, { messageId: messageId(), paymentId: p.paymentId, outcome: 'SETTLED' });
    expect(late.json()).toMatchObject({ status: 'RECORDED' });
    const [still] = await server.database.db.select().from(payments).where(eq(payments.id, p.id));
    expect(still?.status).toBe('FAILED');
  });

  it('names the field of an unknown payment (404) and of a bad body (400) once signed', async () => {
    const unknown = await send(ACK, { messageId: messageId(), paymentId: 'PAY-NOPE', outcome: 'SETTLED' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().invalidParameters).toEqual([{ parameter: 'paymentId', message: 'no such payment' }]);
    const bad = await send(ACK, { messageId: messageId(), paymentId: 'x', outcome: 'MAYBE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().invalidParameters[0].parameter).toBe('outcome');
  });
});

describe('incoming credit and debit notifications', () => {
  it('an ICN credits the wallet named by IBAN once, against the nostro, under a replay', async () => {
    const db = server.database.db;
    const [wallet] = await db
      .select()
      .from(wallets)
      .where(and(eq(wallets.type, 'PAYMENT'), eq(wallets.status, 'ACTIVE')))
      .limit(50)
      .then((rows) => rows.filter((w) => w.merchantServiceId && w.iban));
    if (!wallet?.iban) throw new Error('no seeded wallet with an IBAN');
    const balanceOf = async () => (await db.select().from(walletPositions).where(eq(walletPositions.walletId, wallet.id)))[0]?.balance ?? '0';
    const before = Number(await balanceOf());
    const body = { messageId: messageId(), iban: wallet.iban, amount: '125.50', currency: wallet.currencyCode, bankReference: `ICN-${seq}` };
    expect((await send('/api/dbs/v1/notification/icn', body)).json()).toMatchObject({ status: 'APPLIED' });
    expect((await send('/api/dbs/v1/notification/icn', body)).json()).toMatchObject({ status: 'DUPLICATE' });
    expect(Number(await balanceOf()) - before).toBeCloseTo(125.5, 6);
    expect(await db.select().from(vouchers).where(eq(vouchers.transactionId, body.bankReference))).toHaveLength(1);
    const debit = { messageId: messageId(), walletId: wallet.id, amount: '25.50', currency: wallet.currencyCode };
    expect((await send('/api/dbs/v1/notification/idn', debit)).statusCode).toBe(200);
    expect(Number(await balanceOf()) - before).toBeCloseTo(100, 6);
    const wrongCurrency = await send('/api/dbs/v1/notification/icn', {
      ...body,
      messageId: messageId(),
      currency: wallet.currencyCode === 'USD' ? 'EUR' : 'USD',
    });
    expect(wrongCurrency.statusCode).toBe(400);
    expect(wrongCurrency.json().invalidParameters[0].parameter).toBe('currency');
  });
});
