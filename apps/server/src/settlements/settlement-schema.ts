import { date, index, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type SettlementType = 'FX_PREMIUM' | 'REBATE' | 'NET_OFF';
/** PENDING: dated ahead, nothing posted yet (a PUT may still correct it); POSTED: its voucher is in the ledger. */
export type SettlementStatus = 'PENDING' | 'POSTED';

/** A settlement of a TSP (migration 0021_settlements): FX premium or rebate paid to a merchant, or a net-off. */
export const settlements = pgTable(
  'settlements',
  {
    id: text('id').primaryKey(),
    settlementTransactionId: text('settlement_transaction_id').notNull().unique(),
    serviceProviderId: text('service_provider_id').notNull(),
    merchantId: text('merchant_id'),
    type: text('type').$type<SettlementType>().notNull(),
    status: text('status').$type<SettlementStatus>().notNull(),
    spWalletId: text('sp_wallet_id').notNull(),
    msWalletId: text('ms_wallet_id'),
    currency: text('currency').notNull(),
    amount: numeric('amount').notNull(),
    /** The charge ids (FX premium, rebate) or transactions v2 ids (net-off) it settled. */
    itemIds: jsonb('item_ids').$type<string[]>().notNull().default([]),
    settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
    remarks: text('remarks'),
    vouchers: jsonb('vouchers').$type<string[]>().notNull().default([]),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull(),
    updatedBy: text('updated_by'),
    updatedAt: at('updated_at'),
  },
  (t) => [index('settlements_sp_created').on(t.serviceProviderId, t.createdAt)],
);
export type SettlementRow = typeof settlements.$inferSelect;

/**
 * One row per settled item, keyed `CHARGE:<chargeId>` or `NETOFF:<transaction row id>`: the primary key
 * refuses a second settlement of the same item, also when two run at once (the second waits on the key, then fails).
 */
export const settlementItems = pgTable(
  'settlement_items',
  {
    itemKey: text('item_key').primaryKey(),
    settlementId: text('settlement_id').notNull(),
    serviceProviderId: text('service_provider_id').notNull(),
  },
  (t) => [index('settlement_items_settlement').on(t.settlementId)],
);

/** A linked leg (transactions v2 row) and the main transaction it belongs to. */
export const transactionLinks = pgTable(
  'transaction_links',
  {
    linkedRowId: text('linked_row_id').primaryKey(),
    mainRowId: text('main_row_id').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('transaction_links_main').on(t.mainRowId)],
);
