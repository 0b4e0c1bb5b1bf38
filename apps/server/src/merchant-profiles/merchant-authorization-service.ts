import { v7 as uuidv7 } from 'uuid';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { merchantAuthorizationDecision } from '@corridor/api';
import type { Queryable, Tx } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { merchantAuthorizationEvents, merchantProfiles, type MerchantProfileRow } from './merchant-profile-schema.ts';
import { effectiveStatus } from './merchant-authorization-record.ts';

type Decision = z.input<typeof merchantAuthorizationDecision>;
type Status = Decision['toStatus'];
type Action = Decision['action'];

/** Statuses in which a merchant may not move money: its payments, transfers and top-ups are refused. */
const CANNOT_TRANSACT: ReadonlySet<Status> = new Set(['PAUSED', 'BLOCKED', 'EXPIRED']);

/**
 * The decisions a TSP may take, by current and new status. Anything else (back to PENDING_APPROVAL, PAUSED
 * from anything but ACTIVE, ACTIVE -> EXPIRED by hand, ...) is refused: an authorization ends by its date.
 */
const TRANSITIONS: Record<string, Action> = {
  'PENDING_APPROVAL>ACTIVE': 'APPROVE',
  'PENDING_APPROVAL>BLOCKED': 'BLOCK',
  'ACTIVE>PAUSED': 'PAUSE',
  'ACTIVE>BLOCKED': 'BLOCK',
  'PAUSED>ACTIVE': 'UNPAUSE',
  'PAUSED>BLOCKED': 'BLOCK',
  'EXPIRED>ACTIVE': 'RENEW',
  'EXPIRED>BLOCKED': 'BLOCK',
  'BLOCKED>ACTIVE': 'UNBLOCK',
};

/** How long an approval or unblock authorizes a merchant when no end is given. */
const DEFAULT_TERM_MS = 365 * 86_400_000;
/** The latest end a decision may give: beyond it, a typo rather than a term. */
const MAX_TERM_MS = 5 * 365 * 86_400_000;

export interface AuthorizationChange {
  profileStatus: Status;
  reason?: string | undefined;
  authorizationExpiresAt?: string | undefined;
}

const invalid = (parameter: string, message: string) => new AppError('VALIDATION_FAILED', undefined, [{ parameter, message }]);

async function lastEvent(db: Queryable, profileId: string, toStatus?: Status) {
  const [row] = await db
    .select()
    .from(merchantAuthorizationEvents)
    .where(and(eq(merchantAuthorizationEvents.merchantProfileId, profileId), toStatus ? eq(merchantAuthorizationEvents.toStatus, toStatus) : undefined))
    .orderBy(desc(merchantAuthorizationEvents.createdAt), desc(merchantAuthorizationEvents.id))
    .limit(1);
  return row;
}

/** The end an ACTIVE authorization gets from this decision, checked; undefined: it keeps the one it has. */
function newEnd(action: Action, change: AuthorizationChange, current: MerchantProfileRow, now: Date): Date | undefined {
  const given = change.authorizationExpiresAt === undefined ? undefined : new Date(change.authorizationExpiresAt);
  if (given !== undefined) {
    if (action === 'PAUSE' || action === 'BLOCK') throw invalid('authorizationExpiresAt', 'is only set when the authorization becomes ACTIVE');
    if (given.getTime() <= now.getTime()) throw invalid('authorizationExpiresAt', 'must be in the future');
    if (given.getTime() > now.getTime() + MAX_TERM_MS) throw invalid('authorizationExpiresAt', 'must be within five years');
    return given;
  }
  if (action === 'RENEW') throw invalid('authorizationExpiresAt', 'a renewal needs the new end of the authorization');
  if (action === 'APPROVE' || action === 'UNBLOCK') return new Date(now.getTime() + DEFAULT_TERM_MS);
  if (action === 'UNPAUSE' && current.authorizationExpiresAt !== null && current.authorizationExpiresAt.getTime() <= now.getTime()) {
    throw invalid('authorizationExpiresAt', `the authorization ended on ${current.authorizationExpiresAt.toISOString()}; give a new end`);
  }
  return undefined;
}

/**
 * Applies an authorization decision on a profile inside the caller's transaction: checks the transition, the
 * reason and the new end, keeps four eyes (the user who submitted a merchant does not approve it; the user who
 * blocked one does not lift the block), moves the status only from the one read (a concurrent decision loses
 * with 409) and records who, when and why. Returns false when it is a retry of the decision last taken.
 */
