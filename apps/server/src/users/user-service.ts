import { and, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { passwordChange, passwordReset, Role, userCreate, userFilter, userUpdate } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { organisations, users } from '../db/schema.ts';
import { isUniqueViolation } from '../db/pg-errors.ts';
import { AppError } from '../errors.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import type { Caller } from '../tenant/caller.ts';
import { assertPasswordPolicy, hashPassword, verifyPassword } from '../lib/passwords.ts';
import { managedUserOf, type UserRow } from './user-dto.ts';
import { listResource } from '../http/resource-engine.ts';
import { userResource } from './user-resource.ts';
import { forgetSignInAttempts, revokeUserSessions } from '../auth/session-service.ts';

export type UserCreate = z.output<typeof userCreate>;
export type UserUpdate = z.output<typeof userUpdate>;

export async function userInOrg(db: Db, id: string, orgId: string): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.orgId, orgId)));
  if (!row) throw new AppError('NOT_FOUND', `No user ${id}`);
  return row;
}

/** A user with its role and organisation; onboarding creates the first admin of a new organisation with it. */
export async function createUser(db: Db, input: UserCreate, role: Role, orgId: string | null, createdBy: string, now: Date) {
  assertPasswordPolicy(input.password, 'password');
  const row: typeof users.$inferInsert = {
    id: uuidv7(),
    digit9Id: input.digit9Id,
    name: input.name,
    email: input.email ?? null,
    phone: input.phone ?? null,
    country: input.country ?? null,
    role,
    orgId,
    passwordHash: await hashPassword(input.password),
    createdBy,
    createdAt: now,
  };
  try {
    const [created] = await db.insert(users).values(row).returning();
    if (!created) throw new AppError('INTERNAL_ERROR');
    return created;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('DUPLICATE_USER', undefined, [{ parameter: 'digit9Id', message: 'already taken' }]);
    }
    throw error;
  }
}

export async function updateUser(db: Db, row: UserRow, input: UserUpdate, now: Date): Promise<UserRow> {
  const patch: Partial<typeof users.$inferInsert> = { updatedAt: now };
  if (input.name !== undefined) patch.name = input.name;
  if (input.email !== undefined) patch.email = input.email;
  if (input.phone !== undefined) patch.phone = input.phone;
  if (input.country !== undefined) patch.country = input.country;
  if (input.status !== undefined) {
    patch.status = input.status;
    // Re-activating a user lifts every sign-in lock; LOCKED keeps them out until an administrator says otherwise.
    if (input.status === 'ACTIVE') Object.assign(patch, { failedAttempts: 0, lockedUntil: null });
  }
  const [updated] = await db.update(users).set(patch).where(eq(users.id, row.id)).returning();
  if (!updated) throw new AppError('NOT_FOUND');
  if (input.status === 'ACTIVE') await forgetSignInAttempts(db, row.id);
  if (input.status === 'LOCKED' || input.status === 'INACTIVE') await revokeUserSessions(db, row.id, now);
  return updated;
}

/** Only the signed-in user changes their own password here, and only with the current one. */
export async function changeOwnPassword(db: Db, caller: Caller, input: z.output<typeof passwordChange>, now: Date) {
  // Only one's own password: any other user id is as good as absent.
  if (input.userId !== caller.userId) throw foreignId('userId', 'user', input.userId);
  const [row] = await db.select().from(users).where(eq(users.id, caller.userId));
  if (!row) throw new AppError('NOT_FOUND');
  if (!(await verifyPassword(input.oldPassword, row.passwordHash))) {
    throw new AppError('OLD_PASSWORD_MISMATCH', undefined, [{ parameter: 'oldPassword', message: 'does not match the current password' }]);
  }
  assertPasswordPolicy(input.newPassword);
  const changed = await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: now })
    // Only over the password just checked: a reset or another change that landed meanwhile is not undone.
    .where(and(eq(users.id, row.id), eq(users.passwordHash, row.passwordHash)))
    .returning({ id: users.id });
  if (changed.length === 0) {
    throw new AppError('OLD_PASSWORD_MISMATCH', undefined, [{ parameter: 'oldPassword', message: 'does not match the current password' }]);
  }
  // Whoever else holds a session (a stolen token, a forgotten tab) is signed out with the old password.
  await revokeUserSessions(db, row.id, now);
}

