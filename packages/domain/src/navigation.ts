/**
 * Routes, menus and guards of the portal shell (spec 2 "Screens and routes", spec 6 "Roles and
 * permissions"). Paths are written without a leading slash, as the spec lists them.
 */

/** A menu entry (spec 2: "Menu items have id, name, icon, path, level and optional sub-menu"). */
export interface MenuItem {
  id: string;
  /** i18n label key. */
  name: string;
  /** English label as the spec gives it. */
  label: string;
  icon: string;
  path: string;
  level: 1 | 2;
  subMenu?: readonly MenuItem[];
  /** Items pinned to the bottom of the navigation (spec 2: "Bottom: notification, settings"). */
  bottom?: boolean;
}

function leaf(id: string, label: string, path: string, icon: string, level: 1 | 2 = 1): MenuItem {
  return { id, name: `menu.${id}`, label, icon, path, level };
}

function group(id: string, label: string, path: string, icon: string, children: MenuItem[]): MenuItem {
  return { id, name: `menu.${id}`, label, icon, path, level: 1, subMenu: children };
}

const child = (id: string, label: string, path: string): MenuItem => leaf(id, label, path, 'dot', 2);

/** Spec 2 "Merchant menu (path, label)". */
export const MERCHANT_MENU: readonly MenuItem[] = [
  leaf('wallet', 'Wallet', 'merchant/wallet', 'wallet'),
  leaf('beneficiaries', 'Beneficiaries', 'merchant/beneficiaries', 'users'),
  group('transactions', 'Transactions', 'merchant/transactions', 'arrows', [
    child('payments', 'Payments', 'merchant/transactions/payments'),
    child('topUps', 'Top-ups', 'merchant/transactions/top-ups'),
    child('creditRequest', 'Credit Request', 'merchant/transactions/credit-request'),
    child('transfers', 'Transfers', 'merchant/transactions/transfers'),
    child('massPayments', 'Mass Payments', 'merchant/transactions/mass-payments'),
  ]),
  group('rates', 'Rates', 'merchant/rates', 'chart', [
    child('settlementRates', 'Settlement Rates', 'merchant/rates/settlement-rates'),
    child('merchantMarkup', 'Merchant Markup', 'merchant/rates/merchant-markup'),
  ]),
  { ...leaf('notification', 'Notification', 'notification', 'bell'), bottom: true },
  { ...leaf('settings', 'Settings', 'merchant/settings', 'settings'), bottom: true },
];

const SP = 'service-provider';
const TA = `${SP}/transaction-authorization`;
const TX = `${SP}/transactions`;

/** Spec 2 "Service-provider menu". */
export const SERVICE_PROVIDER_MENU: readonly MenuItem[] = [
  group('wallet', 'Wallet', `${SP}/wallet`, 'wallet', [
    child('walletList', 'Wallet List', `${SP}/wallet/wallet-list`),
    child('cashflow', 'Cashflow', `${SP}/wallet/cashflow`),
    child('network', 'Network', `${SP}/wallet/network`),
    child('rules', 'Rules', `${SP}/wallet/rules`),
  ]),
  group('partners', 'Partners', `${SP}/partners`, 'handshake', [
    child('partnerOnboarding', 'Partner Onboarding', `${SP}/partners`),
    child('merchantAuthorization', 'Merchant Authorization', `${SP}/merchants/authorization/list/overview`),
    child('walletApproval', 'Wallet Approval', `${SP}/merchants/wallet-approval/list/overview`),
  ]),
  group('authorizations', 'Authorizations', TA, 'check', [
    child('topUpAuthorization', 'Top-ups', `${TA}/service-provider/top-ups/list/pending`),
    child('creditRequestAuthorization', 'Credit Request', `${TA}/merchant/credit-request/list/pending`),
    child('transferAuthorization', 'Transfers', `${TA}/service-provider/transfers/list/pending`),
    child('authorizationRules', 'Rules', `${TA}/merchant/rules`),
  ]),
  group('rates', 'Rates', `${SP}/rate`, 'chart', [
    child('rateFeeds', 'Rate Feeds', `${SP}/rate/rate-feeds`),
    child('ibr', 'IBR', `${SP}/rate/ibr`),
    child('premiumSettings', 'Premium Settings', `${SP}/rate/premium-settings`),
    child('markup', 'Markup', `${SP}/rate/markup`),
    child('revaluation', 'Revaluation', `${SP}/rate/revaluation`),
  ]),
  group('pricing', 'Pricing', `${SP}/pricing`, 'tag', [
    child('merchantFee', 'Merchant Fee', `${SP}/pricing/merchant-fee`),
    child('correspondentFee', 'Correspondent Fee', `${SP}/pricing/correspondent-fee`),
    child('tax', 'Tax', `${SP}/pricing/tax`),
  ]),
  group('transactions', 'Transactions', TX, 'arrows', [
    child('topUps', 'Top-ups', `${TX}/service-provider/top-ups/list/overview`),
    child('transfers', 'Transfers', `${TX}/deals/list/overview`),
    child('consumerPayments', 'Consumer Payments', `${TX}/payments/list/overview`),
    child('miscellaneousPayments', 'Miscellaneous Payments', `${TX}/miscellaneous-payments/list`),
    child('massPayments', 'Mass Payments', `${TX}/mass-payments/list/overview`),
    child('clearances', 'Clearances', `${TX}/clearances`),
    child('revaluationList', 'Revaluation', `${TX}/revaluation/list`),
  ]),
  leaf('reconcilation', 'Reconcilation', `${SP}/chart/excess-and-exceptions`, 'scale'),
  leaf('reports', 'Reports', `${SP}/reports`, 'file'),
  leaf('dashboard', 'Dashboard', `${SP}/wallet/dashboard`, 'dashboard'),
  leaf('profileManagement', 'Profile Management', `${SP}/profile-management`, 'user'),
  { ...leaf('notification', 'Notification', 'notification', 'bell'), bottom: true },
  { ...leaf('settings', 'Settings', `${SP}/settings`, 'settings'), bottom: true },
];

