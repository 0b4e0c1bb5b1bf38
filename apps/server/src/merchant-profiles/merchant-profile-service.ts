import { v7 as uuidv7 } from 'uuid';
import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { merchantProfile, merchantProfileCreate, merchantProfileFilter, merchantProfileUpdate } from '@corridor/api';
import type { Db, Queryable } from '../db/database.ts';
import { countries, organisations, users } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { isUniqueViolation } from '../db/pg-errors.ts';
import { AppError } from '../errors.ts';
import { assertOwnFeeProfile } from '../fees/fee-service.ts';
import { readPage } from '../http/paging.ts';
import { resourceOrder, resourceWhere, type ResourceSpec } from '../http/resource-engine.ts';
import { ownMarkupProfile } from '../pricing-config/markup-service.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { merchantProfiles, type MerchantProfileRow } from './merchant-profile-schema.ts';
import { decisionDto, lastDecisionSql, type RawDecision } from './merchant-authorization-record.ts';
import { applyAuthorizationChange } from './merchant-authorization-service.ts';
import { noticeApplied, noticeProfileStatus } from './profile-notices.ts';

type ProfileDto = z.input<typeof merchantProfile>;
type ProfileFilter = z.output<typeof merchantProfileFilter>;
type ProfileUpdate = z.output<typeof merchantProfileUpdate>;
type ProfileCreate = z.output<typeof merchantProfileCreate>;

/** The merchants that applied to a TSP (hold a profile with it), as a subquery of their ids. */
export const applicantsOf = (db: Db, serviceProviderId: string) =>
  db.select({ id: merchantProfiles.merchantId }).from(merchantProfiles).where(eq(merchantProfiles.serviceProviderId, serviceProviderId));

/**
 * Whose profiles a call sees: a merchant its own (`merchantId`), a TSP its relations (`serviceProviderId`),
 * operations every profile (neither set).
 */