export async function resetPassword(db: Db, input: z.output<typeof passwordReset>, now: Date) {
  assertPasswordPolicy(input.newPassword);
  const updated = await db
    .update(users)
    .set({
      passwordHash: await hashPassword(input.newPassword),
      failedAttempts: 0,
      lockedUntil: null,
      status: sql`CASE WHEN ${users.status} = 'LOCKED' THEN 'ACTIVE' ELSE ${users.status} END`,
      updatedAt: now,
    })
    .where(eq(users.id, input.userId))
    .returning({ id: users.id });
  if (updated.length === 0) throw new AppError('NOT_FOUND', `No user ${input.userId}`);
  await forgetSignInAttempts(db, input.userId);
  await revokeUserSessions(db, input.userId, now);
}

/** Creation through an org path: the org is the caller's, the role is the path's. */
function checkOrgCreate(input: UserCreate, role: Role, orgId: string) {
  if (input.role !== undefined && input.role !== role) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'role', message: `must be ${role} on this path` }]);
  }
  if (input.parentId !== undefined && input.parentId !== orgId) throw foreignId('parentId', 'organisation', input.parentId);
}

/** A user created through an org path: in the caller's organisation, with the path's role. */
export async function createOrgUser(db: Db, input: UserCreate, role: Role, orgId: string, createdBy: string, now: Date) {
  checkOrgCreate(input, role, orgId);
  return createUser(db, input, role, orgId, createdBy, now);
}

/** Operations create a user in an existing organisation of the kind its role needs (an ADMIN in none). */
export async function createUserAsOperations(db: Db, input: UserCreate & { role: Role }, createdBy: string, now: Date) {
  const parentId = input.parentId ?? null;
  if (input.role === 'ADMIN') {
    if (parentId !== null) {
      throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'parentId', message: 'an ADMIN belongs to no organisation' }]);
    }
  } else {
    const wanted = input.role === 'SERVICE_PROVIDER' ? 'SERVICE_PROVIDER' : 'MERCHANT';
    const [org] = parentId ? await db.select().from(organisations).where(eq(organisations.id, parentId)) : [];
    if (!org || org.type !== wanted) {
      throw new AppError('VALIDATION_FAILED', undefined, [
        { parameter: 'parentId', message: `must name an existing ${wanted === 'MERCHANT' ? 'merchant service' : 'service provider'}` },
      ]);
    }
  }
  return createUser(db, input, input.role, parentId, createdBy, now);
}

/** Deletes a user of the caller's organisation; never the caller itself. */
export async function deleteOrgUser(db: Db, orgId: string, id: string, callerId: string): Promise<void> {
  const row = await userInOrg(db, id, orgId);
  if (row.id === callerId) throw new AppError('CANNOT_DELETE_SELF');
  await db.delete(users).where(eq(users.id, row.id));
}

/** A TSP reads users of its own merchants. */
export async function userOfOwnMerchant(db: Db, tspId: string, id: string): Promise<UserRow> {
  const merchants = db.select({ id: organisations.id }).from(organisations).where(eq(organisations.parentId, tspId));
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'MERCHANT_SERVICE'), inArray(users.orgId, merchants)));
  if (!row) throw new AppError('NOT_FOUND', `No user ${id}`);
  return row;
}

/** A merchant reads users of its own TSP. */
export async function userOfOwnTsp(db: Db, merchantId: string, id: string): Promise<UserRow> {
  const [merchant] = await db.select().from(organisations).where(eq(organisations.id, merchantId));
  if (!merchant?.parentId) throw new AppError('NOT_FOUND', `No user ${id}`);
  const row = await userInOrg(db, id, merchant.parentId).catch(() => null);
  if (!row || row.role !== 'SERVICE_PROVIDER') throw new AppError('NOT_FOUND', `No user ${id}`);
  return row;
}

/** The users of one organisation, paged. */
export async function listOrgUsers(db: Db, orgId: string, query: z.output<typeof userFilter>, now: Date) {
  const page = await listResource(db, userResource, query, eq(users.orgId, orgId));
  return { ...page, content: page.content.map((u) => managedUserOf(u, now)) };
}
