import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { paymentTransition, type PaymentAction, type PaymentActor } from '@corridor/domain';
import type { Tx } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { movePaymentFunds } from './payment-ledger.ts';
import { noticePaymentStep } from './payment-notices.ts';
import { paymentEvents, payments, payoutOutbox, type PaymentRow } from './payment-schema.ts';

/** Who takes a payment action: the actor type decides what the transition table allows. */
export interface PaymentActorRef {
  type: PaymentActor;
  userId?: string | null;
  name?: string | null;
  orgId?: string | null;
}

/**
 * Locks the payment row (FOR UPDATE), checks PAYMENT_TRANSITIONS via paymentTransition (409 INVALID_TRANSITION naming the
 * current status; nothing changes), moves the money through the ledger in the same transaction (funds hold/release/settle),
 * bumps version, sets status/updatedAt/updatedBy (failureReason on fail), writes a payment_events row, and when the new
 * status is PROCESSING (process, retry, repush) inserts a payout_outbox row (attempt = previous max + 1, status PENDING).
 */
export async function applyPaymentAction(
  tx: Tx,
  paymentRowId: string,
  action: PaymentAction,
  actor: PaymentActorRef,
  opts?: { reason?: string | null; details?: Record<string, unknown>; now?: Date },
): Promise<PaymentRow> {
  const now = opts?.now ?? new Date();
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentRowId)).for('update');
  if (!payment) throw new AppError('NOT_FOUND', `No payment ${paymentRowId}`, [{ parameter: 'paymentId', message: 'does not exist' }]);
  const transition = paymentTransition(payment.status, action, actor.type);
  if (!transition) {
    throw new AppError('INVALID_TRANSITION', `The payment is ${payment.status}: it cannot take the action ${action}`, [
      { parameter: 'status', message: `is ${payment.status}` },
    ]);
  }
  // The ledger first: a refused hold (INSUFFICIENT_FUNDS) throws before anything about the payment changes.
  await movePaymentFunds(tx, payment, transition.funds, now, actor.userId);
  const reason = opts?.reason ?? null;
  const [updated] = await tx
    .update(payments)
    .set({
      status: transition.to,
      version: sql`${payments.version} + 1`,
      updatedAt: now,
      updatedBy: actor.userId ?? null,
      ...(action === 'fail' ? { failureReason: reason } : {}),
      ...(transition.to === 'PROCESSING' && payment.status !== 'PROCESSING' ? { transactionDate: now } : {}),
    })
    .where(eq(payments.id, payment.id))
    .returning();
  await tx.insert(paymentEvents).values({
    id: uuidv7(),
    paymentId: payment.id,
    action,
    fromStatus: payment.status,
    toStatus: transition.to,
    actorType: actor.type,
    actorId: actor.userId ?? null,
    actorName: actor.name ?? null,
    actorOrgId: actor.orgId ?? null,
    reason,
    details: opts?.details ?? null,
    at: now,
  });
  await noticePaymentStep(tx, updated as PaymentRow, actor.orgId, reason, now);
  if (transition.to === 'PROCESSING') {
    // The row is locked, so no other transaction computes the same next attempt.
    const [last] = await tx
      .select({ attempt: sql<number | null>`max(${payoutOutbox.attempt})` })
      .from(payoutOutbox)
      .where(eq(payoutOutbox.paymentId, payment.id));
    await tx.insert(payoutOutbox).values({
      id: uuidv7(),
      paymentId: payment.id,
      attempt: Number(last?.attempt ?? 0) + 1,
      status: 'PENDING',
      availableAt: now,
      createdAt: now,
    });
  }
  return updated as PaymentRow;
}
