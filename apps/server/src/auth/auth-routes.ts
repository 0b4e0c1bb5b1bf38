import { and, eq, inArray } from 'drizzle-orm';
import { tokenRequest } from '@corridor/api';
import { users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { passwordGrant } from './token-grant.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import { parseOrThrow } from '../http/validation.ts';
import { listResource } from '../http/resource-engine.ts';
import { currentUserOf } from '../users/user-dto.ts';
import { userSortKeys } from '../users/user-resource.ts';
import { asc } from 'drizzle-orm';

export function registerAuthRoutes(r: CallRegistrar): void {
  r.serve('users.tokenGet', async ({ query, services, reply }) => {
    reply.header('cache-control', 'no-store');
    return passwordGrant({ ...services, now: services.config.now }, query.username, query.password);
  });

  r.serve('users.tokenPost', async ({ query, body, services, reply }) => {
    reply.header('cache-control', 'no-store');
    // The grant may come in the query string, the form body, or split between them.
    const grant = parseOrThrow(tokenRequest, { ...query, ...body }, 'body');
    return passwordGrant({ ...services, now: services.config.now }, grant.username, grant.password);
  });

  r.serve('users.me', async ({ caller, db, services }) => {
    const [row] = await db.select().from(users).where(eq(users.id, caller.userId));
    if (!row) throw new AppError('UNAUTHORIZED');
    return currentUserOf(row, services.config.now());
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
}
