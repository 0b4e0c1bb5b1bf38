import { quoteRequest } from '@corridor/api';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { Dec } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { organisations, users, walletPositions, wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { currencyDealConfigs } from '../pricing-config/pricing-config-schema.ts';
import { createQuote } from '../quotes/quote-service.ts';
import { RateBook } from '../rates/rate-book.ts';
import { decideTransaction } from '../transactions/transaction-approval-service.ts';
import { createTransaction } from '../transactions/transaction-create-service.ts';
import { listCharges } from '../charges/charge-service.ts';
import { post } from '../ledger/ledger-service.ts';
import { incentiveSettlements, settleIncentives } from '../settlements/settlement-service.ts';
import { merchantTenant, tenantOf, type SpTenant } from '../tenant/tenant.ts';

const DAY_MS = 86_400_000;
const REMARK = 'Demo reconciliation';

/**
 * Settlements of Meridian's open FX premium and rebate charges on different days, so the reconciliation screen
 * has something in each state: a day that reconciles, a day whose settlement was paid out twice (an excess: a
 * second payout voucher on the same settlement), and a settlement dated in the past that was never posted
 * (unsettled). Made through the settlement service and the ledger's post, so the figures are real. Once made,
 * never made again (the seed stays repeatable).
 */
export async function seedDemoReconciliation(db: Db, now = new Date()): Promise<void> {
  const [tsp] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, 'MERIDIAN'));
  if (!tsp) return;
  const existing = await incentiveSettlements(db, tsp.id, {});
  if (existing.length > 0) return;
  const checkers = await db.select({ id: users.id }).from(users).where(eq(users.orgId, tsp.id)).orderBy(asc(users.digit9Id)).limit(2);
  const user = checkers[0];
  if (!user || checkers.length < 2) return;
  const tenant = tenantOf({ userId: user.id, role: 'SERVICE_PROVIDER', org: tsp.id, orgType: 'SERVICE_PROVIDER' }) as SpTenant;
  await completedTransfers(
    db,
    tsp.id,
    checkers.map((c) => c.id),
    now,
  );
  const open = await listCharges(db, { kind: 'merchant', serviceProviderId: tsp.id }, {
    isPayable: true,
    isReconciled: false,
    page: 0,
    size: 50,
    sort: ['createdAt,ASC'],
  } as Parameters<typeof listCharges>[2]);
  const plans = [
    { daysAgo: 5, kind: 'EXCESS' },
    { daysAgo: 3, kind: 'UNSETTLED' },
    { daysAgo: 9, kind: 'RECONCILED' },
    { daysAgo: 4, kind: 'SHORTFALL' },
    { daysAgo: 1, kind: 'RECONCILED' },
    { daysAgo: 7, kind: 'RECONCILED' },
  ] as const;
  let i = 0;
  for (const charge of open.content) {
    const plan = plans[i];
    if (!plan || !charge.merchantId) break;
    const day = (n: number) => new Date(now.getTime() - n * DAY_MS);
    const ownOf = async (merchantId: string | null) =>
      (
        await db
          .select()
          .from(wallets)
          .where(
            and(
              eq(wallets.serviceProviderId, tsp.id),
              merchantId === null ? isNull(wallets.merchantServiceId) : eq(wallets.merchantServiceId, merchantId),
              eq(wallets.currencyCode, charge.currency),
              eq(wallets.status, 'ACTIVE'),
            ),
          )
          .orderBy(asc(wallets.id))
          .limit(1)
      )[0];
    const [sp, ms] = [await ownOf(null), await ownOf(charge.merchantId)];
    if (!sp || !ms) continue;
    const body = {
      merchantServiceId: charge.merchantId,
      spWalletId: sp.id,
      msWalletId: ms.id,
      currency: charge.currency,
      amount: new Dec(charge.amount).toFixed(),
      chargeIds: [charge.id],
      settlementDate: day(plan.daysAgo).toISOString().slice(0, 10),
      remarks: REMARK,
    };
    // An unsettled one is made before its date, so it waits PENDING and nobody posted it since.
    const made = await settleIncentives(
      db,
      tenant,
      charge.chargeMode === 'REBATE' ? 'REBATE' : 'FX_PREMIUM',
      body,
      user.id,
      // Posted now, not on its settlement day: a wallet's lines keep their running balance in posting order, and
      // the transfers these settle were completed now (reconciliation matches by settlement, not by posting day).
      plan.kind === 'UNSETTLED' ? day(plan.daysAgo + 3) : now,
    );
    if (plan.kind === 'EXCESS' || plan.kind === 'SHORTFALL') {
      // An excess: the payout went out a second time. A shortfall: part of the payout came back.
      const twice = plan.kind === 'EXCESS';
      const line = (w: typeof sp, side: 'D' | 'C') => ({
        accountCode: w.ledgerCode,
        accountName: w.alias,
        currency: charge.currency,
        side,
        amount: twice ? body.amount : new Dec(body.amount).div(2).toDecimalPlaces(2, Dec.ROUND_DOWN).toFixed(),
        walletId: w.id,
        bucket: 'balance' as const,
        description1: twice ? 'Settlement payout sent again' : 'Settlement payout partly returned',
        description2: made.settlementTransactionId,
      });
      await post(
        db,
        {
          category: 'SETTLEMENT',
          subCategory: 'FX_PREMIUM',
          transactionType: 'FX_PREMIUM_SETTLEMENT',
          transactionId: made.settlementTransactionId,
          tspId: tsp.id,
          tspWalletId: sp.id,
          merchantId: charge.merchantId,
          msWalletId: ms.id,
          createdBy: user.id,
          postedAt: now,
          lines: twice ? [line(sp, 'D'), line(ms, 'C')] : [line(ms, 'D'), line(sp, 'C')],
        },
        now,
      );
    }
    i += 1;
  }
}

