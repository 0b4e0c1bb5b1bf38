import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/database.ts';
import { organisations } from '../db/schema.ts';
import { notify } from '../notifications/notification-service.ts';

async function nameOf(db: Queryable, orgId: string): Promise<string> {
  const [row] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, orgId));
  return row?.name ?? orgId;
}

/** A merchant applied for a profile at a TSP: the TSP's desk has a review waiting. */
export async function noticeApplied(db: Queryable, profileId: string, merchantId: string, tspId: string, now: Date): Promise<void> {
  const name = await nameOf(db, merchantId);
  await notify(
    db,
    { orgId: tspId, kind: 'MERCHANT_APPLIED', subjectType: 'MERCHANT_PROFILE', subjectId: profileId, params: { name }, dedupeKey: `applied:${profileId}` },
    now,
  );
}

/** The TSP moved a merchant's profile to another status: the merchant is told. */
export async function noticeProfileStatus(
  db: Queryable,
  profileId: string,
  merchantId: string,
  tspId: string,
  from: string,
  to: string,
  now: Date,
): Promise<void> {
  const name = await nameOf(db, tspId);
  await notify(
    db,
    { orgId: merchantId, kind: 'MERCHANT_PROFILE_STATUS_CHANGED', subjectType: 'MERCHANT_PROFILE', subjectId: profileId, params: { name, from, to } },
    now,
  );
}
