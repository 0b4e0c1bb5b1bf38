import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { onboardBody, partnerCreate, partnerSearch, partnerUpdate } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { countries, currencies, organisations, users } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError, type InvalidParameter } from '../errors.ts';
import { listResource, resourceWhere, type ResourceSpec } from '../http/resource-engine.ts';
import { audit } from '../lib/config-tenant.ts';
import { ownServiceProvider } from '../organisations/organisation-service.ts';
import { createUser } from '../users/user-service.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { assertPasswordPolicy } from '../lib/passwords.ts';
import { partnerOnboardingEvents, partnerOnboardings } from './partner-schema.ts';
import { noticePartnerStatus } from './partner-notices.ts';
import { dayReference, randomTail } from '../lib/references.ts';

type PartnerRow = typeof partnerOnboardings.$inferSelect;
type PartnerStatus = PartnerRow['partnerStatus'];
type PartnerSearch = z.output<typeof partnerSearch>;
type OnboardBody = z.output<typeof onboardBody>;

/**
 * The onboarding lifecycle (portal shell, partner statuses): an application is worked on, sent for
 * authorisation, then authorised, rejected or sent back for another review. Authorised and rejected
 * records are final: they are neither moved nor edited. The decision on a record in authorisation is
 * another user's than the one who sent it (maker-checker), and its fields hold still while it waits.
 */
const NEXT_STATUSES: Record<PartnerStatus, readonly PartnerStatus[]> = {
  NEW: ['PARTNER_ONBOARDING', 'REJECTED'],
  PARTNER_ONBOARDING: ['IN_AUTHORIZATION', 'REJECTED'],
  IN_AUTHORIZATION: ['AUTHORIZED', 'REJECTED', 'NEXT_REVIEW'],
  NEXT_REVIEW: ['PARTNER_ONBOARDING', 'IN_AUTHORIZATION', 'REJECTED'],
  AUTHORIZED: [],
  REJECTED: [],
};

