import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ApprovalStatus, TransactionActor, TransactionCategory, TransactionStatus } from '@corridor/domain';

/** The unique index that keeps a quote to one transfer: its violation is a second use of the quote. */
export const QUOTE_USED_INDEX = 'transactions_v2_quote_uq';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One priced charge line a transaction was created with (from its quote). */
export interface TransactionCharge {
  chargeMode: 'OUR' | 'SHA' | 'BEN' | 'REBATE' | 'FX_PREMIUM';
  feeType: string;
  amount: string;
  currency: string;
  tax: Array<{ name: string; amount: string }>;
}

/**
 * A transaction v2 (migration 0019_transactions): a top-up or a transfer between wallets. `id` is the row's
 * key, `transactionId` the reference people read. `serviceProviderId` is the source wallet's TSP, `targetSpId`
 * the target wallet's (the same TSP for a top-up or an in-house transfer).
 */
export const transactionsV2 = pgTable(
  'transactions_v2',
  {
    id: text('id').primaryKey(),
    transactionId: text('transaction_id').notNull().unique(),
    category: text('category').$type<TransactionCategory>().notNull(),
    type: text('type').notNull(),
    status: text('status').$type<TransactionStatus>().notNull(),
    sourceApprovalStatus: text('source_approval_status').$type<ApprovalStatus>(),
    targetApprovalStatus: text('target_approval_status').$type<ApprovalStatus>(),
    referenceNumber: text('reference_number'),
    merchantId: text('merchant_id'),
    serviceProviderId: text('service_provider_id').notNull(),
    targetSpId: text('target_sp_id'),
    sourceWalletId: text('source_wallet_id'),
    targetWalletId: text('target_wallet_id'),
    fundingPartyId: text('funding_party_id'),
    correspondentId: text('correspondent_id'),
    collectionMode: text('collection_mode'),
    quoteId: text('quote_id'),
    sourceAmount: numeric('source_amount').notNull(),
    sourceCurrency: text('source_currency').notNull(),
    targetAmount: numeric('target_amount').notNull(),
    targetCurrency: text('target_currency').notNull(),
    exchangeRate: numeric('exchange_rate'),
    /** The interbank rate the quote was priced on: the margin against it is the TSP's deal profit. */
    ibrRate: numeric('ibr_rate'),
    /** Fees and their tax the source wallet pays, in the source currency. */
    feeAmount: numeric('fee_amount').notNull().default('0'),
    /** What the source wallet holds while the transfer awaits approval: source amount + fees (0 for a top-up). */
    holdAmount: numeric('hold_amount').notNull().default('0'),
    merchantCharges: jsonb('merchant_charges').$type<TransactionCharge[]>().notNull().default([]),
    correspondentCharges: jsonb('correspondent_charges').$type<TransactionCharge[]>().notNull().default([]),
    valueDate: date('value_date', { mode: 'string' }),
    remarks: text('remarks'),
    purposeOfTransaction: text('purpose_of_transaction'),
    sourceOfIncome: text('source_of_income'),
    version: integer('version').notNull().default(1),
    createdBy: text('created_by'),
    createdByName: text('created_by_name'),
    createdAt: at('created_at').notNull(),
    /** Whoever last changed it (created, edited or approved): maker-checker refuses their approval. */
    updatedBy: text('updated_by'),
    updatedAt: at('updated_at'),
  },
  (t) => [
    index('transactions_v2_sp_created').on(t.serviceProviderId, t.createdAt),
    index('transactions_v2_target_sp_created').on(t.targetSpId, t.createdAt),
    index('transactions_v2_merchant_created').on(t.merchantId, t.createdAt),
    // A TSP's list covers both sides (source or target): this index gives the list's order across both. It also
    // INCLUDEs the filtered columns (migration 0027) so a filtered count reads the index only.
    index('transactions_v2_created').on(t.createdAt, t.id),
    // Status and category first (the lists' usual filters), in date order, INCLUDing the tenant columns (migration 0028):
    // a filtered count reads only the matching index entries.
    index('transactions_v2_status_category_created').on(t.status, t.category, t.createdAt, t.id),
    // A wallet's deal positions find its transactions by either leg (migration 0029).
    index('transactions_v2_source_wallet').on(t.sourceWalletId),
    index('transactions_v2_target_wallet').on(t.targetWalletId),
    // A firm quote prices one transfer, however two creates on it meet (migration 0032).
    uniqueIndex(QUOTE_USED_INDEX)
      .on(t.quoteId)
      .where(sql`${t.quoteId} is not null`),
  ],
);

/** Every step and decision of a transaction: who, when, which side; the activities and approvals read it. */
export const transactionEvents = pgTable(
  'transaction_events',
  {
    id: text('id').primaryKey(),
    transactionRowId: text('transaction_row_id').notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status').$type<TransactionStatus>(),
    toStatus: text('to_status').$type<TransactionStatus>().notNull(),
    /** SOURCE or TARGET for an approval decision; null for other steps. */
    side: text('side').$type<'SOURCE' | 'TARGET'>(),
    decision: text('decision').$type<ApprovalStatus>(),
    actorType: text('actor_type').$type<TransactionActor>().notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    actorOrgId: text('actor_org_id'),
    remarks: text('remarks'),
    at: at('at').notNull(),
  },
  (t) => [
    index('transaction_events_txn').on(t.transactionRowId, t.at),
    // The approvals list walks the decisions newest first (migration 0029).
    index('transaction_events_at').on(t.at, t.id),
  ],
);
export type TransactionEventRow = typeof transactionEvents.$inferSelect;

export const transactionComments = pgTable(
  'transaction_comments',
  {
    id: text('id').primaryKey(),
    transactionRowId: text('transaction_row_id').notNull(),
    content: text('content').notNull(),
    createdBy: text('created_by').notNull(),
    createdByName: text('created_by_name'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at'),
    deletedAt: at('deleted_at'),
  },
  (t) => [index('transaction_comments_txn').on(t.transactionRowId, t.createdAt)],
);

/** At most one REQUESTED cancellation per transaction: the partial unique index of migration 0019. */
export const OPEN_CANCELLATION_INDEX = 'transaction_cancellations_open';

export const transactionCancellations = pgTable(
  'transaction_cancellations',
  {
    id: text('id').primaryKey(),
    transactionRowId: text('transaction_row_id').notNull(),
    serviceProviderId: text('service_provider_id').notNull(),
    targetSpId: text('target_sp_id'),
    merchantId: text('merchant_id'),
    status: text('status').$type<'REQUESTED' | 'APPROVED' | 'REJECTED' | 'COMPLETED'>().notNull(),
    success: text('success').$type<'true' | 'false'>(),
    reason: text('reason').notNull(),
    cancellationDate: date('cancellation_date', { mode: 'string' }).notNull(),
    requestedBy: text('requested_by').notNull(),
    requestedByName: text('requested_by_name'),
    decidedBy: text('decided_by'),
    decidedByName: text('decided_by_name'),
    remarks: text('remarks'),
    createdAt: at('created_at').notNull(),
    decidedAt: at('decided_at'),
  },
  (t) => [index('transaction_cancellations_txn').on(t.transactionRowId)],
);
export type CancellationRow = typeof transactionCancellations.$inferSelect;
