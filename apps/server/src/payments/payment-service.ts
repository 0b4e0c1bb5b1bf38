import { and, asc, count, desc, eq, inArray, or, sum, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { v7 as uuidv7 } from 'uuid';
import type { cancellationRequest, cancellationStatus, paymentSummaryRow, payoutBank, processOutcome } from '@corridor/api';
import { Dec, type PaymentAction, type PaymentStatus } from '@corridor/domain';
import type { Db, Tx } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { bankCountryCurrencies, banks } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { COUNT_LOOKAHEAD } from '../http/bounded-count.ts';
import { listResource, resourceWhere } from '../http/resource-engine.ts';
import { pageAnswer } from '../http/paging.ts';
import { usableQuote } from '../quotes/quote-service.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { type Tenant } from '../tenant/tenant.ts';
import { paymentDto, type PaymentDto } from './payment-dto.ts';
import { applyPaymentAction } from './payment-lifecycle.ts';
import { draftResource, paymentResource, paymentScope, type DraftFilter, type PaymentFilter } from './payment-resource.ts';
import { paymentCancellations, paymentEvents, payments, type PaymentRow } from './payment-schema.ts';
import { assertMerchantMayTransact } from '../merchant-profiles/merchant-authorization-service.ts';
import { actorOf, invalid } from './payment-caller.ts';
import type { PaymentCaller } from './payment-types.ts';

/** The payout rail and the bank callbacks move a payment through its one lifecycle and answer it as the payments calls do. */
export { applyPaymentAction } from './payment-lifecycle.ts';
export { paymentDto } from './payment-dto.ts';

type CancellationStatus = z.input<typeof cancellationStatus>;

/** A payment the caller may see, by its row id or its paymentId; 404 naming the field otherwise. */
async function visiblePayment(db: Db | Tx, tenant: Tenant | null, id: string, field = 'id'): Promise<PaymentRow> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(or(eq(payments.id, id), eq(payments.paymentId, id)), paymentScope(tenant)));
  if (!row) throw foreignId(field, 'payment', id);
  return row;
}

export async function getPayment(db: Db, tenant: Tenant | null, id: string): Promise<PaymentDto> {
  const row = await visiblePayment(db, tenant, id);
  const events = await db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, row.id)).orderBy(asc(paymentEvents.at), asc(paymentEvents.id));
  return paymentDto(row, events);
}

/** Quotes expire: a cross-currency payment is only held again (initiate, retry) on a quote still usable. */
async function checkQuote(db: Db, tenant: Tenant | null, row: PaymentRow, now: Date): Promise<void> {
  if (row.quoteId === null || tenant === null) return;
  await usableQuote(db, row.quoteId, tenant, now);
}

/**
 * One action on one payment the caller may see. The TSP may not process a payment its own user created
 * (maker-checker); the lifecycle checks the transition table and moves the money.
 */
export async function actOnPayment(
  db: Db,
  caller: PaymentCaller,
  id: string,
  action: PaymentAction,
  now: Date,
  opts: { reason?: string | null | undefined; field?: string } = {},
): Promise<PaymentRow> {
  const row = await visiblePayment(db, caller.tenant, id, opts.field ?? 'id');
  if (action === 'process' && row.createdBy === caller.userId) {
    throw new AppError('MAKER_CHECKER', `You created payment ${row.paymentId}; another user must process it`, [
      { parameter: opts.field ?? 'id', message: 'was created by you' },
    ]);
  }
  if ((action === 'initiate' || action === 'retry') && (row.status === 'DRAFTED' || row.status === 'FAILED')) await checkQuote(db, caller.tenant, row, now);
  // Sending a payment on (initiating a draft, processing, retrying) is a transaction the merchant's authorization must allow.
  if (action === 'initiate' || action === 'retry' || action === 'process') {
    await assertMerchantMayTransact(db, row.merchantId, row.serviceProviderId, opts.field ?? 'id', now);
  }
  const actor = await actorOf(db, caller);
  return inTransaction(db, (tx) => applyPaymentAction(tx, row.id, action, actor, { reason: opts.reason ?? null, now }));
}

/** One action answered as the payment; `field` is where the id came from, so a refusal names it. */
export async function actOnPaymentDto(db: Db, caller: PaymentCaller, id: string, action: PaymentAction, now: Date, field = 'id'): Promise<PaymentDto> {
  return paymentDto(await actOnPayment(db, caller, id, action, now, { field }));
}

