import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { paymentTransition, type PaymentAction, type PaymentActor } from '@corridor/domain';
import type { Tx } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { paymentEvents, payments, payoutOutbox, type PaymentRow } from './payment-schema.ts';

/** Who takes a payment action: the actor type decides what the transition table allows. */
export interface PaymentActorRef {
  type: PaymentActor;
  userId?: string | null;
  name?: string | null;
  orgId?: string | null;
}

/**
 * Locks the payment, checks the transition table, writes the event and, on a move to PROCESSING, the
 * payout outbox row (attempt = previous max + 1) in the same transaction. The money moves in the
 * payments core's version of this function.
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
    throw new AppError('INVALID_STATE_TRANSITION', `The payment is ${payment.status}: it cannot take the action ${action}`, [
      { parameter: 'status', message: `is ${payment.status}` },
    ]);
  }
  const reason = opts?.reason ?? null;
  const [updated] = await tx
    .update(payments)
    .set({ status: transition.to, version: sql`${payments.version} + 1`, updatedAt: now, ...(action === 'fail' ? { failureReason: reason } : {}) })
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
  if (transition.to === 'PROCESSING') {
    const [last] = await tx
      .select({ attempt: sql<number | null>`max(${payoutOutbox.attempt})` })
      .from(payoutOutbox)
      .where(eq(payoutOutbox.paymentId, payment.id));
    await tx
      .insert(payoutOutbox)
      .values({ id: uuidv7(), paymentId: payment.id, attempt: Number(last?.attempt ?? 0) + 1, status: 'PENDING', availableAt: now, createdAt: now });
  }
  return updated as PaymentRow;
}
