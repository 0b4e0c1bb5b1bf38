import { and, asc, count, desc, eq, inArray, isNull, sum } from 'drizzle-orm';
import type { z } from 'zod';
import { v7 as uuidv7 } from 'uuid';
import type { commentBody, transactionDetailsUpdate } from '@corridor/api';
import { Dec } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { organisations, walletPositions } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { COUNT_LOOKAHEAD } from '../http/bounded-count.ts';
import { listResource, resourceWhere } from '../http/resource-engine.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { type Tenant } from '../tenant/tenant.ts';
import {
  approvalDto,
  basicDto,
  cancellationDto,
  commentDto,
  timelineDto,
  topUpCategories,
  topUpDto,
  transactionDto,
  transactionResource,
  transactionScope,
  type TransactionFilter,
} from './transaction-dto.ts';
import { invalidTransition } from './transaction-lifecycle.ts';
import { callerName, invalid, visible, type TransactionCaller } from './transaction-caller.ts';
import { transactionCancellations, transactionComments, transactionEvents, transactionsV2 } from './transaction-schema.ts';

/** Cancellations are their own service; the transactions calls and the demo seed take them from here too. */
export { cancellationActivities, decideCancellation, listCancellations, requestCancellation } from './cancellation-service.ts';
export type { TransactionCaller } from './transaction-caller.ts';

export const getTransaction = async (db: Db, tenant: Tenant | null, id: string) => transactionDto(await visible(db, tenant, id));

export async function transactionStatus(db: Db, tenant: Tenant | null, id: string) {
  const row = await visible(db, tenant, id);
  return {
    transactionId: row.transactionId,
    txnStatus: row.status,
    sourceApprovalStatus: row.sourceApprovalStatus,
    targetApprovalStatus: row.targetApprovalStatus,
    updatedAt: (row.updatedAt ?? row.createdAt).toISOString(),
  };
}

const eventsOf = (db: Db, rowId: string) =>
  db.select().from(transactionEvents).where(eq(transactionEvents.transactionRowId, rowId)).orderBy(asc(transactionEvents.at), asc(transactionEvents.id));

export async function transactionActivities(db: Db, tenant: Tenant | null, id: string) {
  const row = await visible(db, tenant, id);
  return timelineDto(await eventsOf(db, row.id));
}

/** A transaction with its approvals, live comments and latest cancellation (the details and receipt screens). */
export async function transactionDetails(db: Db, tenant: Tenant | null, id: string) {
  const row = await visible(db, tenant, id);
  const [events, comments, [cancellation]] = await Promise.all([
    eventsOf(db, row.id),
    db
      .select()
      .from(transactionComments)
      .where(and(eq(transactionComments.transactionRowId, row.id), isNull(transactionComments.deletedAt)))
      .orderBy(asc(transactionComments.createdAt)),
    db
      .select()
      .from(transactionCancellations)
      .where(eq(transactionCancellations.transactionRowId, row.id))
      .orderBy(desc(transactionCancellations.createdAt))
      .limit(1),
  ]);
  return {
    ...transactionDto(row),
    approvals: events.filter((e) => e.side !== null).map((e) => approvalDto(e, row.transactionId)),
    comments: comments.map(commentDto),
    cancellation: cancellation ? cancellationDto(cancellation, row.transactionId) : null,
  };
}

/** Details a person may correct while the transaction is open; the editor becomes its last changer (maker-checker). */
export async function updateTransactionDetails(db: Db, caller: TransactionCaller, id: string, body: z.output<typeof transactionDetailsUpdate>, now: Date) {
  const row = await visible(db, caller.tenant, id);
  await inTransaction(db, async (tx) => {
    const [locked] = await tx.select().from(transactionsV2).where(eq(transactionsV2.id, row.id)).for('update');
    if (!locked || (locked.status !== 'PENDING' && locked.status !== 'PROCESSING')) throw invalidTransition(locked?.status ?? row.status, 'edit');
    await tx
      .update(transactionsV2)
      .set({
        ...(body.referenceNumber !== undefined ? { referenceNumber: body.referenceNumber } : {}),
        ...(body.remarks !== undefined ? { remarks: body.remarks } : {}),
        ...(body.valueDate !== undefined ? { valueDate: body.valueDate } : {}),
        ...(body.purposeOfTransaction !== undefined ? { purposeOfTransaction: body.purposeOfTransaction } : {}),
        updatedBy: caller.userId,
        updatedAt: now,
      })
      .where(eq(transactionsV2.id, row.id));
  });
  return transactionDetails(db, caller.tenant, row.id);
}