export interface ProfileScope {
  merchantId?: string;
  serviceProviderId?: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The pair is the merchant's own TSP: only there does the merchant carry a fee and markup profile. */
const isHomePair = sql`${organisations.parentId} = ${merchantProfiles.serviceProviderId}`;

const profileResource: ResourceSpec<typeof merchantProfiles, ProfileFilter> = {
  table: merchantProfiles,
  filters: {
    serviceProviderId: (v) => eq(merchantProfiles.serviceProviderId, v),
    merchantServiceId: (v) => eq(merchantProfiles.merchantId, v),
    merchantNameContains: (v) => ilike(organisations.name, `%${escapeLike(v)}%`),
    kycStatus: (v) => sql`${merchantProfiles.kycStatus} = ${v}`,
    riskScoringStatus: (v) => sql`${merchantProfiles.riskScoringStatus} = ${v}`,
    creditScoringStatus: (v) => sql`${merchantProfiles.creditScoringStatus} = ${v}`,
    executiveDocumentsStatus: (v) => sql`${merchantProfiles.executiveDocumentsStatus} = ${v}`,
    profileStatus: (v) => sql`${merchantProfiles.profileStatus} = ${v}`,
    settlementStatus: (v) => sql`${merchantProfiles.settlementStatus} = ${v}`,
    markupProfileId: (v) => and(isHomePair, eq(organisations.markupProfileId, v)),
    merchantFeeProfileId: (v) => and(isHomePair, eq(organisations.merchantFeeProfileId, v)),
    status: (v) => sql`${merchantProfiles.status} = ${v}`,
  },
  sortKeys: {
    merchantName: organisations.name,
    createdAt: merchantProfiles.createdAt,
    updatedAt: merchantProfiles.updatedAt,
    profileStatus: merchantProfiles.profileStatus,
    kycStatus: merchantProfiles.kycStatus,
    status: merchantProfiles.status,
  },
  defaultSort: [asc(organisations.name), asc(merchantProfiles.id)],
};

function scopeOf(scope: ProfileScope): SQL | undefined {
  return and(
    scope.merchantId === undefined ? undefined : eq(merchantProfiles.merchantId, scope.merchantId),
    scope.serviceProviderId === undefined ? undefined : eq(merchantProfiles.serviceProviderId, scope.serviceProviderId),
  );
}

const profileColumns = {
  p: merchantProfiles,
  merchantName: organisations.name,
  parentId: organisations.parentId,
  markupProfileId: organisations.markupProfileId,
  merchantFeeProfileId: organisations.merchantFeeProfileId,
  createdByName: users.name,
  lastDecision: lastDecisionSql,
};

type JoinedProfile = {
  p: MerchantProfileRow;
  merchantName: string;
  parentId: string | null;
  markupProfileId: string | null;
  merchantFeeProfileId: string | null;
  createdByName: string | null;
  lastDecision: RawDecision | string | null;
};

function selectProfiles(db: Queryable) {
  return db
    .select(profileColumns)
    .from(merchantProfiles)
    .innerJoin(organisations, eq(organisations.id, merchantProfiles.merchantId))
    .leftJoin(users, eq(users.id, merchantProfiles.createdBy));
}

export function profileDto(row: JoinedProfile): ProfileDto {
  const { p } = row;
  const home = row.parentId === p.serviceProviderId;
  return {
    id: p.id,
    merchantServiceId: p.merchantId,
    serviceProviderId: p.serviceProviderId,
    merchantName: row.merchantName,
    kycStatus: p.kycStatus,
    riskScoringStatus: p.riskScoringStatus,
    creditScoringStatus: p.creditScoringStatus,
    executiveDocumentsStatus: p.executiveDocumentsStatus,
    profileStatus: p.profileStatus,
    settlementStatus: p.settlementStatus,
    status: p.status,
    markupProfileId: home ? row.markupProfileId : null,
    merchantFeeProfileId: home ? row.merchantFeeProfileId : null,
    settlementCycle: p.settlementMode === null ? null : { mode: p.settlementMode, value: p.settlementValue, settlementDate: p.settlementDate },
    kyc: {
      legalName: p.legalName,
      tradingName: p.tradingName,
      registrationNumber: p.registrationNumber,
      taxNumber: p.taxNumber,
      licenseNumber: p.licenseNumber,
      licenseExpiry: p.licenseExpiry,
      countryOfIncorporation: p.countryOfIncorporation,
      registeredAddress: p.registeredAddress,
      contactEmail: p.contactEmail,
      contactPhone: p.contactPhone,
    },
    authorizationExpiresAt: p.authorizationExpiresAt?.toISOString() ?? null,
    lastDecision: decisionDto(row.lastDecision),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt?.toISOString() ?? null,
    createdBy: p.createdBy === null ? null : { id: p.createdBy, name: row.createdByName ?? p.createdBy },
  };
}

export async function listProfiles(db: Db, scope: ProfileScope, query: ProfileFilter) {
  const where = resourceWhere(profileResource, query, scopeOf(scope));
  const page = await readPage(
    query,
    selectProfiles(db)
      .where(where)
      .orderBy(...resourceOrder(profileResource, query)),
    db.select({ n: count() }).from(merchantProfiles).innerJoin(organisations, eq(organisations.id, merchantProfiles.merchantId)).where(where),
  );
  return { ...page, content: page.content.map(profileDto) };
}

/**
 * One profile in the caller's scope; another's (or none) is a 404 naming `field`, the path parameter or body
 * field that carried the id (`id` on the profile's own path).
 */
export async function profileIn(db: Queryable, scope: ProfileScope, id: string, field = 'id'): Promise<JoinedProfile> {
  const [row] = await selectProfiles(db).where(and(eq(merchantProfiles.id, id), scopeOf(scope)));
  if (!row) throw foreignId(field, 'merchant profile', id);
  return row;
}

/**
 * The profile of a pair. A pair outside the caller's scope names the side that is not the caller's (a merchant
 * asking for another merchant's pair, a TSP for another TSP's); a pair of the caller's with no profile names
 * the other side, the one the caller asked about.
 */
export async function profileByPair(db: Db, scope: ProfileScope, merchantId: string, serviceProviderId: string): Promise<ProfileDto> {
  const [row] = await selectProfiles(db).where(
    and(eq(merchantProfiles.merchantId, merchantId), eq(merchantProfiles.serviceProviderId, serviceProviderId), scopeOf(scope)),
  );
  if (row) return profileDto(row);
  if (scope.merchantId !== undefined && scope.merchantId !== merchantId) throw foreignId('merchantServiceId', 'merchant service', merchantId);
  if (scope.serviceProviderId !== undefined && scope.serviceProviderId !== serviceProviderId) {
    throw foreignId('serviceProviderId', 'service provider', serviceProviderId);
  }
  // The caller's own side is right: the pair has no profile, named by the side the caller asked about.
  throw scope.merchantId !== undefined
    ? foreignId('serviceProviderId', 'merchant profile at service provider', serviceProviderId)
    : foreignId('merchantServiceId', 'merchant profile of merchant service', merchantId);
}

interface Assignment {
  markupProfileId?: string | null | undefined;
  merchantFeeProfileId?: string | null | undefined;
}

/**
 * Checks a fee / markup profile assignment: only for the merchant at its own TSP (the pair pricing
 * reads), and only a profile of that TSP (404 naming the field otherwise).
 */
async function checkAssignment(db: Db, tspId: string, home: boolean, body: Assignment): Promise<void> {
  for (const field of ['merchantFeeProfileId', 'markupProfileId'] as const) {
    if (body[field] !== undefined && !home) {
      throw new AppError('VALIDATION_FAILED', undefined, [
        { parameter: field, message: "only the merchant's own service provider assigns its pricing profiles" },
      ]);
    }
  }
  if (body.merchantFeeProfileId) await assertOwnFeeProfile(db, tspId, body.merchantFeeProfileId);
  if (body.markupProfileId) await ownMarkupProfile(db, tspId, body.markupProfileId, 'markupProfileId');
}

/** Writes an assignment on the merchant (the pricing store), leaving what the body does not name. */
async function assign(db: Queryable, merchantId: string, body: Assignment, now: Date): Promise<void> {
  const set: Partial<typeof organisations.$inferInsert> = {};
  if (body.merchantFeeProfileId !== undefined) set.merchantFeeProfileId = body.merchantFeeProfileId;
  if (body.markupProfileId !== undefined) set.markupProfileId = body.markupProfileId;
  if (Object.keys(set).length === 0) return;
  await db
    .update(organisations)
    .set({ ...set, updatedAt: now })
    .where(eq(organisations.id, merchantId));
}

/**
 * Opens a profile of a merchant at a TSP: the merchant applying (`merchantCreate`) or operations for it
 * (`internalCreate`). It starts PENDING_APPROVAL with every review NEW; one profile per pair.
 */
export async function createProfile(
  db: Db,
  merchantId: string,
  body: ProfileCreate,
  userId: string,
  now: Date,
  by: 'merchant' | 'operations' = 'operations',
): Promise<ProfileDto> {
  if (body.merchantServiceId !== undefined && body.merchantServiceId !== merchantId) {
    throw foreignId('merchantServiceId', 'merchant service', body.merchantServiceId);
  }
  // What a merchant is priced with is its TSP's decision: an applying merchant never picks its own fee or markup profile.
  if (by === 'merchant') {
    const named = (['merchantFeeProfileId', 'markupProfileId'] as const).filter((field) => body[field] !== undefined);
    if (named.length > 0) {
      throw new AppError(
        'VALIDATION_FAILED',
        undefined,
        named.map((parameter) => ({ parameter, message: 'is assigned by the service provider, not by the merchant' })),
      );
    }
  }
  const [merchant] = await db
    .select({ id: organisations.id, parentId: organisations.parentId })
    .from(organisations)
    .where(and(eq(organisations.id, merchantId), eq(organisations.type, 'MERCHANT')));
  if (!merchant) throw foreignId('merchantId', 'merchant service', merchantId);
  const [tsp] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.id, body.serviceProviderId), eq(organisations.type, 'SERVICE_PROVIDER')));
  if (!tsp) throw foreignId('serviceProviderId', 'service provider', body.serviceProviderId);
  await checkAssignment(db, tsp.id, merchant.parentId === tsp.id, body);
  const duplicate = new AppError('VALIDATION_FAILED', undefined, [
    { parameter: 'serviceProviderId', message: 'the merchant already has a profile at this service provider' },
  ]);
  const [existing] = await db
    .select({ id: merchantProfiles.id })
    .from(merchantProfiles)
    .where(and(eq(merchantProfiles.merchantId, merchantId), eq(merchantProfiles.serviceProviderId, tsp.id)));
  if (existing) throw duplicate;
  const id = uuidv7();
  await inTransaction(db, async (tx) => {
    await tx
      .insert(merchantProfiles)
      .values({ id, merchantId, serviceProviderId: tsp.id, createdBy: userId, createdAt: now })
      .catch((error: unknown) => {
        // Two applications at once: the unique pair index lets one in, the other gets the same answer as above.
        if (isUniqueViolation(error)) throw duplicate;
        throw error;
      });
    await assign(tx, merchantId, body, now);
    if (by === 'merchant') await noticeApplied(tx, id, merchantId, tsp.id, now);
  });
  return profileDto(await profileIn(db, {}, id));
}

