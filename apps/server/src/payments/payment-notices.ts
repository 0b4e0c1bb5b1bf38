import type { Tx } from '../db/database.ts';
import { notify, type NewNotification } from '../notifications/notification-service.ts';
import type { PaymentRow } from './payment-schema.ts';

/**
 * A payment failed (the bank refused its payout) or was refused (rejected by its TSP): its merchant is told
 * why; a failure also tells the TSP, whose desk retries or returns it. A merchant refusing its own draft
 * tells nobody.
 */
export async function noticePaymentStep(tx: Tx, after: PaymentRow, actorOrgId: string | null | undefined, reason: string | null, now: Date): Promise<void> {
  if (after.status !== 'FAILED' && after.status !== 'REJECTED') return;
  if (after.status === 'REJECTED' && actorOrgId === after.merchantId) return;
  const base = {
    subjectType: 'PAYMENT' as const,
    subjectId: after.paymentId,
    params: { reference: after.paymentId, amount: after.sendAmount, currency: after.sendCurrency, reason: reason ?? after.failureReason },
  };
  const kind = after.status === 'FAILED' ? 'PAYMENT_FAILED' : 'PAYMENT_REJECTED';
  const out: NewNotification[] = [{ ...base, orgId: after.merchantId, kind, dedupeKey: `${kind}:${after.id}:${after.version}` }];
  if (after.status === 'FAILED') out.push({ ...base, orgId: after.serviceProviderId, kind, dedupeKey: `${kind}:${after.id}:${after.version}` });
  await notify(tx, out, now);
}
