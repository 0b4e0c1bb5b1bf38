import { describe, expect, it } from 'vitest';
import {
  groupLanding,
  MERCHANT_MENU,
  SERVICE_PROVIDER_MENU,
  SERVICE_PROVIDER_MOBILE_SETTINGS_PATH,
  forbiddenTraceId,
  menuForRole,
  navCollapsedFromCookie,
  openGroupForRoute,
  orgTypeOfRole,
  roleGuardRedirect,
  roleHome,
  toggleMenuGroup,
} from './navigation.ts';
import type { MenuItem } from './navigation.ts';

const paths = (menu: readonly MenuItem[]): string[] => menu.flatMap((item) => (item.subMenu ? item.subMenu.map((c) => c.path) : [item.path]));

describe('menus — spec 2 "Merchant menu (path, label)" and "Service-provider menu"', () => {
  it('merchant: "merchant/wallet: Wallet; merchant/beneficiaries: Beneficiaries; Transactions: merchant/transactions/payments, /top-ups, /credit-request, /transfers, /mass-payments; Rates: ...; Bottom: notification, merchant/settings"', () => {
    expect(paths(MERCHANT_MENU)).toEqual([
      'merchant/wallet',
      'merchant/beneficiaries',
      'merchant/transactions/payments',
      'merchant/transactions/top-ups',
      'merchant/transactions/credit-request',
      'merchant/transactions/transfers',
      'merchant/transactions/mass-payments',
      'merchant/rates/settlement-rates',
      'merchant/rates/merchant-markup',
      'notification',
      'merchant/settings',
    ]);
    expect(MERCHANT_MENU.filter((m) => m.bottom).map((m) => m.id)).toEqual(['notification', 'settings']);
  });
  it('service provider: authorizations, rates, pricing, transactions and the single pages', () => {
    const all = paths(SERVICE_PROVIDER_MENU);
    for (const p of [
      'service-provider/wallet/wallet-list',
      'service-provider/partners',
      'service-provider/merchants/authorization/list/overview',
      'service-provider/merchants/wallet-approval/list/overview',
      'service-provider/transaction-authorization/service-provider/top-ups/list/pending',
      'service-provider/transaction-authorization/merchant/credit-request/list/pending',
      'service-provider/transaction-authorization/service-provider/transfers/list/pending',
      'service-provider/transaction-authorization/merchant/rules',
      'service-provider/rate/ibr',
      'service-provider/pricing/correspondent-fee',
      'service-provider/transactions/deals/list/overview',
      'service-provider/transactions/revaluation/list',
      'service-provider/chart/excess-and-exceptions',
      'service-provider/reports',
      'service-provider/wallet/dashboard',
      'service-provider/profile-management',
      'service-provider/settings',
    ]) {
      expect(all).toContain(p);
    }
    const tx = SERVICE_PROVIDER_MENU.find((m) => m.id === 'transactions');
    expect(tx?.subMenu?.find((c) => c.path.endsWith('deals/list/overview'))?.label).toBe('Transfers');
    expect(tx?.subMenu?.find((c) => c.path.endsWith('payments/list/overview') && !c.path.includes('mass'))?.label).toBe('Consumer Payments');
    expect(SERVICE_PROVIDER_MOBILE_SETTINGS_PATH).toBe('service-provider/settings/rates');
  });
  it('spec 6: "Menu by role: service provider the large menu, merchant the smaller one, others none"', () => {
    expect(menuForRole('SERVICE_PROVIDER')).toBe(SERVICE_PROVIDER_MENU);
    expect(menuForRole('MERCHANT_SERVICE')).toBe(MERCHANT_MENU);
    expect(menuForRole('ADMIN')).toEqual([]);
  });
  it('spec 2: "a group opens by default when the current route matches one of its children"; "Only one group with a sub-menu stays open at a time"', () => {
    expect(openGroupForRoute(MERCHANT_MENU, '/merchant/rates/merchant-markup')).toBe('rates');
    expect(openGroupForRoute(MERCHANT_MENU, 'merchant/transactions/payments/123?tab=x')).toBe('transactions');
    expect(openGroupForRoute(MERCHANT_MENU, '/merchant/wallet')).toBeNull();
    expect(toggleMenuGroup('rates', 'transactions')).toBe('transactions');
    expect(toggleMenuGroup('rates', 'rates')).toBeNull();
  });
  it('spec 2: "The collapsed state is remembered and restored when it was true"', () => {
    expect(navCollapsedFromCookie('true')).toBe(true);
    expect(navCollapsedFromCookie('false')).toBe(false);
    expect(navCollapsedFromCookie(undefined)).toBe(false);
  });
});

describe('guards — spec 6', () => {
  it('"After a successful login the user goes to /merchant or /service-provider according to role"', () => {
    expect(roleHome('SERVICE_PROVIDER')).toBe('/service-provider');
    expect(roleHome('MERCHANT_SERVICE')).toBe('/merchant');
    expect(roleHome('ADMIN')).toBe('/admin');
    expect(orgTypeOfRole('MERCHANT')).toBe('MERCHANT');
    expect(orgTypeOfRole('ADMIN')).toBe('INTERNAL');
  });
  it("\"Role guard: compares the user's role to the route's availableFor value; on mismatch redirects to the user's own role home\"", () => {
    expect(roleGuardRedirect('MERCHANT_SERVICE', 'SERVICE_PROVIDER')).toBe('/merchant');
    expect(roleGuardRedirect('SERVICE_PROVIDER', 'MERCHANT')).toBe('/service-provider');
    expect(roleGuardRedirect('SERVICE_PROVIDER', 'SERVICE_PROVIDER')).toBeNull();
    expect(roleGuardRedirect('MERCHANT_SERVICE', 'MERCHANT')).toBeNull();
  });
  it('spec 2: "an \'Error Trace ID\' taken from the traceId query parameter, or N/A when absent"', () => {
    expect(forbiddenTraceId('abc-123')).toBe('abc-123');
    expect(forbiddenTraceId('')).toBe('N/A');
    expect(forbiddenTraceId(null)).toBe('N/A');
  });
});

describe('a menu group typed as a path', () => {
  it("opens the group's first entry", () => {
    expect(groupLanding(SERVICE_PROVIDER_MENU, '/service-provider/pricing')).toBe('/service-provider/pricing/merchant-fee');
    expect(groupLanding(SERVICE_PROVIDER_MENU, '/service-provider/pricing/')).toBe('/service-provider/pricing/merchant-fee');
    for (const menu of [MERCHANT_MENU, SERVICE_PROVIDER_MENU]) {
      for (const item of menu.filter((i) => i.subMenu)) {
        const first = item.subMenu?.[0]?.path;
        // A group whose first entry is its own path (Partners) has nowhere else to go.
        expect(groupLanding(menu, `/${item.path}`), item.path).toBe(first === item.path ? null : `/${first}`);
      }
    }
  });
  it('leaves entries and other paths alone', () => {
    expect(groupLanding(SERVICE_PROVIDER_MENU, '/service-provider/pricing/tax')).toBeNull();
    expect(groupLanding(SERVICE_PROVIDER_MENU, '/service-provider/partners')).toBeNull();
    expect(groupLanding(SERVICE_PROVIDER_MENU, '/service-provider/nowhere')).toBeNull();
    expect(groupLanding(MERCHANT_MENU, '/service-provider/pricing')).toBeNull();
  });
});
