import { and, count, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { APPROVAL_BAND, approvalsNeeded, transactionTransition, type ApprovalStatus, type TransactionAction, type TransactionActor } from '@corridor/domain';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/database.ts';
import { bound, boundValues, statements } from '../db/statement.ts';
import { commitWithNextStatement } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { globalValue } from '../pricing-config/settings-service.ts';
import { noticeValues, toldWith } from '../notifications/notification-service.ts';
import { moveTransactionFunds, type KnownFunds } from './transaction-ledger.ts';
import { stepNotices } from './transaction-notices.ts';
import { transactionEvents, transactionsV2 } from './transaction-schema.ts';
import type { TransactionRow } from './transaction-types.ts';

/** Who takes a transaction action: the actor type decides what the transition table allows. */
export interface TransactionActorRef {
  type: TransactionActor;
  userId?: string | null;
  name?: string | null;
  orgId?: string | null;
}

const SIDE_OF: Partial<Record<TransactionAction, 'SOURCE' | 'TARGET'>> = {
  sourceApprove: 'SOURCE',
  sourceReject: 'SOURCE',
  targetApprove: 'TARGET',
  targetReject: 'TARGET',
  approve: 'SOURCE',
  reject: 'SOURCE',
};
const APPROVING = new Set<TransactionAction>(['sourceApprove', 'targetApprove', 'approve']);

/** The approval band threshold of a TSP (global config APPROVALS/dualApprovalThreshold), or its default. */
export async function bandThreshold(tx: Db | Tx, tspId: string): Promise<string> {
  return (await globalValue(tx, tspId, APPROVAL_BAND)) ?? APPROVAL_BAND.defaultThreshold;
}

export const invalidTransition = (status: string, action: string) =>
  new AppError('INVALID_TRANSITION', `The transaction is ${status}: it cannot take the action ${action}`, [{ parameter: 'status', message: `is ${status}` }]);

/** The columns of a step's event, each a placeholder of its own name (`boundValues`). */
const STEP_EVENT_KEYS = [
  'id',
  'transactionRowId',
  'action',
  'fromStatus',
  'toStatus',
  'side',
  'decision',
  'actorType',
  'actorId',
  'actorName',
  'actorOrgId',
  'remarks',
  'at',
];

type SideColumn = 'sourceApprovalStatus' | 'targetApprovalStatus';

/**
 * A step: the transaction row's change, its event and the notices it tells in one statement (the record and the
 * notices data-modifying CTEs of the update), built once per shape: which side's approval column it sets, if
 * any, whether the status moves (`same` for the first of two approvals, which only records IN_VERIFICATION),
 * and how many notices it carries.
 */
const stepStatement = statements((q, shape: `${SideColumn | 'none'}:${'status' | 'same'}:${number}`) => {
  const [sideColumn, moves, notices] = shape.split(':') as [SideColumn | 'none', 'status' | 'same', string];
  const set: PgUpdateSetSource<typeof transactionsV2> = {
    version: sql`${transactionsV2.version} + 1`,
    updatedAt: bound('at', transactionsV2.updatedAt),
    updatedBy: bound('updatedBy', transactionsV2.updatedBy),
    ...(moves === 'status' ? { status: bound('status', transactionsV2.status) } : {}),
    ...(sideColumn !== 'none' ? { [sideColumn]: bound('sideDecision', transactionsV2[sideColumn]) } : {}),
  };
  const step = q.$with('step').as(q.insert(transactionEvents).values(boundValues(transactionEvents, STEP_EVENT_KEYS)));
  return q
    .with(step, ...toldWith(q, Number(notices)))
    .update(transactionsV2)
    .set(set)
    .where(eq(transactionsV2.id, sql.placeholder('transactionRowId')))
    .returning();
});

/**
 * Locks the transaction row (FOR UPDATE: concurrent decisions on one transaction queue here, so exactly one
 * takes effect), checks the transition table (409 INVALID_TRANSITION naming the status), applies
 * maker-checker to approvals (whoever created or last changed it cannot approve: 403 MAKER_CHECKER), counts
 * the side's approvals against its band (above the threshold two distinct approvers: the first only records
 * IN_VERIFICATION), moves the money in the same transaction, and records the step with who and when.
 */
export async function applyTransactionAction(
  tx: Tx,
  rowOrLocked: string | { locked: TransactionRow },
  action: TransactionAction,
  actor: TransactionActorRef,
  opts?: {
    remarks?: string | null;
    now?: Date;
    /** The approval band threshold of a TSP as the caller holds it (the pricing state); read from the database otherwise. */
    threshold?: (tspId: string) => Promise<string>;
    /** What the caller already read for the posting. */
    known?: KnownFunds;
    /** The caller opened `tx` for this step alone: the step's statement is its last, and its commit goes with it. */
    closes?: boolean;
  },
): Promise<TransactionRow> {
  const now = opts?.now ?? new Date();
  // A caller that locked the row itself (FOR UPDATE, in this transaction) passes it: no second read.
  const [row] =
    typeof rowOrLocked === 'string' ? await tx.select().from(transactionsV2).where(eq(transactionsV2.id, rowOrLocked)).for('update') : [rowOrLocked.locked];
  if (!row) throw new AppError('NOT_FOUND', `No transaction ${String(rowOrLocked)}`, [{ parameter: 'transactionId', message: 'does not exist' }]);
  const transition = transactionTransition(row.category, row.status, action, actor.type);
  if (!transition) throw invalidTransition(row.status, action);
  const side = SIDE_OF[action] ?? null;
  const remarks = opts?.remarks ?? null;
  const sideColumn = side === 'TARGET' ? 'targetApprovalStatus' : 'sourceApprovalStatus';
  // The row's change, the step's record and who it concerns told (the next approver, or the owner of a decision),
  // in one statement built once per shape (`stepStatement`).
  const change = async (toStatus: TransactionRow['status'], decision: ApprovalStatus | null, moves: boolean) => {
    const told = noticeValues(stepNotices(row, toStatus, action, remarks), now);
    if (opts?.closes === true) commitWithNextStatement(tx);
    const [updated] = await stepStatement(tx, `${side && decision ? sideColumn : 'none'}:${moves ? 'status' : 'same'}:${told.count}`, {
      ...told.values,
      id: uuidv7(),
      transactionRowId: row.id,
      action,
      fromStatus: row.status,
      toStatus,
      side,
      decision,
      actorType: actor.type,
      actorId: actor.userId ?? null,
      actorName: actor.name ?? null,
      actorOrgId: actor.orgId ?? null,
      remarks,
      at: now,
      status: toStatus,
      sideDecision: decision,
      updatedBy: actor.userId ?? null,
    });
    return updated as TransactionRow;
  };

  if (APPROVING.has(action) && side) {
    if (actor.userId && (row.createdBy === actor.userId || row.updatedBy === actor.userId)) {
      throw new AppError('MAKER_CHECKER', `You created or last changed transaction ${row.transactionId}; another user must approve it`, [
        { parameter: 'transactionId', message: `${row.transactionId} was created or last changed by you` },
      ]);
    }
    const tspId = side === 'TARGET' ? (row.targetSpId ?? row.serviceProviderId) : row.serviceProviderId;
    const needed = approvalsNeeded(row.sourceAmount, await (opts?.threshold ?? ((id: string) => bandThreshold(tx, id)))(tspId));
    // Under the band one approval is enough: the approvals already given need counting only when two are needed.
    const [given] =
      needed > 1
        ? await tx
            .select({ n: count() })
            .from(transactionEvents)
            .where(and(eq(transactionEvents.transactionRowId, row.id), eq(transactionEvents.side, side), eq(transactionEvents.decision, 'IN_VERIFICATION')))
        : [];
    if (Number(given?.n ?? 0) + 1 < needed) {
      // The first of two approvals: recorded, nothing moves; the approver is now the last to change it.
      return change(row.status, 'IN_VERIFICATION', false);
    }
  }
  // The ledger first: a refused posting (INSUFFICIENT_FUNDS) throws before anything about the transaction changes.
  await moveTransactionFunds(tx, row, transition.funds, now, actor.userId, opts?.known);
  const decision: ApprovalStatus | null = side ? (APPROVING.has(action) ? 'APPROVED' : 'REJECTED') : null;
  return change(transition.to, decision, true);
}
