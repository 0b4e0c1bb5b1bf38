import { OVERVIEW, statusFromSlug } from '@corridor/domain';

/**
 * Status tabs of merchant wallet approval. A merchant wallet is INACTIVE until its TSP activates
 * it and INACTIVE again when blocked (spec 3: "Wallet/account status: ACTIVE, INACTIVE").
 */
export const WALLET_APPROVAL_TABS = [
  { slug: 'overview', labelKey: 'spWallet.approval.tabs.overview', status: OVERVIEW },
  { slug: 'inactive', labelKey: 'spWallet.approval.tabs.inactive', status: 'INACTIVE' },
  { slug: 'active', labelKey: 'spWallet.approval.tabs.active', status: 'ACTIVE' },
] as const;

/** The statuses a tab slug filters by (none for overview); unknown slugs show the overview. */
export function approvalStatuses(slug: string): string[] {
  const status = statusFromSlug(slug, 'other');
  return WALLET_APPROVAL_TABS.some((tab) => tab.status === status && status !== OVERVIEW) ? [status] : [];
}

/** What the row action does: activate an inactive wallet, block an active one. */
export function nextWalletStatus(status: string): 'ACTIVE' | 'INACTIVE' {
  return status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE';
}
