import { describe, expect, it } from 'vitest';
import * as c from './constants.ts';

describe('layout — spec 9 "Navigation widths 18rem/5rem; modal 75%; ... Breakpoints: medium 600, large 960, XL 1200"', () => {
  it('has the sizes', () => {
    expect(c.NAV_WIDTH_EXPANDED).toBe('18rem');
    expect(c.NAV_WIDTH_COLLAPSED).toBe('5rem');
    expect(c.VOUCHER_MODAL_WIDTH).toBe('75%');
    expect(c.BREAKPOINTS).toEqual({ medium: 600, large: 960, xl: 1200 });
    expect([c.SEARCH_BOX_WIDTH, c.FILTER_BOX_WIDTH, c.FILTER_LIST_MAX_HEIGHT, c.CELL_TRUNCATION_WIDTH]).toEqual(['12.5rem', '11.25rem', '20vh', '12.5rem']);
    expect(c.REASON_TEXTAREA_MIN_ROWS).toBe(4);
  });
  it('"constants 500 and 1000 exist"; server-side pagination', () => {
    expect(c.SIZE_500).toBe(500);
    expect(c.SERVER_SIDE_PAGINATION).toBe(true);
  });
});

describe('options — spec 3 and 9', () => {
  it('"Account categories: 100 correspondent settlement, 200 funding, 300 liquidity, 400 nostro, 500 pool, 600 vostro, 700 pool, 999 others"', () => {
    expect(c.ACCOUNT_CATEGORIES.map((a) => [a.value, a.label])).toEqual([
      [100, 'correspondent settlement'],
      [200, 'funding'],
      [300, 'liquidity'],
      [400, 'nostro'],
      [500, 'pool'],
      [600, 'vostro'],
      [700, 'pool'],
      [999, 'others'],
    ]);
    expect(c.accountCategoryLabel(400)).toBe('nostro');
    expect(c.accountCategoryLabel(123)).toBeUndefined();
  });
  it('"Wallet type: SETTLEMENT or PAYMENT"; "Deal types: CASH, TOM, SPOT, FWD"', () => {
    expect(c.WALLET_TYPES.map((w) => w.value)).toEqual(['SETTLEMENT', 'PAYMENT']);
    expect(c.DEAL_TYPES.map((d) => d.value)).toEqual(['CASH', 'TOM', 'SPOT', 'FWD']);
    expect(c.WALLET_SUMMARY_FIELDS).toEqual(['costRate', 'merchantReserve', 'openPosition', 'pendingAuthorization', 'balance']);
  });
  it('"Transaction types: TOPUP, TRANSFER, PAYOUT, CONSUMER_PAYOUT, their _CANCEL forms, ..." and "The transaction filter offers Topup, Topup Credit, Transfer, Consumer Payout"', () => {
    const values = c.TRANSACTION_TYPES.map((t) => t.value);
    for (const v of [
      'TOPUP',
      'TRANSFER',
      'PAYOUT',
      'CONSUMER_PAYOUT',
      'TOPUP_CANCEL',
      'TRANSFER_CANCEL',
      'PAYOUT_CANCEL',
      'CONSUMER_PAYOUT_CANCEL',
      'TOPUP_CREDIT',
      'TOPUP_SETTLEMENT',
      'REVALUATION',
      'TRANSACTION',
      'CREDIT_SETTLEMENT',
    ]) {
      expect(values).toContain(v);
    }
  });
});

