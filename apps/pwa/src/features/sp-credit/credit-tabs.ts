import { OVERVIEW, REQUEST_TABS, statusFromSlug, tabForSlug } from '@corridor/domain';

/**
 * Statuses still waiting for the TSP: the pending tab is the TSP's work queue, so besides PENDING
 * it holds the requests just made (REQUESTED), being verified and on hold.
 * @internal
 */
export const AWAITING_DECISION = ['PENDING', 'REQUESTED', 'IN_VERIFICATION', 'ON_HOLD'] as const;

/**
 * Statuses a tab slug filters by (spec 4: slugs of the transaction-authorization list map through
 * statusFromSlug); overview filters none.
 *
 * @example creditTabStatuses('approved') // ['APPROVED']
 */
export function creditTabStatuses(slug: string): string[] {
  const tab = tabForSlug(REQUEST_TABS, slug);
  if (tab.status === OVERVIEW) return [];
  const status = statusFromSlug(tab.slug, 'transaction-authorization');
  return status === 'PENDING' ? [...AWAITING_DECISION] : [status];
}
