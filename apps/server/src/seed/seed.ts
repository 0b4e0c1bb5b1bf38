import { createHash } from 'node:crypto';
import { eq, inArray, isNull, and } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database.ts';
import type { FileStorage } from '../lib/file-storage.ts';
import * as t from '../db/schema.ts';
import { assertPasswordPolicy, hashPassword } from '../lib/passwords.ts';
import { AppError } from '../errors.ts';
import * as ref from './reference-data.ts';
import { seedDemoWallets } from './demo-wallets.ts';
import { seedDemoFees } from './demo-fees.ts';
import { seedDemoPricing } from './demo-pricing.ts';
import { seedDemoBeneficiaries } from './demo-beneficiaries.ts';
import { seedDemoProfiles } from './demo-profiles.ts';
import { seedDemoProfileDocuments } from './demo-profile-documents.ts';
import { seedDemoMerchantAuthorization } from './demo-merchant-authorization.ts';
import { seedDemoPayments } from './demo-payments.ts';
import { seedDemoTransactions } from './demo-transactions.ts';
import { seedDemoPartners } from './demo-partners.ts';
import { seedDemoRateHistory, seedDemoRevaluation } from './demo-revaluation.ts';
import { seedDemoNotifications } from './demo-notifications.ts';
import { seedDemoReconciliation } from './demo-reconciliation.ts';
import { COMMON_FILES, DEMO_PASSWORD, DEMO_USERS, MERCHANTS, SERVICE_PROVIDERS, type DemoOrg } from './demo-organisations.ts';

const codeNameRows = (items: ref.CodeName[]) =>
  items.map(([code, name, description], i) => ({ code, name, description: description ?? null, sortOrder: (i + 1) * 10 }));