/**
 * A few completed transfers per merchant of the TSP (from its first funded wallet into another currency the TSP
 * quotes), through the quote and transaction services: each carries the FX premium the TSP owes the merchant.
 */
async function completedTransfers(db: Db, tspId: string, checkers: string[], now: Date): Promise<void> {
  const book = new RateBook();
  const merchants = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.parentId, tspId)).orderBy(asc(organisations.code));
  const deals = await db
    .select({ source: currencyDealConfigs.sourceCurrency, target: currencyDealConfigs.targetCurrency })
    .from(currencyDealConfigs)
    .where(and(eq(currencyDealConfigs.serviceProviderId, tspId), eq(currencyDealConfigs.dealType, 'SPOT')));
  const tsp = (i: number) => {
    const id = checkers[i] ?? '';
    return { tenant: tenantOf({ userId: id, role: 'SERVICE_PROVIDER', org: tspId, orgType: 'SERVICE_PROVIDER' }), userId: id };
  };
  for (const m of merchants) {
    const [maker] = await db.select({ id: users.id }).from(users).where(eq(users.orgId, m.id)).orderBy(asc(users.digit9Id)).limit(1);
    if (!maker) continue;
    const own = await db
      .select({ wallet: wallets, balance: walletPositions.balance })
      .from(wallets)
      .innerJoin(walletPositions, eq(walletPositions.walletId, wallets.id))
      .where(and(eq(wallets.merchantServiceId, m.id), eq(wallets.status, 'ACTIVE')))
      .orderBy(asc(wallets.id));
    const pair = own
      .filter((o) => new Dec(o.balance).gt(2000))
      .map((o) => ({
        source: o,
        target: own.find((t) => deals.some((d) => d.source === o.wallet.currencyCode && d.target === t.wallet.currencyCode && d.source !== d.target)),
      }))
      .find((p) => p.target !== undefined);
    if (!pair?.target) continue;
    const merchant = { tenant: merchantTenant(m.id), userId: maker.id };
    for (const amount of ['1250', '2750', '900', '1600']) {
      try {
        const request = quoteRequest.parse({
          transactionCategory: 'PAYOUT',
          dealType: 'SPOT',
          sourceWalletId: pair.source.wallet.id,
          sendAmount: { amount, currency: pair.source.wallet.currencyCode },
          targetCurrency: pair.target.wallet.currencyCode,
        });
        const quote = await createQuote(db, book, { kind: 'merchant', merchantId: m.id }, request, maker.id, now);
        const made = await createTransaction(
          db,
          book,
          merchant,
          { category: 'TRANSFER', type: 'FX_DEAL', quoteId: quote.id, targetWalletId: pair.target.wallet.id },
          now,
        );
        await decideTransaction(db, book, tsp(0), made.id, 'SOURCE', { status: 'APPROVED' }, now);
        await decideTransaction(db, book, tsp(1), made.id, 'TARGET', { status: 'APPROVED' }, now);
      } catch (error) {
        if (!(error instanceof AppError) || !['RATE_STALE', 'NOT_FOUND', 'VALIDATION_FAILED', 'INSUFFICIENT_FUNDS'].includes(error.code)) throw error;
      }
    }
  }
}