type KycUpdate = NonNullable<ProfileUpdate['kyc']>;

/**
 * What the KYC fields' shape cannot say: the country of incorporation is one of the reference countries,
 * and a licence's expiry comes after the day its profile was opened (an expiry before that is a typo).
 */
async function checkKyc(db: Db, kyc: KycUpdate, openedAt: Date): Promise<void> {
  if (kyc.countryOfIncorporation) {
    const [country] = await db.select({ code: countries.code }).from(countries).where(eq(countries.code, kyc.countryOfIncorporation));
    if (!country) {
      throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'kyc.countryOfIncorporation', message: 'is not a known country' }]);
    }
  }
  const opened = openedAt.toISOString().slice(0, 10);
  if (kyc.licenseExpiry && kyc.licenseExpiry <= opened) {
    throw new AppError('VALIDATION_FAILED', undefined, [
      { parameter: 'kyc.licenseExpiry', message: `must be after ${opened}, the day the profile was opened` },
    ]);
  }
}

type SettlementCycle = NonNullable<ProfileUpdate['settlementCycle']>;

/** The most a cycle's value may count (ten years of days): beyond that it is a mistake, and the column holds an integer. */
const MAX_CYCLE_VALUE = 3650;

/** What the cycle's shape cannot say: a one-off settlement needs its date, "every n days" its n, and n a sane count. */
export function checkCycle(cycle: SettlementCycle): void {
  if (cycle.value !== null && (cycle.value < 0 || cycle.value > MAX_CYCLE_VALUE)) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'settlementCycle.value', message: `must be between 0 and ${MAX_CYCLE_VALUE}` }]);
  }
  if (cycle.mode === 'ONCE' && cycle.settlementDate === null) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'settlementCycle.settlementDate', message: 'a ONCE settlement needs its date' }]);
  }
  if (cycle.mode === 'EVERY' && (cycle.value === null || cycle.value < 1)) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'settlementCycle.value', message: 'EVERY needs a number of days of at least 1' }]);
  }
}

