import { quoteRequest } from '@corridor/api';
import { and, asc, eq, sql } from 'drizzle-orm';
import { Dec } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { organisations, users, walletPositions, wallets } from '../db/schema.ts';
import { currencyDealConfigs } from '../pricing-config/pricing-config-schema.ts';
import { AppError } from '../errors.ts';
import { availableOf } from '../ledger/ledger-service.ts';
import { createQuote } from '../quotes/quote-service.ts';
import { RateBook } from '../rates/rate-book.ts';
import { merchantTenant, tenantOf } from '../tenant/tenant.ts';
import { transactionsV2 } from '../transactions/transaction-schema.ts';
import { decideTransaction } from '../transactions/transaction-approval-service.ts';
import { createTransaction } from '../transactions/transaction-create-service.ts';
import { requestCancellation, type TransactionCaller } from '../transactions/transaction-service.ts';
import { MERCHANTS } from './demo-organisations.ts';

/**
 * A few transactions per demo merchant, made through the transaction service so the ledger agrees:
 * top-ups completed, pending and rejected; transfers from a quote completed, awaiting the target side,
 * and with a cancellation requested. A merchant that already has transactions is left alone. Transfers
 * need a firm quote: when the demo rates cannot price one (a stale interbank rate), only top-ups are made.
 */
export async function seedDemoTransactions(db: Db, now = new Date()): Promise<void> {
  // The seed's own pricing state: configuration held across the demo transactions it makes.
  const book = new RateBook();
  for (const m of MERCHANTS) {
    const [org] = await db.select({ id: organisations.id, parentId: organisations.parentId }).from(organisations).where(eq(organisations.code, m.code));
    if (!org?.parentId) continue;
    const [existing] = await db.select({ id: transactionsV2.id }).from(transactionsV2).where(eq(transactionsV2.merchantId, org.id)).limit(1);
    if (existing) continue;
    const [maker] = await db.select({ id: users.id }).from(users).where(eq(users.orgId, org.id)).orderBy(asc(users.digit9Id)).limit(1);
    const checkers = await db.select({ id: users.id }).from(users).where(eq(users.orgId, org.parentId)).orderBy(asc(users.digit9Id)).limit(2);
    const funded = await db
      .select({ wallet: wallets, position: walletPositions })
      .from(wallets)
      .innerJoin(walletPositions, eq(walletPositions.walletId, wallets.id))
      .where(and(eq(wallets.merchantServiceId, org.id), eq(wallets.status, 'ACTIVE'), sql`${walletPositions.balance} > 0`))
      .orderBy(asc(wallets.id));
    const first = funded[0];
    if (!maker || checkers.length < 2 || !first) continue;
    const merchant: TransactionCaller = { tenant: merchantTenant(org.id), userId: maker.id };
    const tsp = (i: number): TransactionCaller => {
      const id = checkers[i]?.id ?? '';
      return { tenant: tenantOf({ userId: id, role: 'SERVICE_PROVIDER', org: org.parentId, orgType: 'SERVICE_PROVIDER' }), userId: id };
    };
    const amount = availableOf(first.position).div(100).toDecimalPlaces(0, Dec.ROUND_DOWN);
    if (amount.lte(0)) continue;
    const topUp = (i: number) =>
      createTransaction(
        db,
        book,
        merchant,
        {
          category: 'TOPUP',
          type: 'BANK_TRANSFER',
          targetWalletId: first.wallet.id,
          targetAmount: { amount: amount.plus(i * 10).toFixed(), currency: first.wallet.currencyCode },
          collectionMode: 'BANK_TRANSFER',
          referenceNumber: `${m.code}-TOP-${100 + i}`,
        },
        now,
      );
    const done = await topUp(0);
    await decideTransaction(db, book, tsp(0), done.id, 'SOURCE', { status: 'APPROVED' }, now);
    await topUp(1);
    const refused = await topUp(2);
    await decideTransaction(db, book, tsp(0), refused.id, 'SOURCE', { status: 'REJECTED', remarks: 'No matching credit on the collection account' }, now);

    // A transfer needs a pair the TSP prices: the first funded wallet whose currency it quotes (SPOT) into
    // another currency of one of the merchant's wallets at that TSP.
    const own = await db
      .select()
      .from(wallets)
      .where(and(eq(wallets.merchantServiceId, org.id), eq(wallets.status, 'ACTIVE')))
      .orderBy(asc(wallets.id));
    const deals = await db
      .select({ source: currencyDealConfigs.sourceCurrency, target: currencyDealConfigs.targetCurrency })
      .from(currencyDealConfigs)
      .where(and(eq(currencyDealConfigs.serviceProviderId, org.parentId), eq(currencyDealConfigs.dealType, 'SPOT')))
      .orderBy(asc(currencyDealConfigs.sourceCurrency), asc(currencyDealConfigs.targetCurrency));
    const pair = funded
      .map(({ wallet, position }) => {
        const target = own.find(
          (w) =>
            w.serviceProviderId === wallet.serviceProviderId &&
            deals.some((d) => d.source === wallet.currencyCode && d.target === w.currencyCode && d.source !== d.target),
        );
        return target ? { source: wallet, position, target } : null;
      })
      .find((p) => p !== null);
    if (!pair) continue;
    const { source, target } = pair;
    const sendBase = availableOf(pair.position).div(100).toDecimalPlaces(0, Dec.ROUND_DOWN);
    const transfer = async (i: number) => {
      const request = quoteRequest.parse({
        transactionCategory: 'PAYOUT',
        dealType: 'SPOT',
        sourceWalletId: source.id,
        sendAmount: { amount: sendBase.plus(i).toFixed(), currency: source.currencyCode },
        targetCurrency: target.currencyCode,
      });
      const quote = await createQuote(db, book, { kind: 'merchant', merchantId: org.id }, request, maker.id, now);
      return createTransaction(db, book, merchant, { category: 'TRANSFER', type: 'FX_DEAL', quoteId: quote.id, targetWalletId: target.id }, now);
    };
    try {
      const completed = await transfer(1);
      await decideTransaction(db, book, tsp(0), completed.id, 'SOURCE', { status: 'APPROVED' }, now);
      await decideTransaction(db, book, tsp(1), completed.id, 'TARGET', { status: 'APPROVED' }, now);
      const waiting = await transfer(2);
      await decideTransaction(db, book, tsp(0), waiting.id, 'SOURCE', { status: 'APPROVED' }, now);
      const regretted = await transfer(3);
      await requestCancellation(
        db,
        merchant,
        { mainTransactionId: regretted.id, reason: 'Ordered twice', cancellationDate: now.toISOString().slice(0, 10) },
        now,
      );
    } catch (error) {
      if (!(error instanceof AppError) || !['RATE_STALE', 'NOT_FOUND', 'VALIDATION_FAILED'].includes(error.code)) throw error;
    }
  }
}
