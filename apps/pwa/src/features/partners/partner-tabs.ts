import type { TabDefinition } from '@corridor/domain';

/** Spec 1 "Tab sets": partner statuses overview, new, in authorization, authorized, rejected. */
export const PARTNER_TABS = [
  { slug: 'overview', labelKey: 'partners.tabs.overview', status: 'OVERVIEW' },
  { slug: 'new', labelKey: 'partners.tabs.new', status: 'NEW' },
  { slug: 'in-authorization', labelKey: 'partners.tabs.inAuthorization', status: 'IN_AUTHORIZATION' },
  { slug: 'authorized', labelKey: 'partners.tabs.authorized', status: 'AUTHORIZED' },
  { slug: 'rejected', labelKey: 'partners.tabs.rejected', status: 'REJECTED' },
] as const satisfies readonly TabDefinition[];

/** Spec 1 "Partner detail tabs": company profile, authorization details; documents, wallets and transactions disabled. */
export const PARTNER_DETAIL_TABS = [
  { slug: 'company-profile', labelKey: 'partners.detailTabs.companyProfile', status: 'COMPANY_PROFILE' },
  { slug: 'authorization-details', labelKey: 'partners.detailTabs.authorizationDetails', status: 'AUTHORIZATION_DETAILS' },
  { slug: 'documents', labelKey: 'partners.detailTabs.documents', status: 'DOCUMENTS', disabled: true },
  { slug: 'wallets', labelKey: 'partners.detailTabs.wallets', status: 'WALLETS', disabled: true },
  { slug: 'transactions', labelKey: 'partners.detailTabs.transactions', status: 'TRANSACTIONS', disabled: true },
] as const satisfies readonly TabDefinition[];

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
