import { OVERVIEW, WALLET_APPROVAL_TABS, statusFromSlug } from '@corridor/domain';

/** The statuses a tab slug filters by (none for overview); unknown slugs show the overview. */
export function approvalStatuses(slug: string): string[] {
  const status = statusFromSlug(slug, 'other');
  return WALLET_APPROVAL_TABS.some((tab) => tab.status === status && status !== OVERVIEW) ? [status] : [];
}

/** What the row action does: activate an inactive wallet, block an active one. */
export function nextWalletStatus(status: string): 'ACTIVE' | 'INACTIVE' {
  return status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE';
}
