import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/transaction.ts';
import { applyPaymentAction } from '../payments/payment-lifecycle.ts';
import { paymentFailures, payments, payoutOutbox } from '../payments/payment-schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { SIGNATURE_HEADER, signCallback } from './bank-signature.ts';
import { BankSimulator, type CallbackSender } from './bank-simulator.ts';
import { backoffMs, runRailOnce, sweepUnanswered, type BankTransport } from './rail.ts';
import { processingPayment } from '../test/payout-fixtures.ts';

let server: TestServer;
let bank: BankSimulator;
let transport: BankTransport;
/** Set by a test to make the bank unreachable. */
let bankDown = false;

beforeAll(async () => {
  server = await startTestServer();
  const notify: CallbackSender = async (path, body) => {
    const raw = JSON.stringify(body);
    const res = await server.app.inject({
      method: 'POST',
      url: path,
      payload: raw,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signCallback(server.config.bank.callbackSecret, raw, server.config.now()) },
    });
    if (res.statusCode !== 200) throw new Error(`callback ${res.statusCode}: ${res.body}`);
  };
  bank = new BankSimulator({ delayMs: 0, failureRate: 0, notify });
  transport = {
    send: async (instruction) => {
      if (bankDown) throw new Error('connect ECONNREFUSED');
      bank.receive(instruction);
    },
  };
});
afterAll(async () => {
  await bank.close();
  await server.close();
});

const options = () => ({ workerId: 'test-rail', now: server.config.now });

async function statusOf(id: string) {
  const [row] = await server.database.db.select().from(payments).where(eq(payments.id, id));
  return row?.status;
}
async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('payout rail', () => {
  it('sends a PROCESSING payment once, marks its attempt SENT with who claimed it, and the bank completes it', async () => {
    const p = await processingPayment(server.database.db);
    expect(await runRailOnce(server.database.db, transport, options())).toBeGreaterThanOrEqual(1);
    const [row] = await server.database.db.select().from(payoutOutbox).where(eq(payoutOutbox.paymentId, p.id));
    expect(row).toMatchObject({ attempt: 1, claimedBy: 'test-rail', tries: 1 });
    expect(row?.sentAt).toBeInstanceOf(Date);
    await until(async () => (await statusOf(p.id)) === 'COMPLETED');
    // Nothing left to send: a second round sends nothing again.
    expect(await runRailOnce(server.database.db, transport, options())).toBe(0);
    expect(bank.instructions.get(p.paymentId)).toBe(1);
  });

  it('a send the transport refused goes back to the queue after a backoff and is logged; it is sent when due', async () => {
    const p = await processingPayment(server.database.db);
    bankDown = true;
    expect(await runRailOnce(server.database.db, transport, options())).toBe(0);
    bankDown = false;
    const [row] = await server.database.db.select().from(payoutOutbox).where(eq(payoutOutbox.paymentId, p.id));
    expect(row).toMatchObject({ status: 'PENDING', tries: 1, lastError: 'connect ECONNREFUSED' });
    expect(row!.availableAt.getTime()).toBeGreaterThan(Date.now() + backoffMs(1) - 500);
    const failures = await server.database.db.select().from(paymentFailures).where(eq(paymentFailures.paymentId, p.id));
    expect(failures).toMatchObject([{ step: 'RAIL_SEND', errorCode: 'BANK_SEND_FAILED', retried: true }]);
    // Not due yet: nothing is sent.
    expect(await runRailOnce(server.database.db, transport, options())).toBe(0);
    server.advance(backoffMs(1) + 10);
    expect(await runRailOnce(server.database.db, transport, options())).toBe(1);
    await until(async () => (await statusOf(p.id)) === 'COMPLETED');
    expect(bank.instructions.get(p.paymentId)).toBe(1);
  });

  it('a re-push makes attempt 2; the bank keys by payment id and pays once', async () => {
    const slow = new BankSimulator({ delayMs: 60_000, failureRate: 0, notify: async () => undefined });
    const p = await processingPayment(server.database.db);
    const slowTransport: BankTransport = { send: async (i) => slow.receive(i) };
    await runRailOnce(server.database.db, slowTransport, options());
    await inTransaction(server.database.db, (tx) => applyPaymentAction(tx, p.id, 'repush', { type: 'TSP', name: 'Ops' }, { now: server.config.now() }));
    await runRailOnce(server.database.db, slowTransport, options());
    const rows = await server.database.db.select().from(payoutOutbox).where(eq(payoutOutbox.paymentId, p.id)).orderBy(payoutOutbox.attempt);
    expect(rows.map((r) => [r.attempt, r.status])).toEqual([
      [1, 'SENT'],
      [2, 'SENT'],
    ]);
    expect(slow.instructions.get(p.paymentId)).toBe(2);
    expect(slow.payouts.size).toBe(1);
    await slow.close();
  });

  it('an attempt claimed but never answered (a crash between claim and send) is pushed again by the sweep', async () => {
    const p = await processingPayment(server.database.db);
    // The claim commits, the process dies before sending: a SENT row the bank never saw.
    await runRailOnce(server.database.db, { send: async () => new Promise<void>((resolve) => resolve()) }, options());
    expect(await sweepUnanswered(server.database.db, server.config.now(), 60_000)).toBe(0);
    server.advance(61_000);
    expect(await sweepUnanswered(server.database.db, server.config.now(), 60_000)).toBeGreaterThanOrEqual(1);
    const rows = await server.database.db.select().from(payoutOutbox).where(eq(payoutOutbox.paymentId, p.id)).orderBy(payoutOutbox.attempt);
    expect(rows.map((r) => [r.attempt, r.status])).toEqual([
      [1, 'DEAD'],
      [2, 'PENDING'],
    ]);
    await runRailOnce(server.database.db, transport, options());
    await until(async () => (await statusOf(p.id)) === 'COMPLETED');
    expect(bank.instructions.get(p.paymentId)).toBe(1);
  });
});
