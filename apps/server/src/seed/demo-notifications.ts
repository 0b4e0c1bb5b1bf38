/**
 * Demo notifications. Most come on their own: the demo's payments and transactions are made through their
 * services, which tell the TSP what waits for its approval and the merchant what was decided or failed.
 * This adds what the rest of the demo does not make: an incoming credit the bank reported on a merchant
 * wallet (through the bank callback's own service, so the ledger follows), and a few notifications already
 * read by the first demo user of each organisation, so the screen shows read and unread ones. Running it
 * again changes nothing (the bank's message id is taken once; a read is kept once).
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { organisations, users, wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { notificationReads, notifications } from '../notifications/notification-schema.ts';
import { takeBankNotification } from '../payout/bank-callback-service.ts';
import { MERCHANTS } from './demo-organisations.ts';

/** Merchants whose demo includes a credit the bank reported. */
const WITH_BANK_CREDIT = ['GLOBEX', 'STARK'];

/** The first demo user of an organisation has read its oldest notifications (the newest stay unread). */
async function someRead(db: Db, orgId: string, now: Date): Promise<void> {
  const [reader] = await db.select({ id: users.id }).from(users).where(eq(users.orgId, orgId)).orderBy(asc(users.digit9Id)).limit(1);
  if (!reader) return;
  const oldest = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.orgId, orgId), isNull(notifications.userId)))
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(2);
  if (oldest.length === 0) return;
  await db
    .insert(notificationReads)
    .values(oldest.map((n) => ({ notificationId: n.id, userId: reader.id, readAt: now })))
    .onConflictDoNothing();
}

export async function seedDemoNotifications(db: Db, now = new Date()): Promise<void> {
  const tsps = new Set<string>();
  for (const m of MERCHANTS) {
    const [org] = await db.select({ id: organisations.id, parentId: organisations.parentId }).from(organisations).where(eq(organisations.code, m.code));
    if (!org?.parentId) continue;
    tsps.add(org.parentId);
    if (WITH_BANK_CREDIT.includes(m.code)) {
      const [wallet] = await db
        .select()
        .from(wallets)
        .where(and(eq(wallets.merchantServiceId, org.id), eq(wallets.serviceProviderId, org.parentId), eq(wallets.status, 'ACTIVE')))
        .orderBy(asc(wallets.id))
        .limit(1);
      if (!wallet) continue;
      try {
        await takeBankNotification(
          db,
          'ICN',
          {
            messageId: `DEMO-ICN-${m.code}`,
            walletId: wallet.id,
            amount: '12500',
            currency: wallet.currencyCode,
            bankReference: `DEMO-ICN-${m.code}`,
            remitterName: `${m.name} treasury`,
            narrative: 'Funding from the operating account',
          },
          now,
        );
      } catch (error) {
        // A TSP with no nostro account in the wallet's currency takes no bank credit: the demo goes on without one.
        if (!(error instanceof AppError)) throw error;
      }
    }
    await someRead(db, org.id, now);
  }
  for (const tsp of tsps) await someRead(db, tsp, now);
}
