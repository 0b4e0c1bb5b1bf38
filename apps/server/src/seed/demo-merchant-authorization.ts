import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { organisations, users, walletConfigs, wallets } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { merchantAuthorizationEvents, merchantProfiles } from '../merchant-profiles/merchant-profile-schema.ts';
import { openWallet } from '../wallets/wallet-service.ts';
import { openDemoBankAccount } from './demo-accounts.ts';
import { DEMO_PASSWORD } from './demo-organisations.ts';

type Status = (typeof merchantProfiles.profileStatus.enumValues)[number];

const DAY_MS = 86_400_000;

interface AuthorizationDemo {
  code: string;
  name: string;
  countryCode: string;
  status: Status;
  /** Days from the seed's start to the end of the authorization (negative: it has ended). */
  endsInDays: number | null;
  /** The decisions taken, oldest first: [action, from, to, reason, days ago, deciding user]. */
  history: Array<[action: string, from: Status, to: Status, reason: string, daysAgo: number, by: string]>;
}

/** Atlas Bank users of the demo: the one who submits merchants, and the one who decides most. */
const KARIM = '200000011';
const AMIRA = '200000001';

/**
 * Merchants of Atlas Bank in each authorization status the main demo merchants do not show at Atlas: one pending
 * approval (submitted by Karim Nasser, so Amira Haddad approves it: four eyes), one expired, one paused and one
 * blocked, each with the decisions that brought it there. The pending one has a user and a USD wallet so it can
 * be approved, paused, and seen refused when it pays. The demo's sign-in merchants are left as they are.
 */
const DEMOS: AuthorizationDemo[] = [
  { code: 'HOOLI', name: 'Hooli Services', countryCode: 'AE', status: 'PENDING_APPROVAL', endsInDays: null, history: [] },
  {
    code: 'CYBERDYNE',
    name: 'Cyberdyne Systems',
    countryCode: 'AE',
    status: 'EXPIRED',
    endsInDays: -12,
    history: [['APPROVE', 'PENDING_APPROVAL', 'ACTIVE', 'KYC and risk review complete', 377, AMIRA]],
  },
  {
    code: 'SOYLENT',
    name: 'Soylent Foods',
    countryCode: 'AE',
    status: 'PAUSED',
    endsInDays: 200,
    history: [
      ['APPROVE', 'PENDING_APPROVAL', 'ACTIVE', 'Documents verified', 165, AMIRA],
      ['PAUSE', 'ACTIVE', 'PAUSED', 'Trade licence renewal awaited', 3, AMIRA],
    ],
  },
  {
    code: 'TYRELL',
    name: 'Tyrell Trading',
    countryCode: 'AE',
    status: 'BLOCKED',
    endsInDays: 120,
    history: [
      ['APPROVE', 'PENDING_APPROVAL', 'ACTIVE', 'Onboarding checks passed', 245, KARIM],
      ['BLOCK', 'ACTIVE', 'BLOCKED', 'Sanctions screening match under investigation', 6, AMIRA],
    ],
  },
];

/** The user of the pending merchant (DEMO ONLY: the demo password). */
const HOOLI_USER = { digit9Id: '100000021', name: 'Nadia Farouk', email: 'nadia.farouk@hooli.example' };

