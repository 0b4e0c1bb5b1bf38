import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { type PaymentStatus } from '@corridor/domain';
import type { Db, Tx } from '../db/database.ts';
import { boundValues, shapeOf, statements } from '../db/statement.ts';
import { databaseOf, inTransaction } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import type { RateBook } from '../rates/rate-service.ts';
import { paymentDto, type PaymentDto } from './payment-dto.ts';
import { movePaymentFunds } from './payment-ledger.ts';
import { payments, type PaymentRow } from './payment-schema.ts';
import { refuseUnlessMayTransact } from '../merchant-profiles/merchant-authorization-service.ts';
import { compactDay, randomTail } from '../lib/references.ts';

import { actorOf } from './payment-caller.ts';
import { pricePayment } from './payment-pricing.ts';
import type { PaymentCaller, PaymentCreate } from './payment-types.ts';

// Creating a payment or a draft: priced (`payment-pricing.ts`), written with its first event, its funds held.

function newPaymentId(now: Date): string {
  return `PMT${compactDay(now)}${randomTail(10)}`;
}

/**
 * A create's payment row and its first timeline event, in one statement built once per set of columns
 * named (`statements`). A draftId already used inserts no payment, and then no event: the answer is empty.
 */
const insertPaymentWithEvent = statements((q, shape: string) => {
  const inserted = q.$with('inserted').as(
    q
      .insert(payments)
      .values(boundValues(payments, shape.split(',')))
      .onConflictDoNothing()
      .returning(),
  );
  const event = q.$with('event', { id: sql<string>`id` }).as(
    sql`insert into payment_events (id, payment_id, action, from_status, to_status, actor_type, actor_id, actor_name, actor_org_id, at)
      select ${sql.placeholder('eventId')}::text, inserted.id, ${sql.placeholder('action')}::text, null, inserted.status,
        ${sql.placeholder('actorType')}::text, ${sql.placeholder('actorId')}::text, ${sql.placeholder('actorName')}::text,
        ${sql.placeholder('actorOrgId')}::text, inserted.created_at
      from inserted returning id`,
  );
  return q.with(inserted, event).select().from(inserted);
});
type PaymentInsert = typeof payments.$inferInsert;

/**
 * Creates a payment (INITIATED, its funds held on the wallet in the same transaction) or a draft
 * (DRAFTED, nothing held). A draftId lands once for ever per merchant: the same id with the same body
 * answers the stored payment, with another body DRAFT_ID_REUSED; concurrent copies meet on the unique
 * index, so exactly one row is written.
 */
export async function createPayment(
  db: Db,
  book: RateBook,
  caller: PaymentCaller,
  body: PaymentCreate,
  mode: 'draft' | 'initiate',
  now: Date,
): Promise<PaymentDto> {
  const { values, wallet, callerName, authorization } = await pricePayment(db, book, caller, body, now);
  // A merchant whose authorization is paused, blocked or expired pays nothing out (a draft neither: it is a payment to come).
  // Its authorization at the wallet's TSP was read with the wallet, in this request.
  refuseUnlessMayTransact(authorization, 'walletId', now);
  const actor = await actorOf(db, caller, callerName);
  const write = async (tx: Tx): Promise<PaymentRow> => {
    const status: PaymentStatus = mode === 'draft' ? 'DRAFTED' : 'INITIATED';
    const row: PaymentInsert = {
      ...values,
      id: uuidv7(),
      paymentId: newPaymentId(now),
      status,
      createdBy: caller.userId,
      createdByName: actor.name,
      createdAt: now,
    };
    const [inserted] = await insertPaymentWithEvent(tx, shapeOf(row), {
      ...row,
      eventId: uuidv7(),
      action: mode === 'draft' ? 'draft' : 'create',
      actorType: actor.type,
      actorId: actor.userId ?? null,
      actorName: actor.name,
      actorOrgId: actor.orgId ?? null,
    });
    if (!inserted) {
      const [existing] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.merchantId, values.merchantId), eq(payments.draftId, values.draftId ?? '')));
      if (!existing) throw new AppError('INTERNAL_ERROR', 'A payment collided with another and was not found');
      if (existing.requestHash !== values.requestHash) {
        throw new AppError('DRAFT_ID_REUSED', undefined, [{ parameter: 'draftId', message: `was used for payment ${existing.paymentId} with another body` }]);
      }
      return existing;
    }
    if (mode === 'initiate') await movePaymentFunds(tx, inserted, 'hold', now, caller.userId, wallet);
    return inserted;
  };
  // Inside an idempotent request's transaction a refusal rolls the whole request back: no savepoint needed.
  const row = databaseOf(db) !== db ? await write(db as Tx) : await inTransaction(db, write);
  return paymentDto(row);
}