describe('tab sets — spec 2 "Tab sets (label, status value)"', () => {
  const statuses = (tabs: readonly c.TabDefinition[]) => tabs.map((t) => t.status);
  it('"Request statuses: overview, requested, pending, in verification, approved, rejected, cancelled"', () => {
    expect(statuses(c.REQUEST_TABS)).toEqual(['OVERVIEW', 'REQUESTED', 'PENDING', 'IN_VERIFICATION', 'APPROVED', 'REJECTED', 'CANCELLED']);
  });
  it('"Wallet detail tabs: details, deal position (disabled), activity statements, credit, accounting code, merchant reserve, payables, receivables"', () => {
    expect(c.WALLET_DETAIL_TABS.map((t) => t.slug)).toEqual([
      'details',
      'deal-position',
      'activity-statements',
      'credit',
      'accounting-code',
      'merchant-reserve',
      'payables',
      'receivables',
    ]);
    expect(c.WALLET_DETAIL_TABS.filter((t) => 'disabled' in t && t.disabled).map((t) => t.slug)).toEqual(['deal-position']);
  });
  it('"Merchant settings: accounting codes setup"', () => {
    expect(c.MERCHANT_SETTINGS_TABS.map((t) => t.slug)).toEqual(['accounting-codes-setup']);
  });
  it('the lists\' status tab sets (spec 1 "Tab sets", "Payment list tabs", "Transaction statuses", spec 4 authorization slugs)', () => {
    expect(statuses(c.PAYMENT_TABS)).toEqual(['OVERVIEW', 'DRAFTED', 'INITIATED', 'PROCESSING', 'COMPLETED', 'CANCELLED', 'REJECTED']);
    expect(statuses(c.TRANSACTION_TABS)).toEqual(['OVERVIEW', 'PENDING', 'PROCESSING', 'COMPLETED', 'REJECTED', 'CANCELLED']);
    expect(c.AUTH_TABS.map((t) => t.slug)).toEqual(['overview', 'pending', 'in-verification', 'approved', 'rejected']);
    expect(statuses(c.MERCHANT_AUTH_TABS)).toEqual(['OVERVIEW', 'PENDING_APPROVAL', 'ACTIVE', 'BLOCKED', 'EXPIRED', 'PAUSED']);
    expect(statuses(c.PARTNER_TABS)).toEqual(['OVERVIEW', 'NEW', 'IN_AUTHORIZATION', 'AUTHORIZED', 'REJECTED']);
    expect(c.PARTNER_DETAIL_TABS.filter((t) => 'disabled' in t && t.disabled).map((t) => t.slug)).toEqual(['documents', 'wallets', 'transactions']);
    expect(statuses(c.WALLET_APPROVAL_TABS)).toEqual(['OVERVIEW', 'INACTIVE', 'ACTIVE']);
    // A status tab's slug is its status in kebab case, and its label a key of the list's own texts.
    for (const set of [c.PAYMENT_TABS, c.TRANSACTION_TABS, c.AUTH_TABS, c.MERCHANT_AUTH_TABS, c.PARTNER_TABS, c.WALLET_APPROVAL_TABS]) {
      for (const tab of set) {
        expect(tab.slug).toBe(tab.status.toLowerCase().replace(/_/g, '-'));
        expect(tab.labelKey).toMatch(/^[a-zA-Z]+(\.[a-zA-Z]+)*\.tabs\.[a-zA-Z]+$/);
      }
    }
  });
  it('finds a tab by slug, never a disabled one', () => {
    expect(c.tabForSlug(c.REQUEST_TABS, 'pending').status).toBe('PENDING');
    expect(c.tabForSlug(c.REQUEST_TABS, 'nope').status).toBe('OVERVIEW');
    expect(c.tabForSlug(c.WALLET_DETAIL_TABS, 'deal-position').slug).toBe('details');
    expect(() => c.tabForSlug([], 'x')).toThrow();
  });
});

describe('storage keys and texts — spec 2 and 3', () => {
  it('"voucherEntry.emptyTable.title and voucherEntry.emptyTable.description"', () => {
    expect(c.VOUCHER_ENTRY_EMPTY_TITLE_KEY).toBe('voucherEntry.emptyTable.title');
    expect(c.VOUCHER_ENTRY_EMPTY_DESCRIPTION_KEY).toBe('voucherEntry.emptyTable.description');
  });
});