/** The names of the users a set of records names, read once for all of them. */
async function userNames(db: Db, ids: Array<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

const userRef = (id: string | null, names: Map<string, string>) => (id ? { id, name: names.get(id) ?? id } : null);

function partnerDto(row: PartnerRow, names: Map<string, string>) {
  return {
    id: row.id,
    referenceId: row.referenceId,
    serviceProviderId: row.serviceProviderId,
    partnerStatus: row.partnerStatus,
    partnerType: row.partnerType,
    businessType: row.businessType,
    countryOfRegistration: row.countryOfRegistration,
    tradingName: row.tradingName,
    registeredBusinessAddress: row.registeredBusinessAddress,
    city: row.city,
    district: row.district,
    state: row.state,
    poBox: row.poBox,
    businessTelephoneNumber: row.businessTelephoneNumber,
    entityType: row.entityType,
    licenseType: row.licenseType,
    licenseNumber: row.licenseNumber,
    licenseDateOfIssue: row.licenseDateOfIssue,
    licenseDateOfExpiry: row.licenseDateOfExpiry,
    countryOfIncorporation: row.countryOfIncorporation,
    dateOfIncorporation: row.dateOfIncorporation,
    submittedBy: userRef(row.submittedBy, names),
    submittedAt: row.submittedAt ? row.submittedAt.toISOString() : null,
    ...audit(row),
    createdBy: userRef(row.createdBy, names),
  };
}

async function partnerDtos(db: Db, rows: PartnerRow[]) {
  const names = await userNames(
    db,
    rows.flatMap((r) => [r.createdBy, r.submittedBy]),
  );
  return rows.map((r) => partnerDto(r, names));
}

/** The statuses a user may move a record to: none for the one who sent it for authorisation while it waits. */
function nextStatusesFor(row: PartnerRow, userId: string): PartnerStatus[] {
  if (row.partnerStatus === 'IN_AUTHORIZATION' && row.submittedBy === userId) return [];
  return [...NEXT_STATUSES[row.partnerStatus]];
}

/** One record with its status history (who, when, why) and what the caller may do with it next. */
async function partnerDetail(db: Db, row: PartnerRow, userId: string) {
  const steps = await db
    .select()
    .from(partnerOnboardingEvents)
    .where(eq(partnerOnboardingEvents.partnerId, row.id))
    .orderBy(asc(partnerOnboardingEvents.at), asc(partnerOnboardingEvents.id));
  const names = await userNames(db, [row.createdBy, row.submittedBy, ...steps.map((e) => e.actorId)]);
  return {
    ...partnerDto(row, names),
    statusHistory: steps.map((e) => ({
      fromStatus: e.fromStatus as PartnerStatus | null,
      toStatus: e.toStatus as PartnerStatus,
      by: userRef(e.actorId, names),
      at: e.at.toISOString(),
      remarks: e.remarks,
    })),
    nextStatuses: nextStatusesFor(row, userId),
  };
}

async function recordStep(
  db: Db,
  partnerId: string,
  fromStatus: PartnerStatus | null,
  toStatus: PartnerStatus,
  actorId: string,
  remarks: string | null,
  at: Date,
) {
  await db.insert(partnerOnboardingEvents).values({ id: uuidv7(), partnerId, fromStatus, toStatus, actorId, remarks, at });
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const p = partnerOnboardings;
const upper = (values: string[]) => values.map((v) => v.toUpperCase());
const day = (value: string) => value.slice(0, 10);

const partnerResource: ResourceSpec<typeof partnerOnboardings, PartnerSearch> = {
  table: partnerOnboardings,
  filters: {
    query: (q) => or(ilike(p.tradingName, like(q)), ilike(p.referenceId, like(q)), ilike(p.licenseNumber, like(q))),
    referenceId: (v) => eq(p.referenceId, v),
    partnerTypes: (v) => inArray(p.partnerType, upper(v) as PartnerRow['partnerType'][]),
    businessType: (v) => eq(p.businessType, v),
    countryOfRegistration: (v) => eq(p.countryOfRegistration, v.toUpperCase()),
    tradingName: (v) => ilike(p.tradingName, like(v)),
    registeredBusinessAddress: (v) => ilike(p.registeredBusinessAddress, like(v)),
    cities: (v) => inArray(p.city, v),
    districts: (v) => inArray(p.district, v),
    states: (v) => inArray(p.state, v),
    poBoxes: (v) => inArray(p.poBox, v),
    businessTelephoneNumber: (v) => eq(p.businessTelephoneNumber, v),
    entityTypes: (v) => inArray(p.entityType, v),
    licenseTypes: (v) => inArray(p.licenseType, v),
    licenseNumbers: (v) => inArray(p.licenseNumber, v),
    licenseDateOfIssue: (v) => eq(p.licenseDateOfIssue, day(v)),
    licenseDateOfExpiry: (v) => eq(p.licenseDateOfExpiry, day(v)),
    countriesOfIncorporation: (v) => inArray(p.countryOfIncorporation, upper(v)),
    dateOfIncorporation: (v) => eq(p.dateOfIncorporation, day(v)),
    serviceProviderId: (v) => eq(p.serviceProviderId, v),
    partnerStatuses: (v) => inArray(p.partnerStatus, upper(v) as PartnerStatus[]),
  },
  sortKeys: {
    referenceId: p.referenceId,
    tradingName: p.tradingName,
    partnerStatus: p.partnerStatus,
    partnerType: p.partnerType,
    countryOfRegistration: p.countryOfRegistration,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  },
  // The newest application first: the desk works on what came in last.
  defaultSort: [sql`${p.createdAt} desc`, sql`${p.id} desc`],
};

/** A serviceProviderId filter can only name the caller's own TSP; another is a 404 naming it. */
function checkTspFilter(tspId: string, query: PartnerSearch): void {
  if (query.serviceProviderId && query.serviceProviderId !== tspId) throw foreignId('serviceProviderId', 'service provider', query.serviceProviderId);
}

export async function searchPartners(db: Db, tspId: string, query: PartnerSearch) {
  checkTspFilter(tspId, query);
  const page = await listResource(db, partnerResource, query, eq(p.serviceProviderId, tspId));
  return { ...page, content: await partnerDtos(db, page.content) };
}

/** Counts of the TSP's records by status and type, under the same filters as the search. */
export async function partnerSummary(db: Db, tspId: string, query: PartnerSearch) {
  checkTspFilter(tspId, query);
  const rows = await db
    .select({ partnerStatus: p.partnerStatus, partnerType: p.partnerType, count: count() })
    .from(p)
    .where(resourceWhere(partnerResource, query, eq(p.serviceProviderId, tspId)))
    .groupBy(p.partnerStatus, p.partnerType)
    .orderBy(asc(p.partnerStatus), asc(p.partnerType));
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

async function ownPartner(db: Db, tspId: string, id: string, forUpdate = false): Promise<PartnerRow> {
  const query = db
    .select()
    .from(p)
    .where(and(eq(p.id, id), eq(p.serviceProviderId, tspId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', `No partner onboarding record ${id}`, [{ parameter: 'id', message: 'no such partner onboarding record of yours' }]);
  return row;
}

export async function partnerById(db: Db, tspId: string, id: string, userId: string) {
  return partnerDetail(db, await ownPartner(db, tspId, id), userId);
}

async function assertCountry(db: Db, code: string | undefined, parameter: string, problems: InvalidParameter[]): Promise<void> {
  if (code === undefined) return;
  const [row] = await db.select({ code: countries.code }).from(countries).where(eq(countries.code, code.toUpperCase()));
  if (!row) problems.push({ parameter, message: `unknown country ${code}` });
}

function assertDateOrder(issue: string | null | undefined, expiry: string | null | undefined, problems: InvalidParameter[]): void {
  if (issue && expiry && expiry < issue) problems.push({ parameter: 'licenseDateOfExpiry', message: 'must not be before licenseDateOfIssue' });
}

type PartnerFields = Partial<z.output<typeof partnerCreate>>;

/** The columns a create or update body sets; countries upper-cased like the reference data. */
function columnsOf(body: PartnerFields) {
  const out: Partial<typeof partnerOnboardings.$inferInsert> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || key === 'partnerStatus' || key === 'remarks') continue;
    (out as Record<string, unknown>)[key] = key === 'countryOfRegistration' || key === 'countryOfIncorporation' ? String(value).toUpperCase() : value;
  }
  return out;
}

/** Reference ids are short and readable: PRT, the day, and a random tail. */
function referenceId(now: Date): string {
  return dayReference('PRT', now, 8);
}

export async function createPartner(db: Db, tspId: string, body: z.output<typeof partnerCreate>, userId: string, now: Date) {
  const problems: InvalidParameter[] = [];
  await assertCountry(db, body.countryOfRegistration, 'countryOfRegistration', problems);
  await assertCountry(db, body.countryOfIncorporation, 'countryOfIncorporation', problems);
  assertDateOrder(body.licenseDateOfIssue, body.licenseDateOfExpiry, problems);
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', undefined, problems);
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(p)
      .values({
        ...(columnsOf(body) as typeof partnerOnboardings.$inferInsert),
        id: uuidv7(),
        referenceId: referenceId(now),
        serviceProviderId: tspId,
        partnerStatus: 'NEW',
        createdBy: userId,
        createdAt: now,
      })
      .returning();
    const created = row as PartnerRow;
    await recordStep(tx, created.id, null, 'NEW', userId, null, now);
    return partnerDetail(tx, created, userId);
  });
}

/** The decisions on a record in authorisation: the submitter's own are refused (maker-checker). */
const DECIDING: ReadonlySet<PartnerStatus> = new Set(['AUTHORIZED', 'REJECTED', 'NEXT_REVIEW']);
/** Moves that must say why. */
const NEEDS_REMARKS: ReadonlySet<PartnerStatus> = new Set(['REJECTED', 'NEXT_REVIEW']);

/**
 * Edits fields and/or moves the status along the lifecycle; a final record takes neither. A record in
 * authorisation keeps its fields (the checker decides on what was sent) and is decided by another user than
 * the one who sent it. Every move is recorded with who, when and why; rejecting and sending back need a why.
 */
export async function updatePartner(db: Db, tspId: string, id: string, body: z.output<typeof partnerUpdate>, userId: string, now: Date) {
  return inTransaction(db, async (tx) => {
    // Locked so two desks moving one record cannot both apply a move from the same status.
    const row = await ownPartner(tx, tspId, id, true);
    const next = body.partnerStatus;
    if (NEXT_STATUSES[row.partnerStatus].length === 0) {
      throw new AppError('INVALID_TRANSITION', `The partner record is ${row.partnerStatus}: it is final`, [
        { parameter: 'partnerStatus', message: `is ${row.partnerStatus}, a final status` },
      ]);
    }
    if (next !== undefined && next !== row.partnerStatus && !NEXT_STATUSES[row.partnerStatus].includes(next)) {
      throw new AppError('INVALID_TRANSITION', `A partner record ${row.partnerStatus} cannot move to ${next}`, [
        { parameter: 'partnerStatus', message: `${row.partnerStatus} can move to ${NEXT_STATUSES[row.partnerStatus].join(', ')}` },
      ]);
    }
    const moves = next !== undefined && next !== row.partnerStatus;
    const edits = columnsOf(body);
    const [edited] = Object.keys(edits);
    if (row.partnerStatus === 'IN_AUTHORIZATION' && edited !== undefined) {
      throw new AppError('INVALID_TRANSITION', `The partner record is IN_AUTHORIZATION: its fields cannot change`, [
        { parameter: edited, message: 'cannot change while the record is IN_AUTHORIZATION; send it to NEXT_REVIEW first' },
      ]);
    }
    if (moves && row.partnerStatus === 'IN_AUTHORIZATION' && DECIDING.has(next) && row.submittedBy === userId) {
      throw new AppError('MAKER_CHECKER', `You sent partner record ${row.referenceId} for authorisation; another user must decide it`, [
        { parameter: 'partnerStatus', message: `${row.referenceId} was submitted for authorisation by you` },
      ]);
    }
    const remarks = body.remarks === undefined || body.remarks === '' ? null : body.remarks;
    const problems: InvalidParameter[] = [];
    if (moves && NEEDS_REMARKS.has(next) && remarks === null) problems.push({ parameter: 'remarks', message: `is required to move the record to ${next}` });
    if (!moves && remarks !== null) problems.push({ parameter: 'remarks', message: 'is given only with a partnerStatus change' });
    await assertCountry(tx, body.countryOfRegistration, 'countryOfRegistration', problems);
    await assertCountry(tx, body.countryOfIncorporation, 'countryOfIncorporation', problems);
    assertDateOrder(body.licenseDateOfIssue ?? row.licenseDateOfIssue, body.licenseDateOfExpiry ?? row.licenseDateOfExpiry, problems);
    if (problems.length > 0) throw new AppError('VALIDATION_FAILED', undefined, problems);
    const [updated] = await tx
      .update(p)
      .set({
        ...edits,
        ...(moves ? { partnerStatus: next } : {}),
        ...(moves && next === 'IN_AUTHORIZATION' ? { submittedBy: userId, submittedAt: now } : {}),
        updatedBy: userId,
        updatedAt: now,
      })
      .where(eq(p.id, id))
      .returning();
    if (moves) await recordStep(tx, id, row.partnerStatus, next, userId, remarks, now);
    if (moves) await noticePartnerStatus(tx, tspId, row.id, row.tradingName, row.partnerStatus, next, now);
    return partnerDetail(tx, updated as PartnerRow, userId);
  });
}

// Onboarding of organisations ------------------------------------------------------------------

export interface OnboardResult {
  organisationId: string;
  userId: string;
  partnerId: string | null;
}

async function checkOnboardBody(db: Db, body: OnboardBody): Promise<void> {
  const problems: InvalidParameter[] = [];
  await assertCountry(db, body.countryCode, 'countryCode', problems);
  const codes = upper(body.currencyCodes ?? []);
  if (codes.length > 0) {
    const known = new Set((await db.select({ code: currencies.code }).from(currencies).where(inArray(currencies.code, codes))).map((c) => c.code));
    const unknown = codes.filter((c) => !known.has(c));
    if (unknown.length > 0) problems.push({ parameter: 'currencyCodes', message: `unknown currencies ${unknown.join(', ')}` });
  }
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', undefined, problems);
  assertPasswordPolicy(body.adminUser.password, 'adminUser.password');
}

/** An organisation code from the name: readable, with a random tail so two like names never clash. */
function organisationCode(name: string): string {
  const stem =
    name
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 10) || 'ORG';
  return `${stem}-${randomTail(6)}`;
}

/**
 * The result of an onboarding already done for this admin user: the same organisation (type, name,
 * parent) answers again; the user id taken by anything else is a conflict naming it.
 */
async function earlierOnboarding(db: Db, type: 'SERVICE_PROVIDER' | 'MERCHANT', body: OnboardBody, parentId: string | null): Promise<OnboardResult | null> {
  const [found] = await db
    .select({ userId: users.id, org: organisations })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.orgId))
    .where(eq(users.digit9Id, body.adminUser.digit9Id));
  if (!found) return null;
  const org = found.org;
  if (!org || org.type !== type || org.name !== body.name || (org.parentId ?? null) !== parentId) {
    throw new AppError('DUPLICATE_USER', undefined, [{ parameter: 'adminUser.digit9Id', message: 'already taken by another user' }]);
  }
  const [partner] = await db.select({ id: p.id }).from(p).where(eq(p.organisationId, org.id));
  return { organisationId: org.id, userId: found.userId, partnerId: partner?.id ?? null };
}

