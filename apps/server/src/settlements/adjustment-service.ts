import { and, eq, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { linkedTransactionCreate, walletBalanceReset } from '@corridor/api';
import { Dec } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { walletPositions, wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { ensureLedgerAccount, post, walletVoucherParties } from '../ledger/ledger-service.ts';
import { assertAmountFits } from '../lib/amount-fit.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import type { SpTenant } from '../tenant/tenant.ts';
import { insertLinkedTopUp, transactionByNumber } from '../transactions/transaction-access-service.ts';
import { tspCode } from '../ledger/tsp-account-service.ts';
import { transactionLinks } from './settlement-schema.ts';
import { dayReference } from '../lib/references.ts';

/**
 * A wallet balance reset never overwrites a balance: it posts an ADJUSTMENT voucher for the difference between
 * the wallet's balance and the one asked for, against the TSP's own adjustment suspense account, with the reason
 * on the voucher. The wallet is locked while the difference is worked out, so two resets never both add a
 * difference read before the other posted. A reset to the current balance posts nothing: voucherNo is empty.
 */
export async function resetWalletBalance(db: Db, tenant: SpTenant, body: z.output<typeof walletBalanceReset>, by: string, now: Date) {
  const [found] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.id, body.walletId), tenant.scope));
  if (!found) throw foreignId('walletId', 'wallet', body.walletId);
  return inTransaction(db, async (tx) => {
    const [wallet] = await tx.select().from(wallets).where(eq(wallets.id, body.walletId)).for('update');
    if (!wallet) throw foreignId('walletId', 'wallet', body.walletId);
    await assertAmountFits(tx, new Dec(body.balance).abs().toFixed(), wallet.currencyCode, 'balance');
    const [position] = await tx.select({ balance: walletPositions.balance }).from(walletPositions).where(eq(walletPositions.walletId, wallet.id));
    const previous = new Dec(position?.balance ?? '0');
    const wanted = new Dec(body.balance);
    const delta = wanted.minus(previous);
    const answer = { walletId: wallet.id, previousBalance: previous.toFixed(), balance: wanted.toFixed(), voucherNo: '' };
    if (delta.isZero()) return answer;
    const org = await tspCode(tx, tenant.serviceProviderId);
    const suspense = { code: `ADJ-${org.code}-${wallet.currencyCode}`, name: `${org.name} Adjustment suspense ${wallet.currencyCode}` };
    await ensureLedgerAccount(tx, { ...suspense, currencyCode: wallet.currencyCode, tspId: tenant.serviceProviderId, kind: 'adjustmentSuspense' });
    const up = delta.gt(0);
    const amount = delta.abs().toFixed();
    const ref = dayReference('ADJ', now, 10);
    const voucher = await post(
      tx,
      {
        category: 'ADJUSTMENT',
        subCategory: 'BALANCE_RESET',
        transactionType: up ? 'BALANCE_RESET_UP' : 'BALANCE_RESET_DOWN',
        transactionId: ref,
        tspId: tenant.serviceProviderId,
        ...walletVoucherParties(wallet),
        createdBy: by,
        lines: [
          {
            accountCode: suspense.code,
            accountName: suspense.name,
            currency: wallet.currencyCode,
            side: up ? 'D' : 'C',
            amount,
            description1: body.reason,
            description2: ref,
          },
          {
            accountCode: wallet.ledgerCode,
            accountName: wallet.alias,
            currency: wallet.currencyCode,
            side: up ? 'C' : 'D',
            amount,
            walletId: wallet.id,
            bucket: 'balance',
            description1: body.reason,
            description2: ref,
          },
        ],
      },
      now,
    ).catch((error: unknown) => {
      // The ledger refuses a balance below what the wallet has committed: the caller is told which field asked for it.
      if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
        throw new AppError('INSUFFICIENT_FUNDS', error.message, [
          { parameter: 'balance', message: 'would leave the wallet less than its held amounts, reserves and credit allow' },
        ]);
      }
      throw error;
    });
    return { ...answer, voucherNo: voucher.voucherNo };
  });
}

/**
 * A linked leg: a transaction that pays part of a main transaction to a linked wallet (or undoes it, such as a
 * cancellation's leg). It is a single-sided top-up of the linked wallet, created PENDING and approved by the
 * wallet's TSP like any top-up (nothing moves before), and recorded against its main transaction. The main
 * transaction must exist, and the linked wallet must be run by one of its two TSPs.
 */
export async function createLinkedTransaction(db: Db, userId: string, body: z.output<typeof linkedTransactionCreate>, now: Date) {
  const main = await transactionByNumber(db, body.mainTransactionId);
  if (!main) throw foreignId('mainTransactionId', 'transaction', body.mainTransactionId);
  const [wallet] = await db
    .select()
    .from(wallets)
    .where(
      and(
        eq(wallets.id, body.linkedWalletId),
        or(eq(wallets.serviceProviderId, main.serviceProviderId), eq(wallets.serviceProviderId, main.targetSpId ?? main.serviceProviderId)),
      ),
    );
  if (!wallet) throw foreignId('linkedWalletId', "wallet of the main transaction's TSPs", body.linkedWalletId);
  const problems = [];
  if (body.currency !== wallet.currencyCode) problems.push({ parameter: 'currency', message: `must be the wallet currency ${wallet.currencyCode}` });
  if (!new Dec(body.amount).gt(0)) problems.push({ parameter: 'amount', message: 'must be more than zero' });
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', undefined, problems);
  await assertAmountFits(db, body.amount, wallet.currencyCode, 'amount');
  return inTransaction(db, async (tx) => {
    const leg = await insertLinkedTopUp(tx, main, wallet, { amount: body.amount, remarks: body.remarks ?? null }, userId, now);
    await tx.insert(transactionLinks).values({ linkedRowId: leg.id, mainRowId: main.id, createdAt: now });
    return leg.answer;
  });
}
