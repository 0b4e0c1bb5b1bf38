import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { feeProfileFilter, feeSchedule, pricingModelBody, queryEnabledFilter } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { organisations } from '../db/schema.ts';
import { SQLSTATE, sqlStateOf } from '../db/pg-errors.ts';
import { AppError } from '../errors.ts';
import { listResource } from '../http/resource-engine.ts';
import { readPage, type PageRequest } from '../http/paging.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { feeProfileDto, feeRuleDto } from './fee-dto.ts';
import { feeProfileResource, feeRuleResource } from './fee-resource.ts';
import { feeProfiles, feeRules, type FeeRuleRow } from './fee-tables.ts';
import { assertFeeRuleValid, storedSlabs, type FeeRuleBody } from './fee-validation.ts';

/** The fee a quote or a payment charges, read by those areas in their own statements. */
export { feesFor } from './fee-for-transaction.ts';

/**
 * The answer when a concurrent call won the race the checks above looked at: a profile of the same
 * name created meanwhile (unique index) or a profile deleted meanwhile (foreign key). Never a 500.
 */
function raceAnswer(error: unknown, profileId: string | null | undefined, name?: string): unknown {
  const code = sqlStateOf(error);
  if (code === SQLSTATE.uniqueViolation && name !== undefined) {
    return new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'name', message: `a fee profile named ${name} already exists` }]);
  }
  if (code === SQLSTATE.foreignKeyViolation && profileId != null) return foreignId('merchantFeeProfileId', 'fee profile', profileId);
  return error;
}

export type FeeKind = FeeRuleRow['kind'];
type ProfileBody = z.output<typeof pricingModelBody>;

/**
 * Whose fee records a call sees: a TSP its own (`serviceProviderId`), operations every TSP's (null).
 * Operations read and correct fee records but do not create them: a fee rule is a TSP's price list.
 */
export interface FeeOwner {
  serviceProviderId: string | null;
}

const ownedBy = (owner: FeeOwner, column: typeof feeRules.serviceProviderId | typeof feeProfiles.serviceProviderId): SQL | undefined =>
  owner.serviceProviderId === null ? undefined : eq(column, owner.serviceProviderId);

/** The TSP acting; operations (no TSP) are refused 403: fee records are a TSP's own price list. */
export function requireTsp(owner: FeeOwner): string {
  if (owner.serviceProviderId === null) {
    throw new AppError('FORBIDDEN', 'Fee records are created and priced by the TSP they belong to; operations use the internal calls');
  }
  return owner.serviceProviderId;
}
const creator = requireTsp;

export async function listFeeRules(db: Db, owner: FeeOwner, kind: FeeKind, query: z.output<typeof feeProfileFilter>) {
  const page = await listResource(db, feeRuleResource, query, and(eq(feeRules.kind, kind), ownedBy(owner, feeRules.serviceProviderId)));
  return { ...page, content: page.content.map(feeRuleDto) };
}

/** One rule of the owner (404 otherwise, the same answer for a foreign id as for a missing one). */
export async function feeRuleIn(db: Db, owner: FeeOwner, kind: FeeKind | null, id: string): Promise<FeeRuleRow> {
  const [row] = await db
    .select()
    .from(feeRules)
    .where(and(eq(feeRules.id, id), kind === null ? undefined : eq(feeRules.kind, kind), ownedBy(owner, feeRules.serviceProviderId)));
  if (!row) throw new AppError('NOT_FOUND', `No fee rule ${id}`);
  return row;
}

/** A fee profile a body names: one of the TSP's own, or a 404 naming `merchantFeeProfileId`. */
export async function assertOwnFeeProfile(db: Db, serviceProviderId: string, profileId: string | null | undefined): Promise<void> {
  if (profileId == null) return;
  const [row] = await db
    .select({ id: feeProfiles.id })
    .from(feeProfiles)
    .where(and(eq(feeProfiles.id, profileId), eq(feeProfiles.serviceProviderId, serviceProviderId)));
  if (!row) throw foreignId('merchantFeeProfileId', 'fee profile', profileId);
}