/**
 * Creates an organisation with its first admin user in one transaction. Idempotent: a repeat (or a
 * racing twin) for the same admin user and organisation answers the first result; the loser of a race
 * fails on the unique user id, rolls its organisation back and reads the winner's.
 */
async function onboard(db: Db, type: 'SERVICE_PROVIDER' | 'MERCHANT', body: OnboardBody, parentId: string | null, createdBy: string, now: Date) {
  await checkOnboardBody(db, body);
  const earlier = await earlierOnboarding(db, type, body, parentId);
  if (earlier) return earlier;
  try {
    return await inTransaction(db, async (tx) => {
      const [org] = await tx
        .insert(organisations)
        .values({
          id: uuidv7(),
          type,
          code: organisationCode(body.name),
          name: body.name,
          countryCode: body.countryCode.toUpperCase(),
          currencyCodes: upper(body.currencyCodes ?? []),
          parentId,
          createdAt: now,
        })
        .returning();
      if (!org) throw new AppError('INTERNAL_ERROR');
      const user = await createUser(
        tx,
        { digit9Id: body.adminUser.digit9Id, name: body.adminUser.name, email: body.adminUser.email, password: body.adminUser.password },
        type === 'SERVICE_PROVIDER' ? 'SERVICE_PROVIDER' : 'MERCHANT_SERVICE',
        org.id,
        createdBy,
        now,
      );
      const partnerId = parentId ? await linkAuthorisedPartner(tx, parentId, body.name, org.id, now) : null;
      return { organisationId: org.id, userId: user.id, partnerId };
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'DUPLICATE_USER') {
      const winner = await earlierOnboarding(db, type, body, parentId);
      if (winner) return winner;
    }
    throw error;
  }
}

/**
 * The TSP's authorised merchant application of the same trading name, not onboarded yet, now points at
 * the merchant created for it: the application and the organisation are one partner.
 */
async function linkAuthorisedPartner(db: Db, tspId: string, name: string, orgId: string, now: Date): Promise<string | null> {
  const unclaimed = and(eq(p.partnerStatus, 'AUTHORIZED'), isNull(p.organisationId));
  // One statement, the application locked as it is chosen (one another onboarding holds is skipped) and claimed
  // only while still unclaimed and authorised: two onboardings of one name never both take it.
  const candidate = db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.serviceProviderId, tspId), eq(p.partnerType, 'MERCHANT'), unclaimed, sql`lower(${p.tradingName}) = lower(${name})`))
    .orderBy(asc(p.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [linked] = await db
    .update(p)
    .set({ organisationId: orgId, updatedAt: now })
    .where(and(inArray(p.id, candidate), unclaimed))
    .returning({ id: p.id });
  return linked?.id ?? null;
}

export function onboardTsp(db: Db, body: OnboardBody, createdBy: string, now: Date): Promise<OnboardResult> {
  return onboard(db, 'SERVICE_PROVIDER', body, null, createdBy, now);
}

export async function onboardMerchant(db: Db, body: OnboardBody & { serviceProviderId: string }, createdBy: string, now: Date): Promise<OnboardResult> {
  const tsp = await ownServiceProvider(db, null, body.serviceProviderId, 'serviceProviderId');
  return onboard(db, 'MERCHANT', body, tsp.id, createdBy, now);
}
