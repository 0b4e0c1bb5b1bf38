import { boolean, date, index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type ExceptionKind = 'EXCESS' | 'SHORTFALL' | 'UNSETTLED';
/** PENDING_APPROVAL: a resolution that posts an adjustment, waiting for a second user; RESOLVED: done. */
export type ResolutionStatus = 'PENDING_APPROVAL' | 'RESOLVED';

/**
 * What people decided about a reconciliation exception (migration 0037_reconciliation), with the figures the
 * exception had when it was resolved. The exception id is the key: one resolution per exception.
 */
export const reconciliationResolutions = pgTable(
  'reconciliation_resolutions',
  {
    exceptionId: text('exception_id').primaryKey(),
    serviceProviderId: text('service_provider_id').notNull(),
    settlementTransactionId: text('settlement_transaction_id').notNull(),
    kind: text('kind').$type<ExceptionKind>().notNull(),
    status: text('status').$type<ResolutionStatus>().notNull(),
    walletId: text('wallet_id').notNull(),
    currency: text('currency').notNull(),
    settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
    expectedAmount: numeric('expected_amount').notNull(),
    settledAmount: numeric('settled_amount').notNull(),
    differenceAmount: numeric('difference_amount').notNull(),
    reason: text('reason').notNull(),
    adjustment: boolean('adjustment').notNull(),
    requestedBy: text('requested_by').notNull(),
    requestedByName: text('requested_by_name').notNull(),
    requestedAt: at('requested_at').notNull(),
    resolvedBy: text('resolved_by'),
    resolvedByName: text('resolved_by_name'),
    resolvedAt: at('resolved_at'),
    adjustmentVoucherNo: text('adjustment_voucher_no'),
  },
  (t) => [index('reconciliation_resolutions_sp_date').on(t.serviceProviderId, t.settlementDate)],
);
export type ResolutionRow = typeof reconciliationResolutions.$inferSelect;
