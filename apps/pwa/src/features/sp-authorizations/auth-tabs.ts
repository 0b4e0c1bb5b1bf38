import type { TabDefinition } from '@corridor/domain';

/**
 * The tabs of an authorization list. Spec 4 maps the transaction-authorization slugs to approval
 * statuses (pending, in-verification, approved, rejected); overview shows every row. Kept apart from the rows'
 * logic (auth-rows.ts): the routes check a tab against these before the screen loads, so this file is on the
 * first screen, and the list's code stays with the list.
 */
export const AUTH_TABS = [
  { slug: 'overview', labelKey: 'overview', status: 'OVERVIEW' },
  { slug: 'pending', labelKey: 'pending', status: 'PENDING' },
  { slug: 'in-verification', labelKey: 'inVerification', status: 'IN_VERIFICATION' },
  { slug: 'approved', labelKey: 'approved', status: 'APPROVED' },
  { slug: 'rejected', labelKey: 'rejected', status: 'REJECTED' },
] as const satisfies readonly TabDefinition[];
