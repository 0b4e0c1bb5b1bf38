import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { merchantAuthorizationDecision } from '@corridor/api';
import { merchantProfiles } from './merchant-profile-schema.ts';

type Decision = z.input<typeof merchantAuthorizationDecision>;
type Status = Decision['toStatus'];

/**
 * The authorization status a profile has at `now`: the stored one, except that an ACTIVE authorization past its
 * end reads EXPIRED (the end is a date, not a job that must run for the merchant to stop transacting).
 */
export function effectiveStatusSql(now: Date): SQL<Status> {
  return sql<Status>`(case when ${merchantProfiles.profileStatus} = 'ACTIVE' and ${merchantProfiles.authorizationExpiresAt} <= ${now.toISOString()}::timestamptz
    then 'EXPIRED' else ${merchantProfiles.profileStatus} end)`;
}

/** The same, on a profile row already read. */
export function effectiveStatus(row: { profileStatus: Status; authorizationExpiresAt: Date | null }, now: Date): Status {
  if (row.profileStatus === 'ACTIVE' && row.authorizationExpiresAt !== null && row.authorizationExpiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return row.profileStatus;
}

/** The profile's last authorization decision, as one JSON value (null when none was taken). */
export const lastDecisionSql = sql<RawDecision | null>`(select json_build_object(
    'action', e.action, 'fromStatus', e.from_status, 'toStatus', e.to_status, 'reason', e.reason, 'expiresAt', e.expires_at,
    'actorId', e.actor_id, 'actorName', e.actor_name, 'at', e.created_at)
  from merchant_authorization_events e where e.merchant_profile_id = ${merchantProfiles.id}
  order by e.created_at desc, e.id desc limit 1)`;

/** A decision as the database's JSON gives it (timestamps as text). */
export interface RawDecision {
  action: Decision['action'];
  fromStatus: Status;
  toStatus: Status;
  reason: string;
  expiresAt: string | null;
  actorId: string;
  actorName: string | null;
  at: string;
}

export function decisionDto(raw: RawDecision | string | null): Decision | null {
  if (raw === null) return null;
  // A driver may hand json back as text.
  const d = typeof raw === 'string' ? (JSON.parse(raw) as RawDecision) : raw;
  return {
    action: d.action,
    fromStatus: d.fromStatus,
    toStatus: d.toStatus,
    reason: d.reason,
    expiresAt: d.expiresAt === null ? null : new Date(d.expiresAt).toISOString(),
    by: { id: d.actorId, name: d.actorName ?? d.actorId },
    at: new Date(d.at).toISOString(),
  };
}
