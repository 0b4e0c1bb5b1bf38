import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/database.ts';
import { claimJobs, finishClaim, type JobQueue } from '../db/job-queue.ts';
import { payments, payoutOutbox } from './payment-schema.ts';

// The payout outbox as the payout rail works it: the lifecycle writes an attempt when a payment goes to the
// bank, the rail claims, sends and closes it. The rail reaches the outbox and the payments only through these.

/** An outbox row the rail has claimed: one attempt of a payment's payout, and the sends tried so far. */
export interface ClaimedPayout {
  id: string;
  payment_id: string;
  attempt: number;
  tries: number;
}

/** The outbox as a queue: a row a process has claimed is SENT; claimed_at is when. */
const OUTBOX_QUEUE: JobQueue = { table: 'payout_outbox', claimedStatus: 'SENT', heartbeat: 'claimed_at' };

/**
 * Claims due PENDING rows with FOR UPDATE SKIP LOCKED and marks them SENT in the same statement, so any
 * number of processes share the queue and no row is handed to two of them.
 */
export async function claimOutbox(tx: Tx, workerId: string, now: Date, limit: number): Promise<ClaimedPayout[]> {
  return claimJobs<ClaimedPayout>(tx, OUTBOX_QUEUE, {
    workerId,
    now,
    ready: sql`status = 'PENDING' AND available_at <= ${now.toISOString()}::timestamptz`,
    order: sql`available_at`,
    limit,
    set: sql`sent_at = ${now.toISOString()}::timestamptz, tries = tries + 1`,
  });
}

/** The payments of claimed attempts (one read). */
export async function paymentsOfClaims(tx: Tx, claimed: readonly ClaimedPayout[]) {
  return tx
    .select()
    .from(payments)
    .where(
      inArray(
        payments.id,
        claimed.map((c) => c.payment_id),
      ),
    );
}

/** Claimed attempts with nothing to send (the payment was cancelled or answered meanwhile) are DONE. */
export async function settleOutbox(tx: Tx, ids: string[]): Promise<void> {
  await tx.update(payoutOutbox).set({ status: 'DONE' }).where(inArray(payoutOutbox.id, ids));
}

/**
 * Gives back a claim whose send failed: PENDING again from `retryAt`, or DEAD when `retryAt` is null (the last
 * try). Only the claim that holds the row finishes it.
 */
export async function returnOutboxClaim(tx: Tx, claim: { id: string; workerId: string }, error: string, retryAt: Date | null): Promise<void> {
  await finishClaim(
    tx,
    { queue: OUTBOX_QUEUE, id: claim.id, workerId: claim.workerId },
    retryAt === null
      ? sql`status = 'DEAD', last_error = ${error}`
      : sql`status = 'PENDING', last_error = ${error}, available_at = ${retryAt.toISOString()}::timestamptz`,
  );
}

/**
 * SENT attempts sent before `cutoff` that the bank never answered, of payments still PROCESSING and with no later
 * attempt: locked with SKIP LOCKED, at most 100, oldest first.
 */
export async function unansweredAttempts(tx: Tx, cutoff: string) {
  return rowsOf<{ id: string; payment_id: string; attempt: number }>(
    await tx.execute(sql`
        SELECT o.id, o.payment_id, o.attempt FROM payout_outbox o JOIN payments p ON p.id = o.payment_id
        WHERE o.status = 'SENT' AND o.sent_at < ${cutoff}::timestamptz AND p.status = 'PROCESSING'
          AND NOT EXISTS (SELECT 1 FROM payout_outbox n WHERE n.payment_id = o.payment_id AND n.attempt > o.attempt)
        ORDER BY o.sent_at LIMIT 100 FOR UPDATE OF o SKIP LOCKED`),
  );
}

/** An attempt given up (the payment is pushed again as a new one). */
export async function retireOutboxAttempt(tx: Tx, id: string, error: string): Promise<void> {
  await tx.update(payoutOutbox).set({ status: 'DEAD', lastError: error }).where(eq(payoutOutbox.id, id));
}

/** The bank has answered the payment: no attempt of it is waiting any longer. */
export async function closeOutboxOf(tx: Tx, paymentId: string): Promise<void> {
  await tx
    .update(payoutOutbox)
    .set({ status: 'DONE' })
    .where(and(eq(payoutOutbox.paymentId, paymentId), inArray(payoutOutbox.status, ['PENDING', 'SENT'])));
}
