import { and, asc, eq, sql } from 'drizzle-orm';
import { Dec } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { organisations, users, walletPositions, wallets } from '../db/schema.ts';
import { availableOf } from '../ledger/ledger-service.ts';
import { applyPaymentAction } from '../payments/payment-lifecycle.ts';
import { payments } from '../payments/payment-schema.ts';
import { createPayment } from '../payments/payment-create-service.ts';
import { actOnPayment, cancelPayment } from '../payments/payment-service.ts';
import type { PaymentCreate } from '../payments/payment-types.ts';
import { merchantTenant, tenantOf } from '../tenant/tenant.ts';
import { RateBook } from '../rates/rate-book.ts';
import { MERCHANTS } from './demo-organisations.ts';

const RECEIVERS = [
  { name: 'Gulf Packaging LLC', countryCode: 'AE', accountNumber: 'AE070331234567890123456' },
  { name: 'Thames Components Ltd', countryCode: 'GB', accountNumber: 'GB29NWBK60161331926819' },
  { name: 'Mumbai Fabrics Pvt Ltd', countryCode: 'IN', accountNumber: '50100123456789' },
];

/**
 * A handful of payments per demo merchant, made through the payment service so the ledger agrees:
 * drafts, one awaiting its TSP, one paid, one the bank refused, one rejected and one cancelled.
 * A merchant that already has payments is left alone (the seed runs again on every start).
 */
export async function seedDemoPayments(db: Db, now = new Date()): Promise<void> {
  // The seed's own pricing state: it runs before the server's is made.
  const book = new RateBook();
  for (const m of MERCHANTS) {
    const [org] = await db.select({ id: organisations.id, parentId: organisations.parentId }).from(organisations).where(eq(organisations.code, m.code));
    if (!org?.parentId) continue;
    const [existing] = await db.select({ id: payments.id }).from(payments).where(eq(payments.merchantId, org.id)).limit(1);
    if (existing) continue;
    const [maker] = await db.select({ id: users.id }).from(users).where(eq(users.orgId, org.id)).orderBy(asc(users.digit9Id)).limit(1);
    const [checker] = await db.select({ id: users.id }).from(users).where(eq(users.orgId, org.parentId)).orderBy(asc(users.digit9Id)).limit(1);
    const [wallet] = await db
      .select({ wallet: wallets, position: walletPositions })
      .from(wallets)
      .innerJoin(walletPositions, eq(walletPositions.walletId, wallets.id))
      .where(and(eq(wallets.merchantServiceId, org.id), eq(wallets.status, 'ACTIVE'), sql`${walletPositions.balance} > 0`))
      .orderBy(asc(wallets.id))
      .limit(1);
    if (!maker || !checker || !wallet) continue;
    // Small payments: a fiftieth of what the wallet can spend, so every hold fits.
    const amount = availableOf(wallet.position).div(50).toDecimalPlaces(0, Dec.ROUND_DOWN);
    if (amount.lte(0)) continue;
    const merchant = { tenant: merchantTenant(org.id), userId: maker.id };
    const tsp = { tenant: tenantOf({ userId: checker.id, role: 'SERVICE_PROVIDER', org: org.parentId, orgType: 'SERVICE_PROVIDER' }), userId: checker.id };
    const make = async (i: number, mode: 'draft' | 'initiate') => {
      const body: PaymentCreate = {
        walletId: wallet.wallet.id,
        category: 'PAYOUT',
        sendAmount: amount.plus(i * 10).toFixed(),
        receiver: RECEIVERS[i % RECEIVERS.length] as PaymentCreate['receiver'],
        message: `Invoice ${m.code}-${1000 + i}`,
        referenceNumber: `${m.code}-${1000 + i}`,
      };
      return createPayment(db, book, merchant, body, mode, now);
    };
    await make(0, 'draft');
    await make(1, 'draft');
    await make(2, 'initiate');
    const paid = await make(3, 'initiate');
    await actOnPayment(db, tsp, paid.id, 'process', now);
    await inTransaction(db, (tx) => applyPaymentAction(tx, paid.id, 'complete', { type: 'BANK', name: 'Correspondent bank' }, { now }));
    const refused = await make(4, 'initiate');
    await actOnPayment(db, tsp, refused.id, 'process', now);
    await inTransaction(db, (tx) =>
      applyPaymentAction(tx, refused.id, 'fail', { type: 'BANK', name: 'Correspondent bank' }, { reason: 'Beneficiary account closed', now }),
    );
    const rejected = await make(5, 'initiate');
    await actOnPayment(db, tsp, rejected.id, 'reject', now, { reason: 'Purpose of payment not documented' });
    const cancelled = await make(6, 'initiate');
    await cancelPayment(db, merchant, { transactionId: cancelled.paymentId, reason: 'Duplicate invoice' }, now);
  }
}
