import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { cancellationApproval, cancellationCreate, cancellationFilter } from '@corridor/api';
import { transactionTransition } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { isUniqueViolation } from '../db/pg-errors.ts';
import { AppError } from '../errors.ts';
import { boundedCount, COUNT_LOOKAHEAD } from '../http/bounded-count.ts';
import { readPage } from '../http/paging.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import type { Tenant } from '../tenant/tenant.ts';
import { actorOf, callerName, eventsMatching, invalid, visible, type TransactionCaller } from './transaction-caller.ts';
import { cancellationDto, timelineDto, transactionScope } from './transaction-dto.ts';
import { applyTransactionAction, invalidTransition } from './transaction-lifecycle.ts';
import { OPEN_CANCELLATION_INDEX, transactionCancellations, transactionEvents, transactionsV2 } from './transaction-schema.ts';

/**
 * Requests the cancellation of a transaction: a reason, and a cancellation date between the transaction's
 * day (from its start) and today (spec shell: "between the transaction date (start of day) and now").
 * Refused when no TSP could cancel it from its status (409 naming the status); at most one open request.
 */
export async function requestCancellation(db: Db, caller: TransactionCaller, body: z.output<typeof cancellationCreate>, now: Date) {
  const row = await visible(db, caller.tenant, body.mainTransactionId, 'mainTransactionId');
  const day = body.cancellationDate.slice(0, 10);
  const createdDay = row.createdAt.toISOString().slice(0, 10);
  const today = now.toISOString().slice(0, 10);
  if (day < createdDay || day > today) throw invalid([{ parameter: 'cancellationDate', message: `must be between ${createdDay} and ${today}` }]);
  if (!body.reason.trim()) throw invalid([{ parameter: 'reason', message: 'is required' }]);
  const cancellable = (['SOURCE_TSP', 'TARGET_TSP'] as const).some((a) => transactionTransition(row.category, row.status, 'cancel', a) !== null);
  if (!cancellable) throw invalidTransition(row.status, 'cancel');
  const name = await callerName(db, caller);
  return inTransaction(db, async (tx) => {
    const [open] = await tx
      .select({ id: transactionCancellations.id })
      .from(transactionCancellations)
      .where(and(eq(transactionCancellations.transactionRowId, row.id), eq(transactionCancellations.status, 'REQUESTED')));
    const alreadyOpen = (id: string | null) =>
      new AppError('INVALID_STATE_TRANSITION', `Transaction ${row.transactionId} already has an open cancellation request`, [
        { parameter: 'mainTransactionId', message: id ? `has the open cancellation ${id}` : 'has an open cancellation request' },
      ]);
    if (open) throw alreadyOpen(open.id);
    const [inserted] = await tx
      .insert(transactionCancellations)
      .values({
        id: uuidv7(),
        transactionRowId: row.id,
        serviceProviderId: row.serviceProviderId,
        targetSpId: row.targetSpId,
        merchantId: row.merchantId,
        status: 'REQUESTED',
        reason: body.reason,
        cancellationDate: day,
        requestedBy: caller.userId,
        requestedByName: name,
        createdAt: now,
      })
      .returning()
      .catch((error: unknown) => {
        // Another request's cancellation committed between the check and this insert.
        throw isUniqueViolation(error, OPEN_CANCELLATION_INDEX) ? alreadyOpen(null) : error;
      });
    if (!inserted) throw new AppError('INTERNAL_ERROR', 'The cancellation was not stored');
    const actor = await actorOf(tx, caller, row);
    await tx.insert(transactionEvents).values({
      id: uuidv7(),
      transactionRowId: row.id,
      action: 'cancelRequest',
      fromStatus: row.status,
      toStatus: row.status,
      actorType: actor.type,
      actorId: caller.userId,
      actorName: name,
      actorOrgId: actor.orgId ?? null,
      remarks: body.reason,
      at: now,
    });
    return cancellationDto(inserted, row.transactionId);
  });
}

/**
 * A TSP of either side decides a cancellation request (never its requester: MAKER_CHECKER). Approval cancels
 * the transaction in the same database transaction: a hold is released, a completed transaction's vouchers
 * are reversed (never edited); the request ends COMPLETED. A rejection leaves the transaction as it was.
 */
