import { transactionFlow, type TransactionAction } from '@corridor/domain';
import type { NotificationSubject } from '@corridor/api';
import type { NewNotification } from '../notifications/notification-service.ts';
import type { TransactionRow } from './transaction-types.ts';

const subjectOf = (row: Pick<TransactionRow, 'category'>): NotificationSubject => (transactionFlow(row.category) === 'TWO_SIDED' ? 'TRANSFER' : 'TOP_UP');

const paramsOf = (row: Pick<TransactionRow, 'transactionId' | 'sourceAmount' | 'sourceCurrency'>) => ({
  reference: row.transactionId,
  amount: row.sourceAmount,
  currency: row.sourceCurrency,
});

/** Who a decision on the transaction is told to: its merchant, or its TSP when it is the TSP's own. */
const ownerOf = (row: TransactionRow) => row.merchantId ?? row.serviceProviderId;

/**
 * Who a new top-up or transfer is told to: its (source) TSP, which must approve it. Told in the statement that
 * stores the row (`insertCreated`), so the notice exists exactly when the row does.
 */
export function createdNotices(
  row: Pick<TransactionRow, 'id' | 'category' | 'serviceProviderId' | 'transactionId' | 'sourceAmount' | 'sourceCurrency' | 'createdByName'>,
): NewNotification[] {
  const subjectType = subjectOf(row);
  return [
    {
      orgId: row.serviceProviderId,
      kind: subjectType === 'TOP_UP' ? 'TOP_UP_AWAITING_APPROVAL' : 'TRANSFER_AWAITING_APPROVAL',
      subjectType,
      subjectId: row.transactionId,
      params: { ...paramsOf(row), by: row.createdByName, side: 'SOURCE' },
      dedupeKey: `awaiting:${row.id}:SOURCE`,
    },
  ];
}

/**
 * What a step tells: a transfer the source approved now waits for the target TSP; a completed transaction is
 * approved for its owner; a rejection tells its owner why. Other steps (the first of two approvals, a
 * cancellation its owner asked for) tell nobody. Made from the locked row and the status the step moves it to,
 * before the step is written, so the step's one statement carries them (`stepStatement`): a step changes
 * nothing else a notice reads.
 */
export function stepNotices(row: TransactionRow, toStatus: TransactionRow['status'], action: TransactionAction, remarks: string | null): NewNotification[] {
  if (row.status === toStatus) return [];
  const base = { subjectType: subjectOf(row), subjectId: row.transactionId };
  const out: NewNotification[] = [];
  if (action === 'sourceApprove' && toStatus === 'PROCESSING') {
    out.push({
      ...base,
      orgId: row.targetSpId ?? row.serviceProviderId,
      kind: 'TRANSFER_AWAITING_APPROVAL',
      params: { ...paramsOf(row), side: 'TARGET' },
      dedupeKey: `awaiting:${row.id}:TARGET`,
    });
  }
  if (toStatus === 'COMPLETED') {
    out.push({ ...base, orgId: ownerOf(row), kind: 'TRANSACTION_APPROVED', params: paramsOf(row), dedupeKey: `decided:${row.id}` });
  }
  if (toStatus === 'REJECTED' || toStatus === 'SOURCE_REJECTED' || toStatus === 'TARGET_REJECTED') {
    out.push({
      ...base,
      orgId: ownerOf(row),
      kind: 'TRANSACTION_REJECTED',
      params: { ...paramsOf(row), reason: remarks },
      dedupeKey: `decided:${row.id}`,
    });
  }
  return out;
}
