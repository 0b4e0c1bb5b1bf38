import type { Queryable } from '../db/database.ts';
import { notify } from '../notifications/notification-service.ts';

/** A partner record moved along the onboarding lifecycle: the TSP's people following it are told. */
export async function noticePartnerStatus(db: Queryable, tspId: string, partnerId: string, name: string, from: string, to: string, now: Date): Promise<void> {
  await notify(db, { orgId: tspId, kind: 'PARTNER_STATUS_CHANGED', subjectType: 'PARTNER', subjectId: partnerId, params: { name, from, to } }, now);
}
