import { OVERVIEW } from '@corridor/domain';

/**
 * The tabs of merchant authorization (spec 1, "Tab sets": overview, pending approval, active, blocked, expired,
 * paused), each with the authorization status it filters the merchant summary by. Apart from the screen: the
 * route checks a slug against them before the screen loads.
 */
export const MERCHANT_AUTH_TABS = [
  { slug: 'overview', labelKey: 'overview', status: OVERVIEW },
  { slug: 'pending-approval', labelKey: 'pendingApproval', status: 'PENDING_APPROVAL' },
  { slug: 'active', labelKey: 'active', status: 'ACTIVE' },
  { slug: 'blocked', labelKey: 'blocked', status: 'BLOCKED' },
  { slug: 'expired', labelKey: 'expired', status: 'EXPIRED' },
  { slug: 'paused', labelKey: 'paused', status: 'PAUSED' },
] as const;