/** Reference data: inserted when missing, never overwritten (an operator may have edited it). */
async function seedReference(db: Db): Promise<void> {
  const currencyDp = new Map(ref.CURRENCIES.map(([code, , , , dp]) => [code, dp]));
  await db
    .insert(t.currencies)
    .values(ref.CURRENCIES.map(([code, name, sign, countryCode, dp]) => ({ code, name, sign, countryCode, dp })))
    .onConflictDoNothing();
  await db
    .insert(t.countries)
    .values(ref.COUNTRIES.map(([code, iso3, name, currencyCode, dialCode]) => ({ code, iso3, name, currencyCode, dialCode })))
    .onConflictDoNothing();
  await db
    .insert(t.banks)
    .values(ref.BANKS.map(([code, name, bic, countryCode]) => ({ code, name, bic, countryCode })))
    .onConflictDoNothing();
  const branches = ref.BANKS.flatMap(([code, name, , countryCode]) =>
    (ref.BRANCH_CITIES[countryCode] ?? ['Head office']).map((city, i) => ({
      code: `${code}-${String(i + 1).padStart(3, '0')}`,
      name: `${name}, ${city}`,
      bankCode: code,
      city,
      address: `${10 + i * 7} Main Street, ${city}`,
      countryCode,
    })),
  );
  await db.insert(t.bankBranches).values(branches).onConflictDoNothing();
  const bankCurrencies = ref.BANKS.flatMap(([code, , , countryCode, currencies]) =>
    currencies.map((currencyCode) => ({ id: uuidv7(), bankCode: code, countryCode, currencyCode })),
  );
  await db.insert(t.bankCountryCurrencies).values(bankCurrencies).onConflictDoNothing();

  const lists: Array<[Parameters<Db['insert']>[0], ref.CodeName[]]> = [
    [t.accountTypes, ref.ACCOUNT_TYPES],
    [t.transactionCategories, ref.TRANSACTION_CATEGORIES],
    [t.businessTypes, ref.BUSINESS_TYPES],
    [t.partnerTypes, ref.PARTNER_TYPES],
    [t.channels, ref.CHANNELS],
    [t.deliveryModes, ref.DELIVERY_MODES],
    [t.transactionPurposes, ref.TRANSACTION_PURPOSES],
    [t.fundSources, ref.FUND_SOURCES],
    [t.incomeSources, ref.INCOME_SOURCES],
    [t.transactionCategoryMaster, ref.TRANSACTION_CATEGORIES],
    [t.productTypes, ref.PRODUCT_TYPES],
    [t.dealTypes, ref.DEAL_TYPES],
    [t.consumerTypes, ref.CONSUMER_TYPES],
    [t.collectionModes, ref.COLLECTION_MODES],
    [t.transferModes, ref.TRANSFER_MODES],
  ];
  for (const [table, items] of lists) {
    await db.insert(table).values(codeNameRows(items)).onConflictDoNothing();
  }
  await db
    .insert(t.accountCategories)
    .values(ref.ACCOUNT_CATEGORIES.map(([id, code, name]) => ({ id, code, name })))
    .onConflictDoNothing();
  await db
    .insert(t.correspondents)
    .values(
      ref.CORRESPONDENTS.map(([correspondentId, name, countryCode, currencyCodes, bankCode]) => ({
        correspondentId,
        name,
        countryCode,
        currencyCodes,
        bankCode,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(t.tradingCurrencies)
    .values(
      ref.TRADING_CURRENCIES.map((code) => ({
        code,
        name: ref.CURRENCIES.find(([c]) => c === code)?.[1] ?? code,
        dp: currencyDp.get(code) ?? 2,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(t.mtos)
    .values(ref.MTOS.map(([id, name, countryCode, licenseNumber]) => ({ id, name, countryCode, licenseNumber })))
    .onConflictDoNothing();
  await db
    .insert(t.rateProviders)
    .values(ref.RATE_PROVIDERS.map(([id, name]) => ({ id, name })))
    .onConflictDoNothing();
}

async function seedOrganisations(db: Db): Promise<Map<string, string>> {
  const insert = async (org: DemoOrg, type: 'SERVICE_PROVIDER' | 'MERCHANT', parentId: string | null) =>
    db
      .insert(t.organisations)
      .values({ id: uuidv7(), type, code: org.code, name: org.name, countryCode: org.countryCode, currencyCodes: org.currencyCodes, parentId })
      .onConflictDoNothing();
  for (const sp of SERVICE_PROVIDERS) await insert(sp, 'SERVICE_PROVIDER', null);
  let ids = await orgIds(db);
  for (const m of MERCHANTS) await insert(m, 'MERCHANT', m.parent ? (ids.get(m.parent) ?? null) : null);
  ids = await orgIds(db);
  return ids;
}

async function orgIds(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ id: t.organisations.id, code: t.organisations.code }).from(t.organisations);
  return new Map(rows.map((r) => [r.code, r.id]));
}

async function seedUsers(db: Db, orgs: Map<string, string>): Promise<number> {
  const existing = await demoUserIdsIn(db);
  const missing = DEMO_USERS.filter((u) => !existing.has(u.digit9Id));
  if (missing.length === 0) return 0;
  // One hash shared by the demo users: they share the password anyway, and start-up stays fast.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(t.users)
    .values(
      missing.map((u) => ({
        id: uuidv7(),
        digit9Id: u.digit9Id,
        name: u.name,
        email: u.email,
        role: u.role,
        orgId: u.org ? (orgs.get(u.org) ?? null) : null,
        passwordHash,
      })),
    )
    .onConflictDoNothing();
  return missing.length;
}

async function seedCommonFiles(db: Db, storage: FileStorage): Promise<void> {
  for (const file of COMMON_FILES) {
    const content = Buffer.from(file.content, 'utf8');
    const [found] = await db
      .select({ id: t.files.id, sha256: t.files.sha256, storageKey: t.files.storageKey })
      .from(t.files)
      .where(and(eq(t.files.originalName, file.name), isNull(t.files.ownerOrgId), eq(t.files.isCommon, true)));
    // A common file is what this release defines: one seeded by an older release with other content
    // (the mass payment template once had columns the portal does not read) is replaced in place.
    if (found && found.sha256 === createHash('sha256').update(content).digest('hex')) continue;
    // Through the same storage as uploads: the database keeps where the content is, not the content.
    const stored = await storage.write(content);
    const columns = { category: file.category, mime: file.mime, size: stored.size, storageKey: stored.key, sha256: stored.sha256, content: null };
    if (found) {
      await db.update(t.files).set(columns).where(eq(t.files.id, found.id));
      if (found.storageKey) await storage.remove(found.storageKey);
      continue;
    }
    await db.insert(t.files).values({ id: uuidv7(), name: file.name, originalName: file.name, isCommon: true, ...columns });
  }
}

/** What every start needs, the demo's or not: the reference data and the common guides. Running it again changes nothing. */
export async function seedReferenceData(db: Db, storage: FileStorage): Promise<void> {
  await seedReference(db);
  await seedCommonFiles(db, storage);
}

/** The 9-digit ID the first operations admin signs in with when CORRIDOR_ADMIN_ID does not name another. */
export const FIRST_ADMIN_ID = '900000001';

/**
 * Outside the demo, the first operations admin (who then opens organisations and users through the API or
 * the CLI): made when no admin exists, from the password the operator gives (CORRIDOR_ADMIN_PASSWORD, which
 * has no default). Answers what it did; a password outside the policy or an ID that is not 9 digits is refused.
 */
export async function bootstrapAdmin(db: Db, input: { digit9Id: string; password: string | undefined }): Promise<'created' | 'exists' | 'no-password'> {
  const [admin] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.role, 'ADMIN')).limit(1);
  if (admin) return 'exists';
  if (input.password === undefined || input.password === '') return 'no-password';
  if (!/^\d{9}$/.test(input.digit9Id)) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'CORRIDOR_ADMIN_ID', message: 'must be 9 digits' }]);
  }
  assertPasswordPolicy(input.password, 'CORRIDOR_ADMIN_PASSWORD');
  const made = await db
    .insert(t.users)
    .values({ id: uuidv7(), digit9Id: input.digit9Id, name: 'Operations Admin', role: 'ADMIN', orgId: null, passwordHash: await hashPassword(input.password) })
    .onConflictDoNothing()
    .returning({ id: t.users.id });
  if (made.length > 0) return 'created';
  // The ID is taken: by the admin another server process made as this one started, or by someone else.
  const [holder] = await db.select({ role: t.users.role }).from(t.users).where(eq(t.users.digit9Id, input.digit9Id));
  if (holder?.role === 'ADMIN') return 'exists';
  throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'CORRIDOR_ADMIN_ID', message: "is another user's ID" }]);
}

