import { and, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { passwordChange, passwordReset, Role, userCreate, userUpdate } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { organisations, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { requireOrg, type Caller } from '../auth/caller.ts';
import { assertPasswordPolicy, hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import { listResource } from '../http/resource-engine.ts';
import { managedUserOf, type UserRow } from '../users/user-dto.ts';
import { userResource } from '../users/user-resource.ts';

type UserCreate = z.output<typeof userCreate>;
type UserUpdate = z.output<typeof userUpdate>;

function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown }).cause];
  return candidates.some((e) => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505');
}

async function userInOrg(db: Db, id: string, orgId: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), eq(users.orgId, orgId)));
  if (!row) throw new AppError('NOT_FOUND', `No user ${id}`);
  return row;
}

async function createUser(db: Db, input: UserCreate, role: Role, orgId: string | null, createdBy: string, now: Date) {
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

async function updateUser(db: Db, row: UserRow, input: UserUpdate, now: Date): Promise<UserRow> {
  const patch: Partial<typeof users.$inferInsert> = { updatedAt: now };
  if (input.name !== undefined) patch.name = input.name;
  if (input.email !== undefined) patch.email = input.email;
  if (input.phone !== undefined) patch.phone = input.phone;
  if (input.country !== undefined) patch.country = input.country;
  if (input.status !== undefined) {
    patch.status = input.status;
    // Re-activating a user lifts a sign-in lock; setting LOCKED without an end keeps them out until then.
    if (input.status === 'ACTIVE') Object.assign(patch, { failedAttempts: 0, lockedUntil: null });
  }
  const [updated] = await db.update(users).set(patch).where(eq(users.id, row.id)).returning();
  if (!updated) throw new AppError('NOT_FOUND');
  return updated;
}

/** Only the signed-in user changes their own password here, and only with the current one. */
async function changeOwnPassword(db: Db, caller: Caller, input: z.output<typeof passwordChange>, now: Date) {
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
}

async function resetPassword(db: Db, input: z.output<typeof passwordReset>, now: Date) {
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
}

/** Creation through an org path: the org is the caller's, the role is the path's. */
function checkOrgCreate(input: UserCreate, role: Role, orgId: string) {
  if (input.role !== undefined && input.role !== role) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'role', message: `must be ${role} on this path` }]);
  }
  if (input.parentId !== undefined && input.parentId !== orgId) {
    throw new AppError('FORBIDDEN', 'Users can only be created in your own organisation');
  }
}

export function registerUserRoutes(r: CallRegistrar): void {
  for (const side of ['sp', 'merchant'] as const) {
    const role: Role = side === 'sp' ? 'SERVICE_PROVIDER' : 'MERCHANT_SERVICE';

    r.serve(side === 'sp' ? 'users.spList' : 'users.merchantList', async ({ caller, db, query, services }) => {
      const page = await listResource(db, userResource, query, eq(users.orgId, requireOrg(caller)));
      const now = services.config.now();
      return { ...page, content: page.content.map((u) => managedUserOf(u, now)) };
    });

    r.serve(side === 'sp' ? 'users.spCreate' : 'users.merchantCreate', async ({ caller, db, body, services }) => {
      const orgId = requireOrg(caller);
      checkOrgCreate(body, role, orgId);
      const now = services.config.now();
      return managedUserOf(await createUser(db, body, role, orgId, caller.userId, now), now);
    });

    r.serve(side === 'sp' ? 'users.spGet' : 'users.merchantGet', async ({ caller, db, params, services }) =>
      managedUserOf(await userInOrg(db, params.id, requireOrg(caller)), services.config.now()),
    );

    r.serve(side === 'sp' ? 'users.spUpdate' : 'users.merchantUpdate', async ({ caller, db, params, body, services }) => {
      const row = await userInOrg(db, params.id, requireOrg(caller));
      const now = services.config.now();
      return managedUserOf(await updateUser(db, row, body, now), now);
    });

    r.serve(side === 'sp' ? 'users.spDelete' : 'users.merchantDelete', async ({ caller, db, params }) => {
      const row = await userInOrg(db, params.id, requireOrg(caller));
      if (row.id === caller.userId) throw new AppError('CANNOT_DELETE_SELF');
      await db.delete(users).where(eq(users.id, row.id));
      return undefined;
    });

    r.serve(side === 'sp' ? 'users.spPasswordChange' : 'users.merchantPasswordChange', async ({ caller, db, body, services }) => {
      await changeOwnPassword(db, caller, body, services.config.now());
      return undefined;
    });
  }

  // A TSP reads users of its own merchants.
  r.serve('users.spMerchantUserGet', async ({ caller, db, params, services }) => {
    const orgId = requireOrg(caller);
    const merchants = db.select({ id: organisations.id }).from(organisations).where(eq(organisations.parentId, orgId));
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, params.id), eq(users.role, 'MERCHANT_SERVICE'), inArray(users.orgId, merchants)));
    if (!row) throw new AppError('NOT_FOUND', `No user ${params.id}`);
    return managedUserOf(row, services.config.now());
  });

  // A merchant reads users of its service provider.
  r.serve('users.merchantSpUserGet', async ({ caller, db, params, services }) => {
    const orgId = requireOrg(caller);
    const [merchant] = await db.select().from(organisations).where(eq(organisations.id, orgId));
    if (!merchant?.parentId) throw new AppError('NOT_FOUND', `No user ${params.id}`);
    const row = await userInOrg(db, params.id, merchant.parentId).catch(() => null);
    if (!row || row.role !== 'SERVICE_PROVIDER') throw new AppError('NOT_FOUND', `No user ${params.id}`);
    return managedUserOf(row, services.config.now());
  });

  r.serve('users.internalCreate', async ({ caller, db, body, services }) => {
    const parentId = body.parentId ?? null;
    if (body.role === 'ADMIN') {
      if (parentId !== null) {
        throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'parentId', message: 'an ADMIN belongs to no organisation' }]);
      }
    } else {
      const wanted = body.role === 'SERVICE_PROVIDER' ? 'SERVICE_PROVIDER' : 'MERCHANT';
      const [org] = parentId ? await db.select().from(organisations).where(eq(organisations.id, parentId)) : [];
      if (!org || org.type !== wanted) {
        throw new AppError('VALIDATION_FAILED', undefined, [
          { parameter: 'parentId', message: `must name an existing ${wanted === 'MERCHANT' ? 'merchant service' : 'service provider'}` },
        ]);
      }
    }
    const now = services.config.now();
    return managedUserOf(await createUser(db, body, body.role, parentId, caller.userId, now), now);
  });

  r.serve('users.internalPasswordReset', async ({ db, body, services }) => {
    await resetPassword(db, body, services.config.now());
    return undefined;
  });
}