/** Spec 2: "the mobile drawer's settings item points to service-provider/settings/rates". */
export const SERVICE_PROVIDER_MOBILE_SETTINGS_PATH = `${SP}/settings/rates`;

/**
 * Menu of a role (spec 6: "Menu by role: service provider the large menu, merchant the smaller
 * one, others none").
 *
 * @example menuForRole('ADMIN') // []
 * @internal
 */
export function menuForRole(role: string): readonly MenuItem[] {
  if (role === 'SERVICE_PROVIDER') return SERVICE_PROVIDER_MENU;
  if (role === 'MERCHANT_SERVICE') return MERCHANT_MENU;
  return [];
}

function normalisePath(path: string): string {
  return path.replace(/^\/+|\/+$/g, '').split(/[?#]/)[0] ?? '';
}

function matches(itemPath: string, route: string): boolean {
  const item = normalisePath(itemPath);
  return route === item || route.startsWith(`${item}/`);
}

/**
 * The sub-menu group open by default (spec 2: "a group opens by default when the current route
 * matches one of its children"); null when none does.
 *
 * @example openGroupForRoute(MERCHANT_MENU, '/merchant/rates/merchant-markup') // 'rates'
 * @internal
 */
export function openGroupForRoute(menu: readonly MenuItem[], route: string): string | null {
  const current = normalisePath(route);
  const found = menu.find((item) => item.subMenu?.some((c) => matches(c.path, current)));
  return found?.id ?? null;
}

/**
 * Where a menu group's own path leads when typed or linked: its first entry (a group is a heading, not a
 * screen). Null for any other path, and for a group whose first entry is the group's own path.
 *
 * @example groupLanding(SERVICE_PROVIDER_MENU, '/service-provider/pricing') // '/service-provider/pricing/merchant-fee'
 */
export function groupLanding(menu: readonly MenuItem[], route: string): string | null {
  const current = normalisePath(route);
  const first = menu.find((item) => item.subMenu && normalisePath(item.path) === current)?.subMenu?.[0];
  if (!first || normalisePath(first.path) === current) return null;
  return `/${normalisePath(first.path)}`;
}

/**
 * Opening a group closes the others (spec 2: "Only one group with a sub-menu stays open at a
 * time"); toggling the open group closes it.
 */
export function toggleMenuGroup(open: string | null, clicked: string): string | null {
  return open === clicked ? null : clicked;
}

/** Spec 2: "The collapsed state is remembered and restored when it was true". */
export function navCollapsedFromCookie(value: string | null | undefined): boolean {
  return value === 'true';
}

/** Organisation type of a role (shared JWT claim `orgType`). */
export function orgTypeOfRole(role: string): 'MERCHANT' | 'SERVICE_PROVIDER' | 'INTERNAL' {
  if (role === 'MERCHANT_SERVICE' || role === 'MERCHANT') return 'MERCHANT';
  if (role === 'SERVICE_PROVIDER') return 'SERVICE_PROVIDER';
  return 'INTERNAL';
}

/**
 * Home route of a role (spec 2: "After a successful login the user goes to /merchant or
 * /service-provider according to role"; spec 6: "role lowercased, underscore replaced by a
 * dash"). The merchant role MERCHANT_SERVICE lives in the merchant area, so the rule is applied
 * to the role's organisation type; ADMIN has no area of its own.
 *
 * @example roleHome('SERVICE_PROVIDER') // '/service-provider'
 * @example roleHome('MERCHANT_SERVICE') // '/merchant'
 * @example roleHome('ADMIN') // '/admin'
 */
export function roleHome(role: string): string {
  const org = orgTypeOfRole(role);
  const area = org === 'INTERNAL' ? role : org;
  return `/${area.toLowerCase().replace(/_/g, '-')}`;
}

/**
 * Role guard (spec 6: "compares the user's role to the route's availableFor value; on mismatch
 * redirects to the user's own role home"). `availableFor` is the area's organisation type
 * (spec 2: merchant "available for organisation type MERCHANT"). Null means allowed.
 *
 * @example roleGuardRedirect('MERCHANT_SERVICE', 'SERVICE_PROVIDER') // '/merchant'
 * @example roleGuardRedirect('SERVICE_PROVIDER', 'SERVICE_PROVIDER') // null
 * @internal
 */
export function roleGuardRedirect(role: string, availableFor: string): string | null {
  const allowed = role === availableFor || orgTypeOfRole(role) === availableFor;
  return allowed ? null : roleHome(role);
}

/**
 * Forbidden page trace id (spec 2: "taken from the traceId query parameter, or N/A when absent").
 *
 * @example forbiddenTraceId(undefined) // 'N/A'
 * @internal
 */
export function forbiddenTraceId(traceId: string | null | undefined): string {
  return traceId === null || traceId === undefined || traceId.trim() === '' ? 'N/A' : traceId;
}