/** The sign-in IDs of the demo's users a database holds. */
async function demoUserIdsIn(db: Db): Promise<Set<string>> {
  const rows = await db
    .select({ d: t.users.digit9Id })
    .from(t.users)
    .where(
      inArray(
        t.users.digit9Id,
        DEMO_USERS.map((u) => u.digit9Id),
      ),
    );
  return new Set(rows.map((r) => r.d));
}

/** How many of the demo's users a database holds (a start outside the demo warns about them: their password is public). */
export async function demoUsersIn(db: Db): Promise<number> {
  return (await demoUserIdsIn(db)).size;
}

/** Demo data on the demo start; running it again changes nothing. */
export async function seedDemoData(db: Db, storage: FileStorage): Promise<{ usersCreated: number }> {
  await seedReferenceData(db, storage);
  const orgs = await seedOrganisations(db);
  const usersCreated = await seedUsers(db, orgs);
  await seedDemoRateHistory(db);
  await seedDemoWallets(db, orgs);
  await seedDemoFees(db, orgs);
  await seedDemoPricing(db, orgs);
  await seedDemoBeneficiaries(db, orgs);
  await seedDemoPayments(db);
  await seedDemoTransactions(db);
  // Settlements of the demo's transfers, some reconciled, some not (before any merchant is paused or blocked).
  await seedDemoReconciliation(db);
  // After the demo's money history: a merchant paused or blocked now made its payments while it could.
  await seedDemoProfiles(db, orgs);
  await seedDemoMerchantAuthorization(db, orgs);
  await seedDemoProfileDocuments(db, storage, orgs);
  await seedDemoPartners(db, orgs);
  await seedDemoRevaluation(db);
  await seedDemoNotifications(db);
  return { usersCreated };
}
