import { describe, expect, it, vi } from 'vitest';
import { MERCHANT_MENU as MERCHANT_MENU_SPEC, SERVICE_PROVIDER_MENU as SERVICE_PROVIDER_MENU_SPEC } from '@corridor/domain';
import en from '../../../public/assets/i18n/en.json';
import { MERCHANT_MENU, SERVICE_PROVIDER_MENU, groupForPath, matchesPath, menuFor, menuTestId, mobileMenuFor, type AreaMenu, type MenuItem } from './menus.ts';

function flatten(menu: AreaMenu): MenuItem[] {
  return [...menu.main, ...menu.bottom].flatMap((item) => [item, ...(item.children ?? [])]);
}

const paths = (menu: AreaMenu) => flatten(menu).flatMap((i) => (i.path ? [i.path] : []));

function labelOf(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
}

describe('menus (spec 1, section 2)', () => {
  it('merchant menu: wallet, beneficiaries, Transactions and Rates groups, bottom notification and settings', () => {
    expect(paths(MERCHANT_MENU)).toEqual([
      '/merchant/wallet',
      '/merchant/beneficiaries',
      '/merchant/transactions/payments',
      '/merchant/transactions/top-ups',
      '/merchant/transactions/credit-request',
      '/merchant/transactions/transfers',
      '/merchant/transactions/mass-payments',
      '/merchant/rates/settlement-rates',
      '/merchant/rates/merchant-markup',
      '/merchant/notification',
      '/merchant/settings',
    ]);
    expect(MERCHANT_MENU.main.map((i) => i.id)).toEqual(['wallet', 'beneficiaries', 'transactions', 'rates']);
    expect(MERCHANT_MENU.bottom.map((i) => i.id)).toEqual(['notification', 'settings']);
  });

  it('service-provider menu carries every path the spec lists', () => {
    const sp = paths(SERVICE_PROVIDER_MENU);
    for (const path of [
      '/service-provider/wallet/wallet-list',
      '/service-provider/wallet/cashflow',
      '/service-provider/wallet/network',
      '/service-provider/wallet/rules',
      '/service-provider/partners',
      '/service-provider/merchants/authorization/list/overview',
      '/service-provider/merchants/wallet-approval/list/overview',
      '/service-provider/transaction-authorization/service-provider/top-ups/list/pending',
      '/service-provider/transaction-authorization/merchant/credit-request/list/pending',
      '/service-provider/transaction-authorization/service-provider/transfers/list/pending',
      '/service-provider/transaction-authorization/merchant/rules',
      '/service-provider/rate/rate-feeds',
      '/service-provider/rate/ibr',
      '/service-provider/rate/premium-settings',
      '/service-provider/rate/markup',
      '/service-provider/rate/revaluation',
      '/service-provider/pricing/merchant-fee',
      '/service-provider/pricing/correspondent-fee',
      '/service-provider/pricing/tax',
      '/service-provider/transactions/service-provider/top-ups/list/overview',
      '/service-provider/transactions/deals/list/overview',
      '/service-provider/transactions/payments/list/overview',
      '/service-provider/transactions/miscellaneous-payments/list',
      '/service-provider/transactions/mass-payments/list/overview',
      '/service-provider/transactions/clearances',
      '/service-provider/transactions/revaluation/list',
      '/service-provider/chart/excess-and-exceptions',
      '/service-provider/reports',
      '/service-provider/wallet/dashboard',
      '/service-provider/profile-management',
      '/service-provider/notification',
      '/service-provider/settings',
    ]) {
      expect(sp, path).toContain(path);
    }
    expect(sp).toHaveLength(32);
  });

  it('every label key reads, in English, as the spec labels the entry', () => {
    const specItems = [...MERCHANT_MENU_SPEC, ...SERVICE_PROVIDER_MENU_SPEC].flatMap((i) => [i, ...(i.subMenu ?? [])]);
    for (const item of specItems) expect(labelOf(item.name), item.id).toBe(item.label);
  });

  it('every first-level entry has an icon; an unknown icon name would log a console error', () => {
    const spy = vi.spyOn(console, 'error');
    for (const menu of [MERCHANT_MENU, SERVICE_PROVIDER_MENU]) {
      for (const item of [...menu.main, ...menu.bottom]) expect(item.icon, item.id).toBeDefined();
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it("the SP drawer's settings item points to service-provider/settings/rates", () => {
    const mobile = mobileMenuFor('SERVICE_PROVIDER');
    expect(mobile?.bottom.map((i) => i.path)).toEqual(['/service-provider/notification', '/service-provider/settings/rates']);
    expect(mobileMenuFor('MERCHANT')).toBe(MERCHANT_MENU);
  });

  it('users of other roles get no menu', () => {
    expect(menuFor(null)).toBeNull();
    expect(mobileMenuFor(null)).toBeNull();
  });

  it('test ids are the path with / replaced by -; groups are named by id', () => {
    expect(menuTestId({ id: 'wallet', path: '/merchant/wallet' })).toBe('menu-item-merchant-wallet');
    expect(menuTestId({ id: 'transactions' })).toBe('menu-group-transactions');
  });

  it('a group opens by default when the current route matches one of its children', () => {
    expect(groupForPath(MERCHANT_MENU, '/merchant/transactions/top-ups')).toBe('transactions');
    expect(groupForPath(MERCHANT_MENU, '/merchant/transactions/top-ups/42')).toBe('transactions');
    expect(groupForPath(MERCHANT_MENU, '/merchant/wallet')).toBeNull();
    expect(groupForPath(SERVICE_PROVIDER_MENU, '/service-provider/wallet/cashflow')).toBe('wallet');
  });

  it('an entry opening a status list stays current on every tab of that list', () => {
    const approval = '/service-provider/merchants/wallet-approval/list/overview';
    expect(matchesPath('/service-provider/merchants/wallet-approval/list/active', approval)).toBe(true);
    expect(matchesPath('/service-provider/merchants/wallet-approval/list', approval)).toBe(true);
    expect(matchesPath('/service-provider/merchants/authorization/list/active', approval)).toBe(false);
    expect(groupForPath(SERVICE_PROVIDER_MENU, '/service-provider/transaction-authorization/merchant/credit-request/list/approved')).toBe('authorizations');
    expect(matchesPath('/merchant/wallet-extra', '/merchant/wallet')).toBe(false);
  });
});