function ruleValues(body: FeeRuleBody) {
  const slabs = storedSlabs(body.slabs);
  const last = slabs[slabs.length - 1];
  return {
    senderCountry: body.senderCountry ?? null,
    sourceCountryCode: body.sourceCountryCode ?? null,
    destinationCountryCode: body.destinationCountryCode ?? null,
    walletCurrencyCode: body.walletCurrencyCode ?? null,
    payoutCurrencyCode: body.payoutCurrencyCode ?? null,
    correspondentId: body.correspondentId ?? null,
    channelId: body.channelId ?? null,
    deliveryModeId: body.deliveryModeId ?? null,
    beneficiaryFi: body.beneficiaryFi ?? null,
    transferType: body.transferType ?? null,
    chargeMode: body.chargeMode,
    transactionCategory: body.transactionCategory ?? null,
    transactionType: body.transactionType ?? null,
    effectiveFrom: body.effectiveFrom,
    effectiveTo: body.effectiveTo ?? null,
    isPromotional: body.isPromotional ?? false,
    status: body.status ?? 'ACTIVE',
    slabCurrency: slabs[0]?.slabCurrency ?? '',
    slabValueFrom: slabs[0]?.slabValueFrom ?? '0',
    slabValueTo: last?.slabValueTo ?? null,
    slabs,
    taxes: body.taxes ?? [],
  };
}

export async function createFeeRule(db: Db, owner: FeeOwner, kind: FeeKind, body: FeeRuleBody, userId: string, now: Date) {
  const serviceProviderId = creator(owner);
  if (kind === 'CORRESPONDENT' && body.merchantFeeProfileId != null) {
    throw new AppError('VALIDATION_FAILED', undefined, [
      { parameter: 'merchantFeeProfileId', message: 'a correspondent fee does not belong to a merchant fee profile' },
    ]);
  }
  await assertOwnFeeProfile(db, serviceProviderId, body.merchantFeeProfileId);
  await assertFeeRuleValid(db, body);
  const [row] = await db
    .insert(feeRules)
    .values({
      id: uuidv7(),
      kind,
      serviceProviderId,
      merchantFeeProfileId: body.merchantFeeProfileId ?? null,
      ...ruleValues(body),
      createdAt: now,
      createdBy: userId,
    })
    .returning()
    .catch((error: unknown) => {
      throw raceAnswer(error, body.merchantFeeProfileId);
    });
  if (!row) throw new AppError('INTERNAL_ERROR');
  return feeRuleDto(row);
}

/** PUT replaces the rule's terms; its owner and kind never change. */
export async function updateFeeRule(db: Db, owner: FeeOwner, kind: FeeKind, id: string, body: FeeRuleBody, now: Date) {
  const current = await feeRuleIn(db, owner, kind, id);
  if (kind === 'CORRESPONDENT' && body.merchantFeeProfileId != null) {
    throw new AppError('VALIDATION_FAILED', undefined, [
      { parameter: 'merchantFeeProfileId', message: 'a correspondent fee does not belong to a merchant fee profile' },
    ]);
  }
  await assertOwnFeeProfile(db, current.serviceProviderId, body.merchantFeeProfileId);
  await assertFeeRuleValid(db, body);
  const [row] = await db
    .update(feeRules)
    .set({ merchantFeeProfileId: body.merchantFeeProfileId ?? null, ...ruleValues(body), updatedAt: now })
    .where(eq(feeRules.id, current.id))
    .returning()
    .catch((error: unknown) => {
      throw raceAnswer(error, body.merchantFeeProfileId);
    });
  if (!row) throw new AppError('NOT_FOUND', `No fee rule ${id}`);
  return feeRuleDto(row);
}

export async function deleteFeeRule(db: Db, owner: FeeOwner, kind: FeeKind, id: string): Promise<void> {
  const current = await feeRuleIn(db, owner, kind, id);
  await db.delete(feeRules).where(eq(feeRules.id, current.id));
}

// Fee profiles (pricing models) -------------------------------------------------------------------

export async function listFeeProfiles(db: Db, owner: FeeOwner, query: z.output<typeof queryEnabledFilter>) {
  const page = await listResource(db, feeProfileResource, query, ownedBy(owner, feeProfiles.serviceProviderId));
  return { ...page, content: page.content.map(feeProfileDto) };
}

async function profileIn(db: Db, owner: FeeOwner, id: string) {
  const [row] = await db
    .select()
    .from(feeProfiles)
    .where(and(eq(feeProfiles.id, id), ownedBy(owner, feeProfiles.serviceProviderId)));
  if (!row) throw new AppError('NOT_FOUND', `No fee profile ${id}`);
  return row;
}

/** One profile with its merchant fee rules. */
export async function feeProfileWithFees(db: Db, owner: FeeOwner, id: string) {
  const row = await profileIn(db, owner, id);
  const fees = await db.select().from(feeRules).where(eq(feeRules.merchantFeeProfileId, row.id)).orderBy(feeRules.chargeMode, feeRules.id);
  return { ...feeProfileDto(row), fees: fees.map(feeRuleDto) };
}

