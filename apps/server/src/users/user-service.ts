import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { passwordChange, passwordReset, Role, userCreate, userUpdate } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Caller } from '../auth/caller.ts';
import { assertPasswordPolicy, hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { UserRow } from './user-dto.ts';
import { revokeUserSessions } from '../auth/session-service.ts';
import { signInAttempts } from '../auth/session-tables.ts';

export type UserCreate = z.output<typeof userCreate>;
export type UserUpdate = z.output<typeof userUpdate>;

function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown }).cause];
  return candidates.some((e) => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505');
}

export async function userInOrg(db: Db, id: string, orgId: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), eq(users.orgId, orgId)));
  if (!row) throw new AppError('NOT_FOUND', `No user ${id}`);
  return row;
}

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
  if (input.status === 'ACTIVE') await db.delete(signInAttempts).where(eq(signInAttempts.userId, row.id));
  if (input.status === 'LOCKED' || input.status === 'INACTIVE') await revokeUserSessions(db, row.id, now);
  return updated;
}

/** Only the signed-in user changes their own password here, and only with the current one. */
export async function changeOwnPassword(db: Db, caller: Caller, input: z.output<typeof passwordChange>, now: Date) {
  if (input.userId !== caller.userId) {
    throw new AppError('FORBIDDEN', 'You can only change your own password');
  }
  const [row] = await db.select().from(users).where(eq(users.id, caller.userId));
  if (!row) throw new AppError('NOT_FOUND');
  if (!(await verifyPassword(input.oldPassword, row.passwordHash))) {
    throw new AppError('OLD_PASSWORD_MISMATCH', undefined, [
      { parameter: 'oldPassword', message: 'does not match the current password' },
    ]);
  }
  assertPasswordPolicy(input.newPassword);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: now })
    .where(eq(users.id, row.id));
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
  await db.delete(signInAttempts).where(eq(signInAttempts.userId, input.userId));
  await revokeUserSessions(db, input.userId, now);
}

/** Creation through an org path: the org is the caller's, the role is the path's. */
export function checkOrgCreate(input: UserCreate, role: Role, orgId: string) {
  if (input.role !== undefined && input.role !== role) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'role', message: `must be ${role} on this path` }]);
  }
  if (input.parentId !== undefined && input.parentId !== orgId) {
    throw new AppError('FORBIDDEN', 'Users can only be created in your own organisation');
  }
}

