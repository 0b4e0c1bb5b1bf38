import { describe, expect, it } from 'vitest';
import * as c from './constants.ts';

describe('timings — spec 9 "Business constants and limits"', () => {
  it('"Inactivity timeout 3,600,000 ms. ... Auth cookie 30 days; collapsed-navigation cookie 365 days (path /)"', () => {
    expect(c.INACTIVITY_TIMEOUT_MS).toBe(3_600_000);
    expect(c.AUTH_COOKIE_DAYS).toBe(30);
    expect(c.NAV_COOKIE_DAYS).toBe(365);
    expect(c.COOKIE_PATH).toBe('/');
    expect(c.AUTH_COOKIE_NAME).toBe('corridor_auth');
    expect(c.NAV_COLLAPSED_COOKIE_NAME).toBe('corridor_nav_collapsed');
  });
  it('"Notification 7000 ms. Logout delay 2000 ms; after password change 500 ms. Loader hide delay 500 ms. Copy confirmation 5 s."', () => {
    expect(c.NOTIFICATION_MS).toBe(7000);
    expect(c.LOGOUT_DELAY_MS).toBe(2000);
    expect(c.PASSWORD_CHANGE_LOGOUT_MS).toBe(500);
    expect(c.LOADER_HIDE_DELAY_MS).toBe(500);
    expect(c.COPY_CONFIRM_MS).toBe(5000);
    expect(c.FORGOT_PASSWORD_DELAY_MS).toBe(2000);
  });
  it('"Amount debounce 1000 ms; country/currency request debounce 300 ms; list page size 10000. Document image types png, gif, jpeg, jpg with a 3 s load timer."', () => {
    expect(c.AMOUNT_DEBOUNCE_MS).toBe(1000);
    expect(c.LOOKUP_DEBOUNCE_MS).toBe(300);
    expect(c.LIST_PAGE_SIZE).toBe(10000);
    expect(c.DOCUMENT_IMAGE_TYPES).toEqual(['png', 'gif', 'jpeg', 'jpg']);
    expect(c.DOCUMENT_IMAGE_TIMEOUT_MS).toBe(3000);
  });
  it('"guard debounce 100 ms"; "App version 0.0.398. Tracing sample rate 50%."; "default language is en"', () => {
    expect(c.GUARD_DEBOUNCE_MS).toBe(100);
    expect(c.APP_VERSION).toBe('0.0.398');
    expect(c.TRACING_SAMPLE_RATE).toBe(0.5);
    expect(c.DEFAULT_LANGUAGE).toBe('en');
    expect(c.INACTIVITY_RESET_EVENTS).toHaveLength(4);
  });
});

describe('layout — spec 9 "Navigation widths 18rem/5rem; modal 75%; ... Breakpoints: medium 600, large 960, XL 1200"', () => {
  it('has the sizes', () => {
    expect(c.NAV_WIDTH_EXPANDED).toBe('18rem');
    expect(c.NAV_WIDTH_COLLAPSED).toBe('5rem');
    expect(c.MODAL_WIDTH).toBe('75%');
    expect(c.DOCUMENT_MODAL_WIDTH).toBe('90%');
    expect(c.VOUCHER_MODAL_WIDTH).toBe('75%');
    expect(c.BREAKPOINTS).toEqual({ medium: 600, large: 960, xl: 1200 });
    expect([c.SEARCH_BOX_WIDTH, c.FILTER_BOX_WIDTH, c.FILTER_LIST_MAX_HEIGHT, c.CELL_TRUNCATION_WIDTH]).toEqual([
      '12.5rem', '11.25rem', '20vh', '12.5rem',
    ]);
    expect(c.SELECT_OPTION_HEIGHT_PX).toBe(40);
    expect([c.COMMENT_TEXTAREA_MIN_ROWS, c.REASON_TEXTAREA_MIN_ROWS]).toEqual([2, 4]);
  });
  it('"Sizes: small 100, default 200, large 500; constants 500 and 1000 exist; a constant of 0 exists"', () => {
    expect(c.TABLE_SIZES).toEqual({ small: 100, default: 200, large: 500 });
    expect([c.SIZE_500, c.SIZE_1000, c.SIZE_0]).toEqual([500, 1000, 0]);
    expect(c.SERVER_SIDE_PAGINATION).toBe(true);
  });
});

