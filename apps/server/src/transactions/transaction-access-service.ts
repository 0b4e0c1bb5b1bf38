import { and, eq, getTableColumns } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { Db, Queryable, Tx } from '../db/database.ts';
import { AppError } from '../errors.ts';
import type { WalletRow } from '../wallets/wallet-types.ts';
import { transactionDto, type TransactionDto } from './transaction-dto.ts';
import { transactionsV2, type TransactionCharge } from './transaction-schema.ts';
import type { TransactionRow } from './transaction-types.ts';
import { walletTopUpValues } from './wallet-top-up-values.ts';
import { dayReference } from '../lib/references.ts';

/*
 * What other areas read of the transactions and add to them (settlements, deal positions): plain rows, and
 * subqueries of the table PostgreSQL flattens into the reader's statement, so a reader keeps its one
 * statement while the table and its writes stay this area's.
 */

/** A transaction by the reference people read (`transactionId`), for an area that acts on one (a linked leg's main). */
export async function transactionByNumber(db: Queryable, transactionId: string): Promise<TransactionRow | undefined> {
  const [row] = await db.select().from(transactionsV2).where(eq(transactionsV2.transactionId, transactionId));
  return row;
}

/**
 * Stores a linked leg of `main`: a single-sided top-up of the linked wallet, PENDING until the wallet's TSP
 * approves it like any top-up, referencing the main transaction. Runs in the caller's database transaction,
 * which records the link.
 */
export async function insertLinkedTopUp(
  tx: Tx,
  main: Pick<TransactionRow, 'transactionId'>,
  wallet: Pick<WalletRow, 'id' | 'merchantServiceId' | 'serviceProviderId' | 'currencyCode'>,
  leg: { amount: string; remarks: string | null },
  userId: string,
  now: Date,
): Promise<{ id: string; answer: TransactionDto }> {
  const [inserted] = await tx
    .insert(transactionsV2)
    .values({
      id: uuidv7(),
      transactionId: dayReference('LNK', now, 10),
      category: 'TOPUP',
      type: 'LINKED',
      status: 'PENDING',
      sourceApprovalStatus: 'PENDING',
      referenceNumber: main.transactionId,
      ...walletTopUpValues(wallet, leg.amount),
      remarks: leg.remarks,
      createdBy: userId,
      createdAt: now,
    })
    .returning();
  if (!inserted) throw new AppError('INTERNAL_ERROR', 'The linked transaction was not stored');
  return { id: inserted.id, answer: transactionDto(inserted) };
}

/** The merchant charge lines of a merchant's COMPLETED transactions at a TSP (a cancelled one earns nothing). */
export async function completedMerchantCharges(db: Db, tspId: string, merchantId: string): Promise<Array<{ id: string; charges: TransactionCharge[] }>> {
  return db
    .select({ id: transactionsV2.id, charges: transactionsV2.merchantCharges })
    .from(transactionsV2)
    .where(and(eq(transactionsV2.serviceProviderId, tspId), eq(transactionsV2.merchantId, merchantId), eq(transactionsV2.status, 'COMPLETED')));
}

/**
 * The legs of the quoted transfers other areas sum (the deal positions): a plain subquery of the transfers'
 * table, which PostgreSQL flattens into the reader's join, so the reader keeps its one statement per
 * direction while the table stays this area's.
 */
export const transferLegs = new QueryBuilder()
  .select({
    status: transactionsV2.status,
    valueDate: transactionsV2.valueDate,
    quoteId: transactionsV2.quoteId,
    sourceWalletId: transactionsV2.sourceWalletId,
    targetWalletId: transactionsV2.targetWalletId,
    sourceAmount: transactionsV2.sourceAmount,
    targetAmount: transactionsV2.targetAmount,
    holdAmount: transactionsV2.holdAmount,
  })
  .from(transactionsV2)
  .as('transfer_legs');

/**
 * The stored transactions as other areas read them (a net-off's candidates and items): every column, read
 * only, as a plain subquery PostgreSQL flattens into the reader's statement (with its own tables' conditions,
 * such as the net-off's settled items), while the writes stay this area's.
 */
export const storedTransactions = new QueryBuilder().select(getTableColumns(transactionsV2)).from(transactionsV2).as('stored_transactions');