async function assertNameFree(db: Db, serviceProviderId: string, name: string, exceptId: string | null): Promise<void> {
  const same = await db.select({ id: feeProfiles.id, name: feeProfiles.name }).from(feeProfiles).where(eq(feeProfiles.serviceProviderId, serviceProviderId));
  if (same.some((p) => p.id !== exceptId && p.name.toLowerCase() === name.toLowerCase())) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'name', message: `a fee profile named ${name} already exists` }]);
  }
}

export async function createFeeProfile(db: Db, owner: FeeOwner, body: ProfileBody, userId: string, now: Date) {
  const serviceProviderId = creator(owner);
  const name = body.name.trim();
  await assertNameFree(db, serviceProviderId, name, null);
  const [row] = await db
    .insert(feeProfiles)
    .values({ id: uuidv7(), serviceProviderId, name, description: body.description ?? null, enabled: body.enabled, createdAt: now, createdBy: userId })
    .returning()
    .catch((error: unknown) => {
      throw raceAnswer(error, null, name);
    });
  if (!row) throw new AppError('INTERNAL_ERROR');
  return feeProfileDto(row);
}

export async function updateFeeProfile(db: Db, owner: FeeOwner, id: string, body: ProfileBody, now: Date) {
  const current = await profileIn(db, owner, id);
  const name = body.name.trim();
  await assertNameFree(db, current.serviceProviderId, name, current.id);
  const [row] = await db
    .update(feeProfiles)
    .set({ name, description: body.description ?? null, enabled: body.enabled, updatedAt: now })
    .where(eq(feeProfiles.id, current.id))
    .returning()
    .catch((error: unknown) => {
      throw raceAnswer(error, null, name);
    });
  if (!row) throw new AppError('NOT_FOUND', `No fee profile ${id}`);
  return feeProfileDto(row);
}

/** A profile still holding fee rules is not deleted: its merchants would silently lose their prices. */
export async function deleteFeeProfile(db: Db, owner: FeeOwner, id: string): Promise<void> {
  const current = await profileIn(db, owner, id);
  const [inUse] = await db.select({ id: feeRules.id }).from(feeRules).where(eq(feeRules.merchantFeeProfileId, current.id)).limit(1);
  if (inUse) throw new AppError('INVALID_STATE_TRANSITION', 'The fee profile still has fee rules; delete or move them first');
  const [assigned] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.merchantFeeProfileId, current.id)).limit(1);
  if (assigned) throw new AppError('INVALID_STATE_TRANSITION', 'The fee profile is assigned to merchants; assign them another one first');
  await db
    .delete(feeProfiles)
    .where(eq(feeProfiles.id, current.id))
    .catch((error: unknown) => {
      // A rule added to the profile meanwhile: the same answer as when it was there before.
      if (sqlStateOf(error) === SQLSTATE.foreignKeyViolation)
        throw new AppError('INVALID_STATE_TRANSITION', 'The fee profile still has fee rules; delete or move them first');
      throw error;
    });
}

/**
 * The TSP's fee schedules: its active merchant fee rules, each with the merchants it prices. A rule in a
 * fee profile prices the merchants assigned that profile; a rule outside any profile every merchant of
 * the TSP. `amount` is the flat fee of the rule's first slab, `name` its profile's name.
 */
export async function feeSchedules(db: Db, tspId: string, query: PageRequest) {
  const where = and(eq(feeRules.serviceProviderId, tspId), eq(feeRules.kind, 'MERCHANT'), eq(feeRules.status, 'ACTIVE'));
  const page = await readPage(
    query,
    db
      .select({
        rule: feeRules,
        profileName: feeProfiles.name,
        merchantCount: sql<number>`(select count(*)::int from organisations m where m.type = 'MERCHANT' and m.parent_id = ${feeRules.serviceProviderId}
          and (${feeRules.merchantFeeProfileId} is null or m.merchant_fee_profile_id = ${feeRules.merchantFeeProfileId}))`,
      })
      .from(feeRules)
      .leftJoin(feeProfiles, eq(feeProfiles.id, feeRules.merchantFeeProfileId))
      .where(where)
      .orderBy(asc(feeProfiles.name), asc(feeRules.chargeMode), asc(feeRules.slabCurrency), asc(feeRules.id)),
    db.select({ n: count() }).from(feeRules).where(where),
  );
  return {
    ...page,
    content: page.content.map(({ rule, profileName, merchantCount }) => {
      const dto: z.input<typeof feeSchedule> = {
        id: rule.id,
        name: profileName ?? 'All merchants',
        feeType: rule.chargeMode,
        currency: rule.slabCurrency,
        amount: rule.slabs[0]?.flatFee ?? '0',
        merchantCount: Number(merchantCount),
      };
      return dto;
    }),
  };
}