/**
 * A TSP's changes to a profile: review statuses, settlement cycle, the fee and markup profile the merchant
 * is priced with (the fee profile assignment fee-for-transaction reads), and the authorization status, a
 * decision with its reason (merchant-authorization-service: legal moves only, four eyes, recorded).
 */
export async function updateProfile(db: Db, tspId: string, id: string, body: ProfileUpdate, userId: string, now: Date): Promise<ProfileDto> {
  const current = await profileIn(db, { serviceProviderId: tspId }, id);
  if (body.profileStatus === undefined) {
    const stray = (['reason', 'authorizationExpiresAt'] as const).filter((field) => body[field] !== undefined);
    if (stray.length > 0) {
      throw new AppError(
        'VALIDATION_FAILED',
        undefined,
        stray.map((parameter) => ({ parameter, message: 'is only taken with a profileStatus decision' })),
      );
    }
  }
  await checkAssignment(db, tspId, current.parentId === tspId, body);
  const cycle = body.settlementCycle;
  if (cycle) checkCycle(cycle);
  if (body.kyc) await checkKyc(db, body.kyc, current.p.createdAt);
  await inTransaction(db, async (tx) => {
    if (body.profileStatus !== undefined) {
      await applyAuthorizationChange(
        tx,
        current.p,
        { profileStatus: body.profileStatus, reason: body.reason, authorizationExpiresAt: body.authorizationExpiresAt },
        userId,
        now,
      );
    }
    await tx
      .update(merchantProfiles)
      .set({
        kycStatus: body.kycStatus,
        riskScoringStatus: body.riskScoringStatus,
        creditScoringStatus: body.creditScoringStatus,
        executiveDocumentsStatus: body.executiveDocumentsStatus,
        settlementStatus: body.settlementStatus,
        ...(cycle ? { settlementMode: cycle.mode, settlementValue: cycle.value, settlementDate: cycle.settlementDate } : {}),
        ...body.kyc,
        updatedAt: now,
        updatedBy: userId,
      })
      .where(eq(merchantProfiles.id, current.p.id));
    await assign(tx, current.p.merchantId, body, now);
    if (body.profileStatus !== undefined && body.profileStatus !== current.p.profileStatus) {
      await noticeProfileStatus(tx, current.p.id, current.p.merchantId, tspId, current.p.profileStatus, body.profileStatus, now);
    }
  });
  return profileDto(await profileIn(db, {}, id));
}
