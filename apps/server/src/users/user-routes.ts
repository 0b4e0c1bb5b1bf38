import { and, eq, inArray } from 'drizzle-orm';
import type { Role } from '@corridor/api';
import { organisations, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import { listResource } from '../http/resource-engine.ts';
import { managedUserOf } from './user-dto.ts';
import { userResource } from './user-resource.ts';

import { changeOwnPassword, checkOrgCreate, createUser, resetPassword, updateUser, userInOrg } from './user-service.ts';

export function registerUserRoutes(r: CallRegistrar): void {
  for (const side of ['sp', 'merchant'] as const) {
    const role: Role = side === 'sp' ? 'SERVICE_PROVIDER' : 'MERCHANT_SERVICE';

    r.serve(side === 'sp' ? 'users.spList' : 'users.merchantList', async ({ caller, db, query, services }) => {
      const page = await listResource(db, userResource, query, eq(users.orgId, caller.org));
      const now = services.config.now();
      return { ...page, content: page.content.map((u) => managedUserOf(u, now)) };
    });

    r.serve(side === 'sp' ? 'users.spCreate' : 'users.merchantCreate', async ({ caller, db, body, services }) => {
      const orgId = caller.org;
      checkOrgCreate(body, role, orgId);
      const now = services.config.now();
      return managedUserOf(await createUser(db, body, role, orgId, caller.userId, now), now);
    });

    r.serve(side === 'sp' ? 'users.spGet' : 'users.merchantGet', async ({ caller, db, params, services }) =>
      managedUserOf(await userInOrg(db, params.id, caller.org), services.config.now()),
    );

    r.serve(side === 'sp' ? 'users.spUpdate' : 'users.merchantUpdate', async ({ caller, db, params, body, services }) => {
      const row = await userInOrg(db, params.id, caller.org);
      const now = services.config.now();
      return managedUserOf(await updateUser(db, row, body, now), now);
    });

    r.serve(side === 'sp' ? 'users.spDelete' : 'users.merchantDelete', async ({ caller, db, params }) => {
      const row = await userInOrg(db, params.id, caller.org);
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
    const orgId = caller.org;
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
    const orgId = caller.org;
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