export async function applyAuthorizationChange(tx: Tx, current: MerchantProfileRow, change: AuthorizationChange, userId: string, now: Date): Promise<boolean> {
  const from = effectiveStatus(current, now);
  const to = change.profileStatus;
  const reason = change.reason?.trim() ?? '';
  if (from === to) {
    // The same decision sent again (a retry after a lost answer) changes nothing; another one is refused.
    const last = await lastEvent(tx, current.id);
    if (last && last.toStatus === to && last.reason === reason && change.authorizationExpiresAt === undefined) return false;
    throw new AppError('INVALID_STATE_TRANSITION', `The merchant's authorization is already ${from}`, [
      { parameter: 'profileStatus', message: `is already ${from}` },
    ]);
  }
  const action = TRANSITIONS[`${from}>${to}`];
  if (action === undefined) {
    throw new AppError('INVALID_STATE_TRANSITION', `The merchant's authorization cannot move from ${from} to ${to}`, [
      { parameter: 'profileStatus', message: `cannot move from ${from} to ${to}` },
    ]);
  }
  if (reason === '') throw invalid('reason', 'a change of authorization status needs a reason');
  const end = newEnd(action, change, current, now);
  if (action === 'APPROVE' && current.createdBy !== null && current.createdBy === userId) {
    throw new AppError('MAKER_CHECKER', 'The user who submitted the merchant cannot approve it', [
      { parameter: 'profileStatus', message: 'another user must approve the merchant you submitted' },
    ]);
  }
  if (action === 'UNBLOCK') {
    const blocked = await lastEvent(tx, current.id, 'BLOCKED');
    if (blocked && blocked.actorId === userId) {
      throw new AppError('MAKER_CHECKER', 'The user who blocked the merchant cannot lift the block', [
        { parameter: 'profileStatus', message: 'another user must unblock the merchant you blocked' },
      ]);
    }
  }
  const moved = await tx
    .update(merchantProfiles)
    .set({ profileStatus: to, ...(end ? { authorizationExpiresAt: end } : {}), updatedAt: now, updatedBy: userId })
    .where(and(eq(merchantProfiles.id, current.id), eq(merchantProfiles.profileStatus, current.profileStatus)))
    .returning({ id: merchantProfiles.id });
  if (moved.length === 0) {
    throw new AppError('INVALID_STATE_TRANSITION', 'The merchant was decided by someone else meanwhile; reload it', [
      { parameter: 'profileStatus', message: 'changed since it was read' },
    ]);
  }
  const [actor] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
  await tx.insert(merchantAuthorizationEvents).values({
    id: uuidv7(),
    merchantProfileId: current.id,
    action,
    fromStatus: from,
    toStatus: to,
    reason,
    expiresAt: end ?? (to === 'ACTIVE' ? current.authorizationExpiresAt : null),
    actorId: userId,
    actorName: actor?.name ?? null,
    createdAt: now,
  });
  return true;
}

/**
 * Refuses money movement of a merchant whose authorization at the TSP is PAUSED, BLOCKED or EXPIRED (403 FORBIDDEN
 * naming the wallet field the request carried). A merchant with no profile at the TSP, or one pending approval, is
 * not stopped here.
 */
export async function assertMerchantMayTransact(db: Queryable, merchantId: string, serviceProviderId: string, field: string, now: Date): Promise<void> {
  const [profile] = await db
    .select({ profileStatus: merchantProfiles.profileStatus, authorizationExpiresAt: merchantProfiles.authorizationExpiresAt })
    .from(merchantProfiles)
    .where(and(eq(merchantProfiles.merchantId, merchantId), eq(merchantProfiles.serviceProviderId, serviceProviderId)));
  refuseUnlessMayTransact(profile, field, now);
}

/** The merchant's profile at the TSP as a caller's own statement read it (`merchantAuthorizationSql`), or null: none. */
export type MerchantAuthorization = { profileStatus: Status; authorizationExpiresAt: Date | string | null } | null | undefined;

/**
 * The same check on a profile the caller read in a statement of its own (a hot path folds the read into the one
 * that reads its wallet, `merchantAuthorizationSql`): read in the same request, never cached.
 */
export function refuseUnlessMayTransact(profile: MerchantAuthorization, field: string, now: Date): void {
  if (!profile) return;
  const ends = profile.authorizationExpiresAt;
  const status = effectiveStatus({ profileStatus: profile.profileStatus, authorizationExpiresAt: typeof ends === 'string' ? new Date(ends) : ends }, now);
  if (!CANNOT_TRANSACT.has(status)) return;
  throw new AppError('FORBIDDEN', `The merchant's authorization is ${status}: it cannot transact until its service provider reactivates it`, [
    { parameter: field, message: `belongs to a merchant whose authorization is ${status}` },
  ]);
}

/**
 * The authorization of a wallet's merchant at a TSP as one JSON value (null: no profile), for a statement that
 * reads the wallet: `merchantId` and `serviceProviderId` are SQL of the reading statement (its wallet's columns).
 * One row at most: a merchant has one profile per TSP (`merchant_profiles_pair_uq`).
 */
export const merchantAuthorizationSql = (merchantId: SQL, serviceProviderId: SQL): SQL<MerchantAuthorization> =>
  sql<MerchantAuthorization>`(select json_build_object('profileStatus', mp.profile_status, 'authorizationExpiresAt', mp.authorization_expires_at) from merchant_profiles mp where mp.merchant_id = ${merchantId} and mp.service_provider_id = ${serviceProviderId})`;
