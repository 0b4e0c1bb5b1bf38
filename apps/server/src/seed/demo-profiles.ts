import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database.ts';
import { merchantProfiles } from '../merchant-profiles/merchant-profile-schema.ts';
import { MERCHANTS } from './demo-organisations.ts';

type Review = (typeof merchantProfiles.kycStatus.enumValues)[number];
type ProfileStatus = (typeof merchantProfiles.profileStatus.enumValues)[number];

/** Demo review states, so the TSP's review screens show work at every stage. */
const STATES: Record<string, { kyc: Review; risk: Review; credit: Review; executive: Review; profile: ProfileStatus; monthly?: boolean }> = {
  GLOBEX: { kyc: 'APPROVED', risk: 'APPROVED', credit: 'APPROVED', executive: 'VERIFIED', profile: 'ACTIVE', monthly: true },
  INITECH: { kyc: 'APPROVED', risk: 'IN_VERIFICATION', credit: 'REQUESTED', executive: 'VERIFIED', profile: 'ACTIVE' },
  UMBRELLA: { kyc: 'IN_VERIFICATION', risk: 'NEW', credit: 'NEW', executive: 'REQUESTED', profile: 'PENDING_APPROVAL' },
  STARK: { kyc: 'APPROVED', risk: 'APPROVED', credit: 'VERIFIED', executive: 'APPROVED', profile: 'ACTIVE', monthly: true },
  WAYNE: { kyc: 'APPROVED', risk: 'REJECTED', credit: 'IN_VERIFICATION', executive: 'VERIFIED', profile: 'PAUSED' },
  ACME: { kyc: 'EXPIRED', risk: 'APPROVED', credit: 'APPROVED', executive: 'EXPIRED', profile: 'BLOCKED' },
};

/**
 * A profile of every demo merchant at its own TSP (the pricing relation: its fee and markup profile
 * are those demo-fees and demo-pricing assign), and Globex's pending application at Meridian.
 */
export async function seedDemoProfiles(db: Db, orgs: Map<string, string>, now: Date = new Date()): Promise<void> {
  const rows: Array<typeof merchantProfiles.$inferInsert> = [];
  for (const merchant of MERCHANTS) {
    const merchantId = orgs.get(merchant.code);
    const tspId = merchant.parent ? orgs.get(merchant.parent) : undefined;
    const state = STATES[merchant.code];
    if (!merchantId || !tspId || !state) continue;
    rows.push({
      id: uuidv7(),
      merchantId,
      serviceProviderId: tspId,
      kycStatus: state.kyc,
      riskScoringStatus: state.risk,
      creditScoringStatus: state.credit,
      executiveDocumentsStatus: state.executive,
      settlementStatus: state.monthly ? 'APPROVED' : 'NEW',
      profileStatus: state.profile,
      settlementMode: state.monthly ? 'MONTHLY' : null,
      settlementValue: state.monthly ? 1 : null,
      createdAt: now,
    });
  }
  const globex = orgs.get('GLOBEX');
  const meridian = orgs.get('MERIDIAN');
  if (globex && meridian) rows.push({ id: uuidv7(), merchantId: globex, serviceProviderId: meridian, kycStatus: 'REQUESTED', createdAt: now });
  if (rows.length > 0) await db.insert(merchantProfiles).values(rows).onConflictDoNothing();
}
