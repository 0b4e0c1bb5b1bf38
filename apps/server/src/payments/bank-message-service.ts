import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Tx } from '../db/database.ts';
import { bankCallbacks, payments } from './payment-schema.ts';

// The bank's messages as the callbacks take them: each message id once, and the payment an answer is about,
// locked until its transaction ends.

/** Takes the bank's message id once: false when it was already taken (a replay). */
export async function takeBankMessage(
  tx: Tx,
  kind: 'ACK' | 'IDN' | 'ICN',
  messageId: string,
  paymentId: string | null,
  body: Record<string, unknown>,
  outcome: string,
  now: Date,
): Promise<boolean> {
  const inserted = await tx
    .insert(bankCallbacks)
    .values({ id: uuidv7(), messageId, kind, paymentId, body, outcome, receivedAt: now })
    .onConflictDoNothing({ target: bankCallbacks.messageId })
    .returning({ id: bankCallbacks.id });
  return inserted.length > 0;
}

/** The payment of that reference (its `paymentId`), locked FOR UPDATE; undefined when there is none. */
export async function lockPaymentByReference(tx: Tx, reference: string) {
  const [payment] = await tx.select().from(payments).where(eq(payments.paymentId, reference)).for('update');
  return payment;
}
