import type { NotificationKind } from '@corridor/api';
import { Dec } from '@corridor/domain';
import type { Tx } from '../db/database.ts';
import { notify } from '../notifications/notification-service.ts';
import type { creditRequests } from '../db/schema.ts';

type CreditRequestRow = typeof creditRequests.$inferSelect;

const DECIDED: Partial<Record<CreditRequestRow['status'], NotificationKind>> = {
  APPROVED: 'CREDIT_APPROVED',
  REJECTED: 'CREDIT_REJECTED',
  ON_HOLD: 'CREDIT_ON_HOLD',
};

/** A new credit request waits for its TSP's decision; a decision (approved, rejected, on hold) is told to the merchant. */
export async function noticeCreditStep(tx: Tx, row: CreditRequestRow, now: Date): Promise<void> {
  const reference = row.transactionId ?? row.id;
  const params = { reference, amount: new Dec(row.approvedAmount ?? row.amount).toFixed(), currency: row.currency, reason: row.remarks };
  const base = { subjectType: 'CREDIT_REQUEST' as const, subjectId: reference, params };
  if (row.status === 'REQUESTED' || row.status === 'IN_VERIFICATION') {
    await notify(tx, { ...base, orgId: row.tspId, kind: 'CREDIT_REQUEST_AWAITING_DECISION', dedupeKey: `awaiting:${row.id}` }, now);
    return;
  }
  const kind = DECIDED[row.status];
  if (kind) await notify(tx, { ...base, orgId: row.merchantId, kind, dedupeKey: `${kind}:${row.id}` }, now);
}
