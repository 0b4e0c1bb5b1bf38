import type { CurrentUser, ManagedUser } from '@corridor/api';
import type { users } from '../db/schema.ts';
import { orgTypeOf } from '../tenant/caller.ts';

export type UserRow = typeof users.$inferSelect;

/** The status a user sees: LOCKED by an administrator, or for a while after too many failed sign-ins of the ID. */
function effectiveStatus(row: UserRow, now: Date): CurrentUser['status'] {
  if (row.status === 'ACTIVE' && row.lockedUntil && row.lockedUntil > now) return 'LOCKED';
  return row.status;
}

export function currentUserOf(row: UserRow, now: Date): CurrentUser {
  return {
    id: row.id,
    digit9Id: row.digit9Id,
    name: row.name,
    email: row.email,
    role: row.role,
    parentId: row.orgId,
    organisationType: orgTypeOf(row.role),
    status: effectiveStatus(row, now),
    settings: { PROFILE_TIME_ZONE: row.timeZone },
  };
}

export function managedUserOf(row: UserRow, now: Date): ManagedUser {
  const orgType = orgTypeOf(row.role);
  // A user's own settings are theirs: an administrator's list does not carry them.
  const { settings: _own, ...user } = currentUserOf(row, now);
  return {
    ...user,
    phone: row.phone,
    country: row.country,
    partnerType: orgType === 'INTERNAL' ? null : orgType,
    partnerId: row.orgId,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}
