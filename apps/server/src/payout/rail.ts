import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { recordPaymentFailure } from '../payments/payment-failure-service.ts';
import { applyPaymentAction } from '../payments/payment-service.ts';
import {
  claimOutbox,
  paymentsOfClaims,
  retireOutboxAttempt,
  returnOutboxClaim,
  settleOutbox,
  unansweredAttempts,
  type ClaimedPayout,
} from '../payments/payout-outbox-service.ts';
import type { PayoutInstruction } from './bank-simulator.ts';
import { tryJobLock } from '../db/job-lock.ts';
import { JobPoller } from '../db/job-queue.ts';

/** How the rail reaches the bank: in process (the simulator beside the server) or over HTTP. */
export interface BankTransport {
  /** Resolves once the bank has taken the instruction; throws when it did not (the rail tries again). */
  send(instruction: PayoutInstruction): Promise<void>;
}

/** The bank over HTTP (BANK_URL): POST /bank/payouts. */
export function httpBankTransport(bankUrl: string, timeoutMs = 10_000): BankTransport {
  return {
    async send(instruction) {
      const res = await fetch(`${bankUrl}/bank/payouts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(instruction),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`the bank answered ${res.status}`);
    },
  };
}

export interface RailOptions {
  /** Names this process in claimed_by (host:pid or a test's name). */
  workerId: string;
  now: () => Date;
  /** Rows claimed per round. */
  batch?: number;
  pollMs?: number;
  /** Transport failures of one attempt before it is given up (the payment stays PROCESSING for a re-push). */
  maxTries?: number;
  /** A SENT attempt the bank has not answered in this long is sent again as a new attempt. */
  answerTimeoutMs?: number;
  log?: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
}

/**
 * Backoff of a failed send: 1 s, 2 s, 4 s ... at most five minutes.
 * @internal used by its tests
 */
export function backoffMs(tries: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, tries - 1), 300_000);
}

type Claimed = ClaimedPayout;

/**
 * Claims due PENDING rows with FOR UPDATE SKIP LOCKED and marks them SENT in the same statement, so any
 * number of processes share the queue and no row is handed to two of them. Returns the instructions to send.
 * @internal
 */
export async function claimPayouts(
  db: Db,
  workerId: string,
  now: Date,
  limit: number,
): Promise<Array<{ row: Claimed; instruction: PayoutInstruction | null }>> {
  return inTransaction(db, async (tx) => {
    const claimed = await claimOutbox(tx, workerId, now, limit);
    if (claimed.length === 0) return [];
    const rows = await paymentsOfClaims(tx, claimed);
    const byId = new Map(rows.map((p) => [p.id, p]));
    const out: Array<{ row: Claimed; instruction: PayoutInstruction | null }> = [];
    const settled: string[] = [];
    for (const row of claimed) {
      const payment = byId.get(row.payment_id);
      // Cancelled or answered meanwhile: nothing to send.
      if (!payment || payment.status !== 'PROCESSING') {
        settled.push(row.id);
        out.push({ row, instruction: null });
        continue;
      }
      out.push({
        row,
        instruction: {
          paymentId: payment.paymentId,
          attempt: Number(row.attempt),
          amount: payment.receiveAmount,
          currency: payment.receiveCurrency,
          receiver: {
            name: payment.receiver.name,
            iban: payment.receiver.iban ?? null,
            accountNumber: payment.receiver.accountNumber ?? null,
            bankCode: payment.receiver.bankCode ?? null,
            countryCode: payment.receiver.countryCode,
          },
        },
      });
    }
    if (settled.length > 0) await settleOutbox(tx, settled);
    return out;
  });
}

/** A send that failed at the transport: back to PENDING after a backoff, or DEAD after the last try; logged. */
async function sendFailed(db: Db, row: Claimed, workerId: string, error: unknown, now: Date, maxTries: number): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const dead = Number(row.tries) >= maxTries;
  await inTransaction(db, async (tx) => {
    await returnOutboxClaim(tx, { id: row.id, workerId }, message, dead ? null : new Date(now.getTime() + backoffMs(Number(row.tries))));
    await recordPaymentFailure(tx, {
      paymentId: row.payment_id,
      step: 'RAIL_SEND',
      errorCode: dead ? 'BANK_UNREACHABLE' : 'BANK_SEND_FAILED',
      message: `attempt ${row.attempt}, try ${row.tries}: ${message}`,
      retried: !dead,
      occurredAt: now,
    });
  });
}

/**
 * One round: claim, send, record failures. Returns how many instructions went to the bank.
 * @internal used by its tests
 */
export async function runRailOnce(db: Db, transport: BankTransport, options: RailOptions): Promise<number> {
  const now = options.now();
  const claimed = await claimPayouts(db, options.workerId, now, options.batch ?? 50);
  let sent = 0;
  await Promise.all(
    claimed.map(async ({ row, instruction }) => {
      if (!instruction) return;
      try {
        await transport.send(instruction);
        sent += 1;
      } catch (error) {
        await sendFailed(db, row, options.workerId, error, options.now(), options.maxTries ?? 8);
      }
    }),
  );
  return sent;
}

/**
 * SENT attempts the bank never answered (a process died between its claim and its send, or the bank lost
 * it): the payment is re-pushed as a new attempt, which the bank keys by payment id and pays once. One
 * process sweeps at a time (advisory lock); the rows are also claimed with SKIP LOCKED.
 * @internal used by its tests
 */
export async function sweepUnanswered(db: Db, now: Date, answerTimeoutMs: number): Promise<number> {
  return inTransaction(db, async (tx) => {
    if (!(await tryJobLock(tx, 'payout-answer-sweep'))) return 0;
    const cutoff = new Date(now.getTime() - answerTimeoutMs).toISOString();
    const stale = await unansweredAttempts(tx, cutoff);
    for (const row of stale) {
      await retireOutboxAttempt(tx, row.id, 'no answer from the bank');
      await applyPaymentAction(tx, row.payment_id, 'repush', { type: 'SYSTEM', name: 'Payout rail' }, { reason: `no answer to attempt ${row.attempt}`, now });
    }
    return stale.length;
  });
}

/** The rail in this process: polls the queue until stopped. Safe with any number of processes. */
export class RailWorker extends JobPoller {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly transport: BankTransport,
    private readonly options: RailOptions,
  ) {
    super();
  }

  protected async round(): Promise<boolean> {
    const sent = await runRailOnce(this.db, this.transport, this.options);
    try {
      const timeout = this.options.answerTimeoutMs ?? 120_000;
      const now = this.options.now();
      if (now.getTime() - this.lastSweep >= Math.min(timeout, 30_000)) {
        this.lastSweep = now.getTime();
        const repushed = await sweepUnanswered(this.db, now, timeout);
        if (repushed > 0) this.options.log?.info({ repushed }, 'payouts the bank did not answer were pushed again');
      }
    } catch (error) {
      this.roundFailed(error);
    }
    // A full batch means more is waiting: go again at once.
    return sent >= (this.options.batch ?? 50);
  }

  protected pollMs(): number {
    return this.options.pollMs ?? 250;
  }

  protected roundFailed(error: unknown): void {
    this.options.log?.error({ err: error }, 'payout rail round failed; it runs again');
  }
}