export async function decideCancellation(db: Db, caller: TransactionCaller, body: z.output<typeof cancellationApproval>, now: Date) {
  const tenant = caller.tenant;
  if (tenant?.kind !== 'serviceProvider') throw new AppError('FORBIDDEN');
  // As a transaction's rejection: the requester is told why the transaction stands.
  if (body.status === 'REJECTED' && !body.remarks?.trim()) throw invalid([{ parameter: 'remarks', message: 'a rejection needs a reason' }]);
  const [found] = await db
    .select()
    .from(transactionCancellations)
    .where(
      and(
        eq(transactionCancellations.id, body.cancellationId),
        or(eq(transactionCancellations.serviceProviderId, tenant.serviceProviderId), eq(transactionCancellations.targetSpId, tenant.serviceProviderId)),
      ),
    );
  if (!found) throw foreignId('cancellationId', 'cancellation', body.cancellationId);
  const row = await visible(db, tenant, found.transactionRowId, 'cancellationId');
  if (body.status === 'APPROVED' && found.requestedBy === caller.userId) {
    throw new AppError('MAKER_CHECKER', 'You requested this cancellation; another user must approve it', [
      { parameter: 'cancellationId', message: 'was requested by you' },
    ]);
  }
  const actor = await actorOf(db, caller, row);
  return inTransaction(db, async (tx) => {
    const [locked] = await tx.select().from(transactionCancellations).where(eq(transactionCancellations.id, found.id)).for('update');
    if (!locked || locked.status !== 'REQUESTED') {
      throw new AppError('INVALID_STATE_TRANSITION', `The cancellation is ${locked?.status ?? 'gone'}`, [
        { parameter: 'cancellationId', message: `is ${locked?.status ?? 'gone'}` },
      ]);
    }
    if (body.status === 'APPROVED') {
      await applyTransactionAction(tx, row.id, 'cancel', actor, { remarks: found.reason, now });
    } else {
      await tx.insert(transactionEvents).values({
        id: uuidv7(),
        transactionRowId: row.id,
        action: 'cancelReject',
        fromStatus: row.status,
        toStatus: row.status,
        actorType: actor.type,
        actorId: caller.userId,
        actorName: actor.name ?? null,
        actorOrgId: actor.orgId ?? null,
        remarks: body.remarks ?? null,
        at: now,
      });
    }
    const [updated] = await tx
      .update(transactionCancellations)
      .set({
        status: body.status === 'APPROVED' ? 'COMPLETED' : 'REJECTED',
        success: body.status === 'APPROVED' ? 'true' : 'false',
        decidedBy: caller.userId,
        decidedByName: actor.name ?? null,
        decidedAt: now,
        remarks: body.remarks ?? null,
      })
      .where(eq(transactionCancellations.id, found.id))
      .returning();
    return cancellationDto(updated ?? locked, row.transactionId);
  });
}

type CancellationQuery = z.output<typeof cancellationFilter>;

function cancellationWhere(tenant: Tenant | null, query: CancellationQuery): SQL | undefined {
  return and(
    transactionScope(tenant),
    query.mainTransactionId ? eq(transactionsV2.transactionId, query.mainTransactionId) : undefined,
    query.cancellationId ? eq(transactionCancellations.id, query.cancellationId) : undefined,
    query.status ? inArray(transactionCancellations.status, query.status.split(',') as never[]) : undefined,
    query.success !== undefined ? eq(transactionCancellations.success, query.success ? 'true' : 'false') : undefined,
  );
}

export async function listCancellations(db: Db, tenant: Tenant | null, query: CancellationQuery, lookahead = COUNT_LOOKAHEAD) {
  const where = cancellationWhere(tenant, query);
  const page = await readPage(
    query,
    db
      .select({ c: transactionCancellations, transactionId: transactionsV2.transactionId })
      .from(transactionCancellations)
      .innerJoin(transactionsV2, eq(transactionsV2.id, transactionCancellations.transactionRowId))
      .where(where)
      .orderBy(desc(transactionCancellations.createdAt), desc(transactionCancellations.id)),
    boundedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(transactionCancellations)
        .innerJoin(transactionsV2, eq(transactionsV2.id, transactionCancellations.transactionRowId))
        .where(where),
      query,
      lookahead,
    ),
  );
  return { ...page, content: page.content.map((r) => cancellationDto(r.c, r.transactionId)) };
}

/** The cancellation steps (requested, rejected, cancelled) of the caller's transactions, as a timeline. */
export async function cancellationActivities(db: Db, tenant: Tenant | null, query: CancellationQuery, lookahead = COUNT_LOOKAHEAD) {
  const where = and(
    transactionScope(tenant),
    query.mainTransactionId ? eq(transactionsV2.transactionId, query.mainTransactionId) : undefined,
    or(inArray(transactionEvents.action, ['cancelRequest', 'cancelReject']), eq(transactionEvents.action, 'cancel')),
  );
  const page = await readPage(
    query,
    db
      .select({ e: transactionEvents })
      .from(transactionEvents)
      .innerJoin(transactionsV2, eq(transactionsV2.id, transactionEvents.transactionRowId))
      .where(where)
      .orderBy(asc(transactionEvents.at), asc(transactionEvents.id)),
    boundedCount(db, eventsMatching(db, where), query, lookahead),
  );
  return { ...page, content: timelineDto(page.content.map((r) => r.e)) };
}