/** The same action on several payments, all or nothing: one refusal leaves every payment as it was. */
export async function actOnPayments(db: Db, caller: PaymentCaller, ids: string[], action: PaymentAction, now: Date, reason?: string): Promise<PaymentDto[]> {
  const rows = await Promise.all(ids.map((id) => visiblePayment(db, caller.tenant, id, 'paymentIds')));
  if (action === 'process') {
    const own = rows.find((r) => r.createdBy === caller.userId);
    if (own)
      throw new AppError('MAKER_CHECKER', `You created payment ${own.paymentId}; another user must process it`, [
        { parameter: 'paymentIds', message: `${own.paymentId} was created by you` },
      ]);
  }
  const actor = await actorOf(db, caller);
  const updated = await inTransaction(db, async (tx) => {
    const out: PaymentRow[] = [];
    for (const row of rows) out.push(await applyPaymentAction(tx, row.id, action, actor, { reason: reason ?? null, now }));
    return out;
  });
  return updated.map((r) => paymentDto(r));
}

/** Bulk processing: each payment on its own, so one refusal does not stop the others. */
export async function processPending(
  db: Db,
  caller: PaymentCaller,
  query: DraftFilter & { paymentIds?: string[] | undefined },
  now: Date,
): Promise<z.input<typeof processOutcome>> {
  let ids: string[];
  if (query.paymentIds && query.paymentIds.length > 0) {
    // Ids the caller names are its own or the whole call is the 404 naming paymentIds: a refusal in
    // `failed` is for a payment of its own the lifecycle turned down, never for another TSP's.
    await Promise.all(query.paymentIds.map((id) => visiblePayment(db, caller.tenant, id, 'paymentIds')));
    ids = query.paymentIds;
  } else {
    const where = and(resourceWhere(draftResource, { ...query, statuses: ['INITIATED'] }, paymentScope(caller.tenant)));
    ids = (await db.select({ id: payments.paymentId }).from(payments).where(where).orderBy(asc(payments.createdAt)).limit(500)).map((r) => r.id);
  }
  const processed: string[] = [];
  const failed: Array<{ paymentId: string; code: string; message: string }> = [];
  for (const id of ids) {
    try {
      const row = await actOnPayment(db, caller, id, 'process', now, { field: 'paymentIds' });
      processed.push(row.paymentId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failed.push({ paymentId: id, code: error.code, message: error.message });
    }
  }
  return { processed, failed };
}

const listScope = (tenant: Tenant | null, status?: PaymentStatus): SQL | undefined =>
  and(paymentScope(tenant), status ? eq(payments.status, status) : undefined);

/** Payments grow without end: the total is counted up to `lookahead` rows past the page (`totalKind`). */
export async function listPayments(db: Db, tenant: Tenant | null, query: PaymentFilter, lookahead = COUNT_LOOKAHEAD) {
  const page = await listResource(db, paymentResource, query, listScope(tenant), lookahead);
  return { ...page, content: page.content.map((r) => paymentDto(r)) };
}

export async function listDrafts(db: Db, tenant: Tenant | null, query: DraftFilter, status: PaymentStatus, lookahead = COUNT_LOOKAHEAD) {
  const page = await listResource(db, draftResource, query, listScope(tenant, status), lookahead);
  return { ...page, content: page.content.map((r) => paymentDto(r)) };
}

/** Count and total send amount by status and currency. */
async function summarise(db: Db, where: SQL | undefined): Promise<Array<z.input<typeof paymentSummaryRow>>> {
  const rows = await db
    .select({ status: payments.status, currency: payments.sendCurrency, count: count(), total: sum(payments.sendAmount) })
    .from(payments)
    .where(where)
    .groupBy(payments.status, payments.sendCurrency)
    .orderBy(payments.status, payments.sendCurrency);
  return rows.map((r) => ({ status: r.status, currency: r.currency, count: Number(r.count), totalAmount: new Dec(r.total ?? '0').toFixed() }));
}

export const paymentSummary = (db: Db, tenant: Tenant | null, query: PaymentFilter) => summarise(db, resourceWhere(paymentResource, query, listScope(tenant)));
export const draftSummary = (db: Db, tenant: Tenant | null, query: DraftFilter, status: PaymentStatus) =>
  summarise(db, resourceWhere(draftResource, query, listScope(tenant, status)));

/** Banks a payout can go to: the reference banks, by country and by the currencies they pay out in there. */
export async function payoutBanks(
  db: Db,
  query: { countryCode?: string | undefined; currencyCode?: string | undefined; page: number; size: number },
): Promise<{ content: Array<z.input<typeof payoutBank>>; page: number; size: number; totalElements: number; totalPages: number }> {
  const where = and(
    query.countryCode ? eq(banks.countryCode, query.countryCode) : undefined,
    query.currencyCode
      ? inArray(
          banks.code,
          db
            .select({ code: bankCountryCurrencies.bankCode })
            .from(bankCountryCurrencies)
            .where(and(eq(bankCountryCurrencies.currencyCode, query.currencyCode), eq(bankCountryCurrencies.countryCode, banks.countryCode))),
        )
      : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select({ code: banks.code, name: banks.name, countryCode: banks.countryCode })
      .from(banks)
      .where(where)
      .orderBy(asc(banks.name), asc(banks.code))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ n: count() }).from(banks).where(where),
  ]);
  const pairs = rows.length
    ? await db
        .select()
        .from(bankCountryCurrencies)
        .where(
          inArray(
            bankCountryCurrencies.bankCode,
            rows.map((r) => r.code),
          ),
        )
    : [];
  const content = rows.map((r) => ({
    ...r,
    currencyCodes: [...new Set(pairs.filter((p) => p.bankCode === r.code && p.countryCode === r.countryCode).map((p) => p.currencyCode))].sort(),
  }));
  return pageAnswer(content, query, totals[0]?.n ?? 0);
}