describe('options — spec 3 and 9', () => {
  it('"Account categories: 100 correspondent settlement, 200 funding, 300 liquidity, 400 nostro, 500 pool, 600 vostro, 700 pool, 999 others"', () => {
    expect(c.ACCOUNT_CATEGORIES.map((a) => [a.value, a.label])).toEqual([
      [100, 'correspondent settlement'], [200, 'funding'], [300, 'liquidity'], [400, 'nostro'],
      [500, 'pool'], [600, 'vostro'], [700, 'pool'], [999, 'others'],
    ]);
    expect(c.accountCategoryLabel(400)).toBe('nostro');
    expect(c.accountCategoryLabel(123)).toBeUndefined();
  });
  it('"Wallet type: SETTLEMENT or PAYMENT"; "Deal types: CASH, TOM, SPOT, FWD"; "Deal tenors offered: CASH, TOM, SPOT"', () => {
    expect(c.WALLET_TYPES.map((w) => w.value)).toEqual(['SETTLEMENT', 'PAYMENT']);
    expect(c.DEAL_TYPES.map((d) => d.value)).toEqual(['CASH', 'TOM', 'SPOT', 'FWD']);
    expect(c.DEAL_TENORS_OFFERED).toEqual(['CASH', 'TOM', 'SPOT']);
    expect(c.DEAL_CATEGORIES).toEqual(['TRANSFER', 'TOPUP']);
    expect(c.WALLET_SUMMARY_FIELDS).toEqual(['costRate', 'merchantReserve', 'openPosition', 'pendingAuthorization', 'balance']);
  });
  it('"Transaction types: TOPUP, TRANSFER, PAYOUT, CONSUMER_PAYOUT, their _CANCEL forms, ..." and "The transaction filter offers Topup, Topup Credit, Transfer, Consumer Payout"', () => {
    const values = c.TRANSACTION_TYPES.map((t) => t.value);
    for (const v of ['TOPUP', 'TRANSFER', 'PAYOUT', 'CONSUMER_PAYOUT', 'TOPUP_CANCEL', 'TRANSFER_CANCEL', 'PAYOUT_CANCEL', 'CONSUMER_PAYOUT_CANCEL', 'TOPUP_CREDIT', 'TOPUP_SETTLEMENT', 'REVALUATION', 'TRANSACTION', 'CREDIT_SETTLEMENT']) {
      expect(values).toContain(v);
    }
    expect(c.TRANSACTION_TYPE_FILTER.map((t) => t.label)).toEqual(['Topup', 'Topup Credit', 'Transfer', 'Consumer Payout']);
    expect(c.REPORT_KINDS).toHaveLength(2);
  });
  it('"Settlement cycles: INSTANT (just in time), DAILY, EVERY, WEEKLY, FORTNIGHTLY, MONTHLY, QUARTERLY"', () => {
    expect(c.SETTLEMENT_CYCLES.map((s) => s.value)).toEqual(['INSTANT', 'DAILY', 'EVERY', 'WEEKLY', 'FORTNIGHTLY', 'MONTHLY', 'QUARTERLY']);
    expect(c.SETTLEMENT_CYCLES[0].label).toBe('just in time');
  });
  it('"Schedule frequencies: EVERY, WEEKLY, MONTHLY, FORTNIGHTLY, ONCE. Settlement cycle modes: WEEKLY, ONCE, FORTNIGHTLY, MONTHLY, EVERY. Weekdays 1 (Monday) to 7 (Sunday)."', () => {
    expect(c.SCHEDULE_FREQUENCIES.map((s) => s.value)).toEqual(['EVERY', 'WEEKLY', 'MONTHLY', 'FORTNIGHTLY', 'ONCE']);
    expect(c.SETTLEMENT_CYCLE_MODES.map((s) => s.value)).toEqual(['WEEKLY', 'ONCE', 'FORTNIGHTLY', 'MONTHLY', 'EVERY']);
    expect(c.WEEKDAYS[0]).toMatchObject({ value: 1, label: 'Monday' });
    expect(c.WEEKDAYS[6]).toMatchObject({ value: 7, label: 'Sunday' });
  });
  it('"Priority options: Highest 100, High 75, Normal 50 (default), Low 25, Lowest 1"', () => {
    expect(c.PRIORITIES.map((p) => [p.label, p.value])).toEqual([
      ['Highest', 100], ['High', 75], ['Normal', 50], ['Low', 25], ['Lowest', 1],
    ]);
    expect(c.DEFAULT_PRIORITY).toBe(50);
    expect(c.NOTIFICATION_TYPES).toEqual(['success', 'warning', 'error', 'info']);
  });
  it('spec 6: "Roles: ADMIN, MERCHANT_SERVICE (merchant), SERVICE_PROVIDER. Organisation types MERCHANT and SERVICE_PROVIDER"', () => {
    expect(c.ROLES.map((r) => r.value)).toEqual(['ADMIN', 'MERCHANT_SERVICE', 'SERVICE_PROVIDER']);
    expect(c.ORGANISATION_TYPES.map((o) => o.value)).toEqual(['MERCHANT', 'SERVICE_PROVIDER']);
  });
});

