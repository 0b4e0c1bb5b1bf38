import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Role } from '@corridor/api';
import { isValidTimeZone } from '@corridor/domain';
import { users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { listResource } from '../http/resource-engine.ts';
import { signedInUser } from '../auth/session-service.ts';
import { currentUserOf, managedUserOf } from './user-dto.ts';
import { userSortKeys } from './user-resource.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import {
  changeOwnPassword,
  createOrgUser,
  createUserAsOperations,
  deleteOrgUser,
  listOrgUsers,
  resetPassword,
  updateUser,
  userInOrg,
  userOfOwnMerchant,
  userOfOwnTsp,
} from './user-service.ts';

export function registerUserRoutes(r: CallRegistrar): void {
  for (const side of ['sp', 'merchant'] as const) {
    const role: Role = side === 'sp' ? 'SERVICE_PROVIDER' : 'MERCHANT_SERVICE';

    r.serve(side === 'sp' ? 'users.spList' : 'users.merchantList', async ({ caller, db, query, now }) => listOrgUsers(db, caller.org, query, now));
    r.serve(side === 'sp' ? 'users.spCreate' : 'users.merchantCreate', async ({ caller, db, body, now }) => {
      return managedUserOf(await createOrgUser(db, body, role, caller.org, caller.userId, now), now);
    });
    r.serve(side === 'sp' ? 'users.spGet' : 'users.merchantGet', async ({ caller, db, params, now }) =>
      managedUserOf(await userInOrg(db, params.id, caller.org), now),
    );
    r.serve(side === 'sp' ? 'users.spUpdate' : 'users.merchantUpdate', async ({ caller, db, params, body, now }) => {
      return managedUserOf(await updateUser(db, await userInOrg(db, params.id, caller.org), body, now), now);
    });
    r.serve(side === 'sp' ? 'users.spDelete' : 'users.merchantDelete', async ({ caller, db, params }) => {
      await deleteOrgUser(db, caller.org, params.id, caller.userId);
      return undefined;
    });
    r.serve(side === 'sp' ? 'users.spPasswordChange' : 'users.merchantPasswordChange', async ({ caller, db, body, now }) => {
      await changeOwnPassword(db, caller, body, now);
      return undefined;
    });
  }

  r.serve('users.spMerchantUserGet', async ({ tenant, db, params, now }) =>
    managedUserOf(await userOfOwnMerchant(db, tenant.serviceProviderId, params.id), now),
  );
  r.serve('users.merchantSpUserGet', async ({ tenant, db, params, now }) => managedUserOf(await userOfOwnTsp(db, tenant.merchantId, params.id), now));

  r.serve('users.internalCreate', async ({ caller, db, body, now }) => {
    return managedUserOf(await createUserAsOperations(db, body, caller.userId, now), now);
  });
  r.serve('users.internalPasswordReset', async ({ db, body, now }) => {
    await resetPassword(db, body, now);
    return undefined;
  });

  // The signed-in user's own record and settings, and the names of its organisation's users.
  r.serve('users.me', async ({ caller, db, request, now }) => {
    // The registrar has just read this user with its session: answered from that row.
    const row = signedInUser(request) ?? (await db.select().from(users).where(eq(users.id, caller.userId)))[0];
    if (!row) throw new AppError('UNAUTHORIZED');
    return currentUserOf(row, now);
  });

  r.serve('users.profiles', async ({ caller, db, query }) => {
    const scope = caller.role === 'ADMIN' || caller.org === null ? undefined : eq(users.orgId, caller.org);
    const page = await listResource(
      db,
      {
        table: users,
        filters: { userIds: (ids: string[]) => inArray(users.id, ids) },
        sortKeys: userSortKeys,
        defaultSort: [asc(users.name)],
      },
      query,
      scope ? and(scope) : undefined,
    );
    return { ...page, content: page.content.map((u) => ({ id: u.id, name: u.name, role: u.role })) };
  });

  r.serve('users.settingsUpdate', async ({ caller, body, db, now }) => {
    const zone = body.PROFILE_TIME_ZONE;
    if (zone !== null && !isValidTimeZone(zone)) {
      throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'PROFILE_TIME_ZONE', message: 'must be an IANA time zone such as Asia/Dubai' }]);
    }
    const [row] = await db.update(users).set({ timeZone: zone, updatedAt: now }).where(eq(users.id, caller.userId)).returning();
    if (!row) throw new AppError('UNAUTHORIZED');
    return currentUserOf(row, now);
  });
}
