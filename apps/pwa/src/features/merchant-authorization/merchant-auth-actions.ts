import { MERCHANT_AUTH_TABS, OVERVIEW } from '@corridor/domain';

type AuthorizationStatus = 'PENDING_APPROVAL' | 'ACTIVE' | 'PAUSED' | 'BLOCKED' | 'EXPIRED';
export type MerchantAction = 'approve' | 'pause' | 'block' | 'renew' | 'unpause' | 'unblock';

/** A row of the list: the merchant summary with its authorization. */
export interface MerchantAuthRow {
  merchantServiceId: string;
  name: string;
  merchantProfileStatus: string | null;
  merchantProfileId?: string | null | undefined;
  authorizationExpiresAt?: string | null | undefined;
  submittedBy?: { id: string; name: string } | null | undefined;
  lastDecision?:
    | { action: string; fromStatus: string; toStatus: string; reason: string; expiresAt: string | null; by: { id: string; name: string }; at: string }
    | null
    | undefined;
  walletCount: number;
  currencies: string[];
}

/** The status each action moves a merchant to (the server checks the move). */
const TARGET_STATUS: Readonly<Record<MerchantAction, AuthorizationStatus>> = {
  approve: 'ACTIVE',
  pause: 'PAUSED',
  block: 'BLOCKED',
  renew: 'ACTIVE',
  unpause: 'ACTIVE',
  unblock: 'ACTIVE',
};

/** The actions the server allows from each status (its transition table, so the menu offers nothing it refuses). */
const FROM: Readonly<Record<AuthorizationStatus, readonly MerchantAction[]>> = {
  PENDING_APPROVAL: ['approve', 'block'],
  ACTIVE: ['pause', 'block'],
  PAUSED: ['unpause', 'block'],
  EXPIRED: ['renew', 'block'],
  BLOCKED: ['unblock'],
};

/** The summary status a tab filters by (none on the overview). */
export function tabStatus(slug: string): string | undefined {
  const tab = MERCHANT_AUTH_TABS.find((t) => t.slug === slug);
  return tab && tab.status !== OVERVIEW ? tab.status : undefined;
}

/**
 * The actions this user may take on a row. Four eyes as the server keeps them: the user who submitted a pending
 * merchant does not approve it, the user who blocked one does not unblock it. A merchant with no profile has none.
 */
export function actionsFor(row: MerchantAuthRow, userId: string | null): MerchantAction[] {
  if (!row.merchantProfileId) return [];
  const status = row.merchantProfileStatus as AuthorizationStatus | null;
  if (status === null || !(status in FROM)) return [];
  return FROM[status].filter((action) => {
    if (action === 'approve') return row.submittedBy?.id !== userId;
    if (action === 'unblock') return !(row.lastDecision?.toStatus === 'BLOCKED' && row.lastDecision.by.id === userId);
    return true;
  });
}

/** Whether the four-eyes rule holds back an action the status would allow: the row says another user decides. */
export function heldByFourEyes(row: MerchantAuthRow, userId: string | null): boolean {
  const status = row.merchantProfileStatus;
  if (status === 'PENDING_APPROVAL') return row.submittedBy?.id === userId;
  if (status === 'BLOCKED') return row.lastDecision?.toStatus === 'BLOCKED' && row.lastDecision.by.id === userId;
  return false;
}

/** Whether the action asks for the authorization's new end: required to renew, optional to approve, unpause or unblock. */
export function endField(action: MerchantAction): 'required' | 'optional' | 'none' {
  if (action === 'renew') return 'required';
  return action === 'approve' || action === 'unblock' || action === 'unpause' ? 'optional' : 'none';
}

/** The PATCH body of a decision: the new status, the reason, and the end (a date, as the end of that day UTC). */
export function decisionBody(action: MerchantAction, reason: string, endDate: string | undefined) {
  return {
    profileStatus: TARGET_STATUS[action],
    reason: reason.trim(),
    ...(endDate ? { authorizationExpiresAt: `${endDate}T23:59:59.000Z` } : {}),
  };
}
