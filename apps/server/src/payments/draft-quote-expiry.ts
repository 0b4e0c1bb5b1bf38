import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { notify } from '../notifications/notification-service.ts';
import { quoteTerms } from '../quotes/quote-service.ts';
import { payments } from './payment-schema.ts';

/** How often the server looks for drafts whose quote has just expired. */
export const DRAFT_QUOTE_SWEEP_MS = 60_000;
/** A quote that expired longer ago than this was seen by an earlier run (a server down longer tells no one late). */
const LOOKBACK_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/**
 * A draft waiting to be sent (queued offline, or saved for later) holds a quote that expires: its maker is
 * told once, so they ask for a new quote before sending it rather than learn it at the send. Told once per
 * draft and quote, however often this runs (the notification's dedupe key).
 */
export async function noticeExpiredDraftQuotes(db: Db, now: Date): Promise<number> {
  const rows = await db
    .select({
      id: payments.id,
      paymentId: payments.paymentId,
      merchantId: payments.merchantId,
      createdBy: payments.createdBy,
      quoteId: quoteTerms.id,
      amount: payments.sendAmount,
      currency: payments.sendCurrency,
    })
    .from(payments)
    .innerJoin(quoteTerms, eq(quoteTerms.id, payments.quoteId))
    .where(and(eq(payments.status, 'DRAFTED'), lte(quoteTerms.expireAt, now), gt(quoteTerms.expireAt, new Date(now.getTime() - LOOKBACK_MS))))
    .orderBy(asc(quoteTerms.expireAt))
    .limit(BATCH);
  await notify(
    db,
    rows.map((r) => ({
      orgId: r.merchantId,
      userId: r.createdBy,
      kind: 'DRAFT_QUOTE_EXPIRED' as const,
      subjectType: 'PAYMENT' as const,
      subjectId: r.paymentId,
      params: { reference: r.paymentId, amount: r.amount, currency: r.currency },
      dedupeKey: `draft-quote:${r.id}:${r.quoteId}`,
    })),
    now,
  );
  return rows.length;
}
