import { asc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { userFilter } from '@corridor/api';
import { users } from '../db/schema.ts';
import type { ResourceSpec } from '../http/resource-engine.ts';

export const userSortKeys = {
  name: users.name,
  digit9Id: users.digit9Id,
  email: users.email,
  role: users.role,
  status: users.status,
  country: users.country,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};

type UserFilter = z.output<typeof userFilter>;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The merchant user filter (part A, section 3) over the users table. */
export const userResource: ResourceSpec<typeof users, UserFilter> = {
  table: users,
  filters: {
    query: (q: string): SQL | undefined => {
      const like = `%${escapeLike(q)}%`;
      return or(ilike(users.name, like), ilike(users.digit9Id, like), ilike(users.email, like));
    },
    country: (c: string) => eq(users.country, c),
    statuses: (s: string[]) => inArray(users.status, s as Array<(typeof users.$inferSelect)['status']>),
    partnerType: (t: string) => eq(users.role, t === 'MERCHANT' ? 'MERCHANT_SERVICE' : t === 'SERVICE_PROVIDER' ? 'SERVICE_PROVIDER' : 'ADMIN'),
    partnerId: (id: string) => eq(users.orgId, id),
    role: (role: string) => eq(users.role, role as (typeof users.$inferSelect)['role']),
  },
  sortKeys: userSortKeys,
  defaultSort: [asc(users.name), asc(users.id)],
};