/** Adds a comment, or edits or deletes one (its creator only: 403 naming commentId otherwise). */
export async function commentOn(db: Db, caller: TransactionCaller, id: string, body: z.output<typeof commentBody>, now: Date) {
  const row = await visible(db, caller.tenant, id);
  if (body.commentId) {
    const [existing] = await db
      .select()
      .from(transactionComments)
      .where(and(eq(transactionComments.id, body.commentId), eq(transactionComments.transactionRowId, row.id), isNull(transactionComments.deletedAt)));
    if (!existing) throw foreignId('commentId', 'comment', body.commentId);
    if (existing.createdBy !== caller.userId) {
      throw new AppError('FORBIDDEN', 'Only the author of a comment may change it', [{ parameter: 'commentId', message: 'was written by another user' }]);
    }
    const [changed] = await db
      .update(transactionComments)
      .set(body.deleted ? { deletedAt: now } : { content: body.content ?? existing.content, updatedAt: now })
      .where(eq(transactionComments.id, existing.id))
      .returning();
    return commentDto(changed ?? existing);
  }
  if (!body.content?.trim()) throw invalid([{ parameter: 'content', message: 'is required' }]);
  const [inserted] = await db
    .insert(transactionComments)
    .values({
      id: uuidv7(),
      transactionRowId: row.id,
      content: body.content,
      createdBy: caller.userId,
      createdByName: await callerName(db, caller),
      createdAt: now,
    })
    .returning();
  if (!inserted) throw new AppError('INTERNAL_ERROR', 'The comment was not stored');
  return commentDto(inserted);
}

// Lists ----------------------------------------------------------------------------------------------

// The transactions grow without end: each list counts its total up to `lookahead` rows past the page
// (COUNT_LOOKAHEAD, the server's countLookahead) and answers `totalKind: 'atLeast'` past it.

export async function listTransactions(db: Db, tenant: Tenant | null, query: TransactionFilter, lookahead = COUNT_LOOKAHEAD) {
  const page = await listResource(db, transactionResource, query, transactionScope(tenant), lookahead);
  return { ...page, content: page.content.map(transactionDto) };
}

export async function basicView(db: Db, tenant: Tenant | null, query: TransactionFilter, lookahead = COUNT_LOOKAHEAD) {
  const page = await listResource(db, transactionResource, query, transactionScope(tenant), lookahead);
  return { ...page, content: page.content.map(basicDto) };
}

/** Count and total source amount by status, category and source currency. */
export async function transactionSummary(db: Db, tenant: Tenant | null, query: TransactionFilter) {
  const rows = await db
    .select({
      status: transactionsV2.status,
      category: transactionsV2.category,
      currency: transactionsV2.sourceCurrency,
      n: count(),
      total: sum(transactionsV2.sourceAmount),
    })
    .from(transactionsV2)
    .where(resourceWhere(transactionResource, query, transactionScope(tenant)))
    .groupBy(transactionsV2.status, transactionsV2.category, transactionsV2.sourceCurrency)
    .orderBy(transactionsV2.status, transactionsV2.category, transactionsV2.sourceCurrency);
  return rows.map((r) => ({
    status: r.status,
    category: r.category,
    currency: r.currency,
    count: Number(r.n),
    totalAmount: new Dec(r.total ?? '0').toFixed(),
  }));
}

/** GET /v1/top-ups: the top-ups a caller may see, with who authorised them and the wallet's balance now. */
export async function listTopUps(db: Db, tenant: Tenant | null, query: TransactionFilter, lookahead = COUNT_LOOKAHEAD) {
  const page = await listResource(db, transactionResource, query, and(transactionScope(tenant), topUpCategories), lookahead);
  const rows = page.content;
  const ids = rows.map((r) => r.id);
  const walletIds = [...new Set(rows.map((r) => r.targetWalletId).filter((w): w is string => w !== null))];
  const merchantIds = [...new Set(rows.map((r) => r.merchantId).filter((m): m is string => m !== null))];
  const [decisions, balances, names] = await Promise.all([
    ids.length
      ? db
          .select()
          .from(transactionEvents)
          .where(and(inArray(transactionEvents.transactionRowId, ids), inArray(transactionEvents.decision, ['APPROVED', 'REJECTED'])))
      : [],
    walletIds.length
      ? db.select({ id: walletPositions.walletId, balance: walletPositions.balance }).from(walletPositions).where(inArray(walletPositions.walletId, walletIds))
      : [],
    merchantIds.length ? db.select({ id: organisations.id, name: organisations.name }).from(organisations).where(inArray(organisations.id, merchantIds)) : [],
  ]);
  return {
    ...page,
    content: rows.map((r) =>
      topUpDto(r, {
        merchant: names.find((n) => n.id === r.merchantId)?.name ?? null,
        approver: decisions.find((d) => d.transactionRowId === r.id) ?? null,
        balance: balances.find((b) => b.id === r.targetWalletId)?.balance ?? null,
      }),
    ),
  };
}
