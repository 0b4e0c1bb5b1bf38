import { transactionFlow, type TransactionAction } from '@corridor/domain';
import type { NotificationSubject } from '@corridor/api';
import type { Tx } from '../db/database.ts';
import { notify, type NewNotification } from '../notifications/notification-service.ts';
import type { TransactionRow } from './transaction-types.ts';

const subjectOf = (row: TransactionRow): NotificationSubject => (transactionFlow(row.category) === 'TWO_SIDED' ? 'TRANSFER' : 'TOP_UP');

const paramsOf = (row: TransactionRow) => ({ reference: row.transactionId, amount: row.sourceAmount, currency: row.sourceCurrency });

/** Who a decision on the transaction is told to: its merchant, or its TSP when it is the TSP's own. */
const ownerOf = (row: TransactionRow) => row.merchantId ?? row.serviceProviderId;

/** A new top-up or transfer waits for its (source) TSP's approval. */
export async function noticeCreated(tx: Tx, row: TransactionRow, now: Date): Promise<void> {
  const subjectType = subjectOf(row);
  await notify(
    tx,
    {
      orgId: row.serviceProviderId,
      kind: subjectType === 'TOP_UP' ? 'TOP_UP_AWAITING_APPROVAL' : 'TRANSFER_AWAITING_APPROVAL',
      subjectType,
      subjectId: row.transactionId,
      params: { ...paramsOf(row), by: row.createdByName, side: 'SOURCE' },
      dedupeKey: `awaiting:${row.id}:SOURCE`,
    },
    now,
  );
}

/**
 * What a step tells: a transfer the source approved now waits for the target TSP; a completed transaction is
 * approved for its owner; a rejection tells its owner why. Other steps (the first of two approvals, a
 * cancellation its owner asked for) tell nobody.
 */
export async function noticeStep(
  tx: Tx,
  before: TransactionRow,
  after: TransactionRow,
  action: TransactionAction,
  remarks: string | null,
  now: Date,
): Promise<void> {
  if (before.status === after.status) return;
  const subjectType = subjectOf(after);
  const base = { subjectType, subjectId: after.transactionId };
  const out: NewNotification[] = [];
  if (action === 'sourceApprove' && after.status === 'PROCESSING') {
    out.push({
      ...base,
      orgId: after.targetSpId ?? after.serviceProviderId,
      kind: 'TRANSFER_AWAITING_APPROVAL',
      params: { ...paramsOf(after), side: 'TARGET' },
      dedupeKey: `awaiting:${after.id}:TARGET`,
    });
  }
  if (after.status === 'COMPLETED') {
    out.push({ ...base, orgId: ownerOf(after), kind: 'TRANSACTION_APPROVED', params: paramsOf(after), dedupeKey: `decided:${after.id}` });
  }
  if (after.status === 'REJECTED' || after.status === 'SOURCE_REJECTED' || after.status === 'TARGET_REJECTED') {
    out.push({
      ...base,
      orgId: ownerOf(after),
      kind: 'TRANSACTION_REJECTED',
      params: { ...paramsOf(after), reason: remarks },
      dedupeKey: `decided:${after.id}`,
    });
  }
  await notify(tx, out, now);
}