/** Seeds the merchant authorization demo once: a database that has its first merchant is left alone. */
export async function seedDemoMerchantAuthorization(db: Db, orgs: Map<string, string>, now: Date = new Date()): Promise<void> {
  const atlas = orgs.get('ATLAS');
  if (!atlas || orgs.has('HOOLI')) return;
  const userIds = new Map<string, string>();
  const userNames = new Map<string, string>();
  for (const digit9Id of [KARIM, AMIRA]) {
    const [u] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.digit9Id, digit9Id));
    if (u) {
      userIds.set(digit9Id, u.id);
      userNames.set(digit9Id, u.name);
    }
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await inTransaction(db, async (tx) => {
    for (const demo of DEMOS) {
      const merchantId = uuidv7();
      const inserted = await tx
        .insert(organisations)
        .values({
          id: merchantId,
          type: 'MERCHANT',
          code: demo.code,
          name: demo.name,
          countryCode: demo.countryCode,
          currencyCodes: ['AED', 'USD'],
          parentId: atlas,
        })
        .onConflictDoNothing()
        .returning({ id: organisations.id });
      if (inserted.length === 0) continue;
      const opened = new Date(now.getTime() - 400 * DAY_MS);
      const profileId = uuidv7();
      await tx.insert(merchantProfiles).values({
        id: profileId,
        merchantId,
        serviceProviderId: atlas,
        kycStatus: demo.status === 'PENDING_APPROVAL' ? 'IN_VERIFICATION' : 'APPROVED',
        riskScoringStatus: demo.status === 'PENDING_APPROVAL' ? 'REQUESTED' : 'APPROVED',
        creditScoringStatus: 'NEW',
        executiveDocumentsStatus: demo.status === 'PENDING_APPROVAL' ? 'REQUESTED' : 'VERIFIED',
        profileStatus: demo.status,
        authorizationExpiresAt: demo.endsInDays === null ? null : new Date(now.getTime() + demo.endsInDays * DAY_MS),
        createdBy: userIds.get(KARIM) ?? null,
        createdAt: new Date(now.getTime() - (demo.history[0]?.[4] ?? 2) * DAY_MS - DAY_MS),
      });
      for (const [action, fromStatus, toStatus, reason, daysAgo, by] of demo.history) {
        const actorId = userIds.get(by);
        if (!actorId) continue;
        await tx.insert(merchantAuthorizationEvents).values({
          id: uuidv7(),
          merchantProfileId: profileId,
          action,
          fromStatus,
          toStatus,
          reason,
          expiresAt: toStatus === 'ACTIVE' && demo.endsInDays !== null ? new Date(now.getTime() + demo.endsInDays * DAY_MS) : null,
          actorId,
          actorName: userNames.get(by) ?? null,
          createdAt: new Date(now.getTime() - daysAgo * DAY_MS),
        });
      }
      if (demo.code !== 'HOOLI') continue;
      await tx
        .insert(users)
        .values({ id: uuidv7(), ...HOOLI_USER, role: 'MERCHANT_SERVICE', orgId: merchantId, passwordHash })
        .onConflictDoNothing();
      // A USD payment wallet under Atlas's merchant settlement account, like every demo merchant's.
      const [pool] = await tx
        .select()
        .from(wallets)
        .where(and(eq(wallets.serviceProviderId, atlas), eq(wallets.currencyCode, 'USD'), eq(wallets.accountCategoryId, '700')));
      if (!pool?.bankCode) continue;
      const bankAccountId = await openDemoBankAccount(tx, {
        ownerId: merchantId,
        holder: demo.name,
        bankCode: pool.bankCode,
        currencyCode: 'USD',
        createdAt: opened,
      });
      const wallet = await openWallet(
        tx,
        {
          alias: `${demo.name} USD payments`,
          type: 'PAYMENT',
          serviceProviderId: atlas,
          merchantServiceId: merchantId,
          currencyCode: 'USD',
          countryCode: pool.countryCode,
          bankCode: pool.bankCode,
          bankAccountId,
          spWalletId: pool.id,
        },
        opened,
      );
      await tx.insert(walletConfigs).values(
        ['TOPUP', 'PAYOUT', 'TRANSFER'].map((category) => ({
          id: uuidv7(),
          walletId: wallet.id,
          transactionCategory: category,
          coveringModel: 'PREFUNDED',
          enabled: true,
          minAmount: '1',
          maxAmount: '250000',
          dailyLimit: '500000',
          autoApprove: category === 'TOPUP',
          createdAt: opened,
        })),
      );
    }
  });
}
