import type { transactionsV2 } from './transaction-schema.ts';

/** A transaction as stored: what the areas acting on one transaction (settlements, charges) hold. */
export type TransactionRow = typeof transactionsV2.$inferSelect;