type CancellationRequest = z.output<typeof cancellationRequest>;

/**
 * Cancels a payment that has not reached the bank: its hold is released at once, so the cancellation
 * is COMPLETED when it is answered. The cancellation date lies between the payment's creation day and today.
 */
export async function cancelPayment(db: Db, caller: PaymentCaller, body: CancellationRequest, now: Date): Promise<CancellationStatus> {
  const row = await visiblePayment(db, caller.tenant, body.transactionId, 'transactionId');
  const day = body.cancellationDate?.slice(0, 10) ?? now.toISOString().slice(0, 10);
  const createdDay = row.createdAt.toISOString().slice(0, 10);
  if (day < createdDay || day > now.toISOString().slice(0, 10)) {
    throw invalid([{ parameter: 'cancellationDate', message: `must be between ${createdDay} and today` }]);
  }
  const actor = await actorOf(db, caller);
  const cancellation = await inTransaction(db, async (tx) => {
    await applyPaymentAction(tx, row.id, 'cancel', actor, { reason: body.reason, now });
    const [inserted] = await tx
      .insert(paymentCancellations)
      .values({
        id: uuidv7(),
        paymentId: row.id,
        status: 'COMPLETED',
        reason: body.reason,
        cancellationDate: day,
        cancelledBy: caller.userId,
        cancelledByName: actor.name,
        serviceProviderId: row.serviceProviderId,
        cancelledOn: now,
      })
      .returning();
    return inserted as typeof paymentCancellations.$inferSelect;
  });
  return cancellationDto(row, cancellation);
}

function cancellationDto(row: PaymentRow, c: typeof paymentCancellations.$inferSelect): CancellationStatus {
  return {
    transactionId: row.paymentId,
    cancellationId: c.id,
    status: c.status,
    cancelledBy: c.cancelledBy ? { id: c.cancelledBy, name: c.cancelledByName ?? c.cancelledBy } : null,
    serviceProviderId: c.serviceProviderId,
    cancelledOn: c.cancelledOn?.toISOString() ?? null,
    reason: c.reason,
  };
}

export async function cancellationOf(db: Db, tenant: Tenant | null, transactionId: string): Promise<CancellationStatus> {
  const row = await visiblePayment(db, tenant, transactionId, 'transactionId');
  const [c] = await db
    .select()
    .from(paymentCancellations)
    .where(eq(paymentCancellations.paymentId, row.id))
    .orderBy(desc(paymentCancellations.cancelledOn))
    .limit(1);
  if (!c) throw new AppError('NOT_FOUND', `Payment ${row.paymentId} has no cancellation`, [{ parameter: 'transactionId', message: 'has no cancellation' }]);
  return cancellationDto(row, c);
}
