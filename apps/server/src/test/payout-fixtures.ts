import { and, eq, isNotNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { wallets } from '../db/schema.ts';
import { applyPaymentAction } from '../payments/payment-lifecycle.ts';
import { payments } from '../payments/payment-schema.ts';

/**
 * A payment inserted as DRAFTED on a seeded merchant wallet, initiated (its amount held), then moved to PROCESSING by its TSP the
 * way the payments core does it (which writes the payout outbox row). For the rail's and callbacks' tests.
 * @internal
 */
export async function processingPayment(db: Db, opts: { amount?: string; now?: Date } = {}): Promise<{ id: string; paymentId: string; walletId: string }> {
  const payment = await initiatedPayment(db, opts);
  await inTransaction(db, (tx) => applyPaymentAction(tx, payment.id, 'process', { type: 'TSP', name: 'Test TSP' }, { now: opts.now ?? new Date() }));
  return payment;
}

/**
 * A payment inserted as DRAFTED on a seeded merchant wallet and initiated (its amount held): INITIATED, waiting for its TSP.
 * @internal
 */
export async function initiatedPayment(db: Db, opts: { amount?: string; now?: Date } = {}): Promise<{ id: string; paymentId: string; walletId: string }> {
  const [wallet] = await db
    .select()
    .from(wallets)
    .where(and(isNotNull(wallets.merchantServiceId), eq(wallets.status, 'ACTIVE'), eq(wallets.type, 'PAYMENT')))
    .orderBy(wallets.id)
    .limit(1);
  if (!wallet?.merchantServiceId) throw new Error('no seeded merchant wallet');
  const id = uuidv7();
  const paymentId = `PAY${id.replace(/-/g, '').slice(-12).toUpperCase()}`;
  const amount = opts.amount ?? '10.00';
  const party = { name: 'Test Party', countryCode: 'AE', iban: 'AE070331234567890123456' };
  await db.insert(payments).values({
    id,
    paymentId,
    merchantId: wallet.merchantServiceId,
    serviceProviderId: wallet.serviceProviderId,
    walletId: wallet.id,
    status: 'DRAFTED',
    sender: party,
    receiver: party,
    sendAmount: amount,
    sendCurrency: wallet.currencyCode,
    receiveAmount: amount,
    receiveCurrency: wallet.currencyCode,
    holdAmount: amount,
  });
  const now = opts.now ?? new Date();
  // Initiating holds the amount on the wallet; processing (the caller's) queues the payout.
  await inTransaction(db, (tx) => applyPaymentAction(tx, id, 'initiate', { type: 'MERCHANT', name: 'Test maker' }, { now }));
  return { id, paymentId, walletId: wallet.id };
}
