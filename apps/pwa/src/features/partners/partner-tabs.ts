import { PARTNER_TABS } from '@corridor/domain';

/**
 * The statuses a tab lists. The new tab is the desk's own work: records just opened, being worked on and sent
 * back for another review (none of them waits on a checker or is decided). Overview lists every status.
 *
 * @example partnerTabStatuses('new') // ['NEW', 'PARTNER_ONBOARDING', 'NEXT_REVIEW']
 */
export function partnerTabStatuses(slug: string): string[] {
  const tab = PARTNER_TABS.find((t) => t.slug === slug);
  if (!tab || tab.status === 'OVERVIEW') return [];
  return tab.status === 'NEW' ? ['NEW', 'PARTNER_ONBOARDING', 'NEXT_REVIEW'] : [tab.status];
}