describe('tab sets — spec 2 "Tab sets (label, status value)"', () => {
  const statuses = (tabs: readonly c.TabDefinition[]) => tabs.map((t) => t.status);
  it('"Merchant authorization statuses: overview, pending approval, active, blocked, expired, paused"', () => {
    expect(statuses(c.MERCHANT_AUTHORIZATION_TABS)).toEqual(['OVERVIEW', 'PENDING_APPROVAL', 'ACTIVE', 'BLOCKED', 'EXPIRED', 'PAUSED']);
  });
  it('"Request statuses: overview, requested, pending, in verification, approved, rejected, cancelled"', () => {
    expect(statuses(c.REQUEST_TABS)).toEqual(['OVERVIEW', 'REQUESTED', 'PENDING', 'IN_VERIFICATION', 'APPROVED', 'REJECTED', 'CANCELLED']);
  });
  it('"Transaction statuses: overview, pending, processing, completed, rejected, cancelled"', () => {
    expect(statuses(c.TRANSACTION_TABS)).toEqual(['OVERVIEW', 'PENDING', 'PROCESSING', 'COMPLETED', 'REJECTED', 'CANCELLED']);
  });
  it('"Partner statuses: overview, new, in authorization, authorized, rejected"', () => {
    expect(statuses(c.PARTNER_TABS)).toEqual(['OVERVIEW', 'NEW', 'IN_AUTHORIZATION', 'AUTHORIZED', 'REJECTED']);
  });
  it('"Partner detail tabs: company profile, authorization details; documents, wallets and transactions are disabled"', () => {
    expect(c.PARTNER_DETAIL_TABS.filter((t) => 'disabled' in t && t.disabled).map((t) => t.slug)).toEqual(['documents', 'wallets', 'transactions']);
  });
  it('"Verification statuses: overview, in verification, approved, rejected"', () => {
    expect(statuses(c.VERIFICATION_TABS)).toEqual(['OVERVIEW', 'IN_VERIFICATION', 'APPROVED', 'REJECTED']);
  });
  it('"Wallet detail tabs: details, deal position (disabled), activity statements, credit, accounting code, merchant reserve, payables, receivables"', () => {
    expect(c.WALLET_DETAIL_TABS.map((t) => t.slug)).toEqual([
      'details', 'deal-position', 'activity-statements', 'credit', 'accounting-code', 'merchant-reserve', 'payables', 'receivables',
    ]);
    expect(c.WALLET_DETAIL_TABS.filter((t) => 'disabled' in t && t.disabled).map((t) => t.slug)).toEqual(['deal-position']);
  });
  it('"Payment list tabs: overview, drafted, initiated, processing, completed, cancelled, rejected"', () => {
    expect(statuses(c.PAYMENT_TABS)).toEqual(['OVERVIEW', 'DRAFTED', 'INITIATED', 'PROCESSING', 'COMPLETED', 'CANCELLED', 'REJECTED']);
  });
  it('"Merchant settings: accounting codes setup. Markup tabs: charges and incentives. Another tab pair: payments (LR) and cards (TC)."', () => {
    expect(c.MERCHANT_SETTINGS_TABS.map((t) => t.slug)).toEqual(['accounting-codes-setup']);
    expect(statuses(c.MARKUP_TABS)).toEqual(['CHARGES', 'INCENTIVES']);
    expect(statuses(c.PAYMENT_CHANNEL_TABS)).toEqual(['LR', 'TC']);
  });
  it('finds a tab by slug, never a disabled one', () => {
    expect(c.tabForSlug(c.PAYMENT_TABS, 'drafted').status).toBe('DRAFTED');
    expect(c.tabForSlug(c.PAYMENT_TABS, 'nope').status).toBe('OVERVIEW');
    expect(c.tabForSlug(c.WALLET_DETAIL_TABS, 'deal-position').slug).toBe('details');
    expect(() => c.tabForSlug([], 'x')).toThrow();
  });
});

describe('storage keys and texts — spec 2 and 3', () => {
  it('"Kept in session storage under a currencies key; countries under a separate key"; "voucherEntry.emptyTable.title and voucherEntry.emptyTable.description"', () => {
    expect(c.CURRENCIES_STORAGE_KEY).not.toBe(c.COUNTRIES_STORAGE_KEY);
    expect(c.VOUCHER_ENTRY_EMPTY_TITLE_KEY).toBe('voucherEntry.emptyTable.title');
    expect(c.VOUCHER_ENTRY_EMPTY_DESCRIPTION_KEY).toBe('voucherEntry.emptyTable.description');
    expect(c.VOUCHER_PRINT_TEXT).toBe('voucher print');
    expect(c.WALLET_FILTER_KEYS).toContain('accountCategoryIds');
    expect(c.OTHER_FILTER_KEYS).toContain('misc-txn-funding-party');
  });
});
