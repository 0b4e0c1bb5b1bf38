/**
 * Business constants and option sets of the spec (sections 2, 3, 6 and 9). Labels are i18n keys;
 * screens translate them. Timing constants are named after what they time.
 */

// ---------------------------------------------------------------- timings (spec 9, 4, 2)

/** Spec 9: "Inactivity timeout 3,600,000 ms". */
export const INACTIVITY_TIMEOUT_MS = 3_600_000;
/** Spec 4: "the timer resets on mouse move, key press, touch and scroll". */
export const INACTIVITY_RESET_EVENTS = ['mousemove', 'keydown', 'touchstart', 'scroll'] as const;
/** Spec 9: "Auth cookie 30 days". */
export const AUTH_COOKIE_DAYS = 30;
/** Spec 9: "collapsed-navigation cookie 365 days (path /)". */
export const NAV_COOKIE_DAYS = 365;
/** Cookie path of both cookies. */
export const COOKIE_PATH = '/';
/** Cookie names (shared constants of the workspace). */
export const AUTH_COOKIE_NAME = 'corridor_auth';
export const NAV_COLLAPSED_COOKIE_NAME = 'corridor_nav_collapsed';
/** Spec 9: "Notification 7000 ms". */
export const NOTIFICATION_MS = 7000;
/** Spec 9: "Logout delay 2000 ms". */
export const LOGOUT_DELAY_MS = 2000;
/** Spec 9: "after password change 500 ms". */
export const PASSWORD_CHANGE_LOGOUT_MS = 500;
/** Spec 4: "Forgot password: request, simulated 2 s delay". */
export const FORGOT_PASSWORD_DELAY_MS = 2000;
/** Spec 9: "Loader hide delay 500 ms". */
export const LOADER_HIDE_DELAY_MS = 500;
/** Spec 9: "Copy confirmation 5 s". */
export const COPY_CONFIRM_MS = 5000;
/** Spec 9: "Amount debounce 1000 ms". */
export const AMOUNT_DEBOUNCE_MS = 1000;
/** Spec 9: "country/currency request debounce 300 ms". */
export const LOOKUP_DEBOUNCE_MS = 300;
/** Spec 9: "list page size 10000" (currencies and countries are fetched in one page). */
export const LIST_PAGE_SIZE = 10000;
/** Spec 6: "guard debounce 100 ms". */
export const GUARD_DEBOUNCE_MS = 100;
/** Spec 9: "Document image types png, gif, jpeg, jpg with a 3 s load timer". */
export const DOCUMENT_IMAGE_TIMEOUT_MS = 3000;
export const DOCUMENT_IMAGE_TYPES = ['png', 'gif', 'jpeg', 'jpg'] as const;
/** Spec 9: "Tracing sample rate 50%". */
export const TRACING_SAMPLE_RATE = 0.5;
/** Spec 9: "App version 0.0.398". */
export const APP_VERSION = '0.0.398';
/** Spec 1: "the default language is en". */
export const DEFAULT_LANGUAGE = 'en';

// ---------------------------------------------------------------- layout (spec 2, 9)

/** Spec 9: "Breakpoints: medium 600, large 960, XL 1200". */
export const BREAKPOINTS = { medium: 600, large: 960, xl: 1200 } as const;
/** Spec 2: "Left navigation, collapsible (expanded 18rem, collapsed 5rem)". */
export const NAV_WIDTH_EXPANDED = '18rem';
export const NAV_WIDTH_COLLAPSED = '5rem';
/** Spec 2: "A document viewer modal (90% of window width) and a voucher view modal (75% width)". */
export const DOCUMENT_MODAL_WIDTH = '90%';
export const VOUCHER_MODAL_WIDTH = '75%';
/** Spec 9: "modal 75%". */
export const MODAL_WIDTH = '75%';
/** Spec 9: "search box 12.5rem; filter box 11.25rem; filter list max 20vh; cell truncation 12.5rem". */
export const SEARCH_BOX_WIDTH = '12.5rem';
export const FILTER_BOX_WIDTH = '11.25rem';
export const FILTER_LIST_MAX_HEIGHT = '20vh';
export const CELL_TRUNCATION_WIDTH = '12.5rem';
/** Spec 9: "select option height 40px". */
export const SELECT_OPTION_HEIGHT_PX = 40;
/** Spec 9: "comment textarea min 2 rows; reason textarea min 4 rows". */
export const COMMENT_TEXTAREA_MIN_ROWS = 2;
export const REASON_TEXTAREA_MIN_ROWS = 4;

// ---------------------------------------------------------------- tables (spec 9)

/** Spec 9: "Sizes: small 100, default 200, large 500". */
export const TABLE_SIZES = { small: 100, default: 200, large: 500 } as const;
/** Spec 9: "constants 500 and 1000 exist; a constant of 0 exists (meaning not shown)". */
export const SIZE_500 = 500;
export const SIZE_1000 = 1000;
export const SIZE_0 = 0;
/** Spec 9: "server-side pagination" by default. */
export const SERVER_SIDE_PAGINATION = true;

// ---------------------------------------------------------------- roles (spec 6)

/** Spec 6: "Roles: ADMIN, MERCHANT_SERVICE (merchant), SERVICE_PROVIDER". */
export const ROLES = [
  { value: 'ADMIN', labelKey: 'role.admin' },
  { value: 'MERCHANT_SERVICE', labelKey: 'role.merchantService' },
  { value: 'SERVICE_PROVIDER', labelKey: 'role.serviceProvider' },
] as const;
export type Role = (typeof ROLES)[number]['value'];

/** Spec 6: "Organisation types MERCHANT and SERVICE_PROVIDER" (INTERNAL for admins). */
export const ORGANISATION_TYPES = [
  { value: 'MERCHANT', labelKey: 'organisation.merchant' },
  { value: 'SERVICE_PROVIDER', labelKey: 'organisation.serviceProvider' },
] as const;

// ---------------------------------------------------------------- accounts and wallets (spec 3)

/** Spec 3: "Account categories: 100 correspondent settlement, 200 funding, ... 999 others". */
export const ACCOUNT_CATEGORIES = [
  { value: 100, labelKey: 'accountCategory.correspondentSettlement', label: 'correspondent settlement' },
  { value: 200, labelKey: 'accountCategory.funding', label: 'funding' },
  { value: 300, labelKey: 'accountCategory.liquidity', label: 'liquidity' },
  { value: 400, labelKey: 'accountCategory.nostro', label: 'nostro' },
  { value: 500, labelKey: 'accountCategory.pool', label: 'pool' },
  { value: 600, labelKey: 'accountCategory.vostro', label: 'vostro' },
  { value: 700, labelKey: 'accountCategory.pool', label: 'pool' },
  { value: 999, labelKey: 'accountCategory.others', label: 'others' },
] as const;
export type AccountCategoryId = (typeof ACCOUNT_CATEGORIES)[number]['value'];

/** Label of an account category id, or undefined when unknown. */
export function accountCategoryLabel(id: number): string | undefined {
  return ACCOUNT_CATEGORIES.find((c) => c.value === id)?.label;
}

/** Spec 3: "Wallet type: SETTLEMENT or PAYMENT". */
export const WALLET_TYPES = [
  { value: 'SETTLEMENT', labelKey: 'wallet.type.settlement' },
  { value: 'PAYMENT', labelKey: 'wallet.type.payment' },
] as const;
export type WalletType = (typeof WALLET_TYPES)[number]['value'];

/** Spec 3 wallet position buckets, in the order of the summary card row (spec 2). */
export const WALLET_SUMMARY_FIELDS = [
  'costRate',
  'merchantReserve',
  'openPosition',
  'pendingAuthorization',
  'balance',
] as const;

// ---------------------------------------------------------------- deals and transactions (spec 3, 9)

/** Spec 3: "Deal types: CASH, TOM, SPOT, FWD". */
export const DEAL_TYPES = [
  { value: 'CASH', labelKey: 'deal.type.cash' },
  { value: 'TOM', labelKey: 'deal.type.tom' },
  { value: 'SPOT', labelKey: 'deal.type.spot' },
  { value: 'FWD', labelKey: 'deal.type.fwd' },
] as const;
export type DealType = (typeof DEAL_TYPES)[number]['value'];
/** Spec 9: "Deal tenors offered: CASH, TOM, SPOT". */
export const DEAL_TENORS_OFFERED = ['CASH', 'TOM', 'SPOT'] as const;

/** Spec 3: "category (TRANSFER or TOPUP)". */
export const DEAL_CATEGORIES = ['TRANSFER', 'TOPUP'] as const;

/** Spec 9 transaction types. */
export const TRANSACTION_TYPES = [
  { value: 'TOPUP', labelKey: 'transaction.type.topup' },
  { value: 'TRANSFER', labelKey: 'transaction.type.transfer' },
  { value: 'PAYOUT', labelKey: 'transaction.type.payout' },
  { value: 'CONSUMER_PAYOUT', labelKey: 'transaction.type.consumerPayout' },
  { value: 'TOPUP_CANCEL', labelKey: 'transaction.type.topupCancel' },
  { value: 'TRANSFER_CANCEL', labelKey: 'transaction.type.transferCancel' },
  { value: 'PAYOUT_CANCEL', labelKey: 'transaction.type.payoutCancel' },
  { value: 'CONSUMER_PAYOUT_CANCEL', labelKey: 'transaction.type.consumerPayoutCancel' },
  { value: 'TOPUP_CREDIT', labelKey: 'transaction.type.topupCredit' },
  { value: 'TOPUP_SETTLEMENT', labelKey: 'transaction.type.topupSettlement' },
  { value: 'REVALUATION', labelKey: 'transaction.type.revaluation' },
  { value: 'TSP_REBATE_SETTLEMENT', labelKey: 'transaction.type.tspRebateSettlement' },
  { value: 'TSP_FX_PREMIUM_SETTLEMENT', labelKey: 'transaction.type.tspFxPremiumSettlement' },
  { value: 'MERCHANT_REBATE_SETTLEMENT', labelKey: 'transaction.type.merchantRebateSettlement' },
  { value: 'MERCHANT_FX_PREMIUM_SETTLEMENT', labelKey: 'transaction.type.merchantFxPremiumSettlement' },
  { value: 'TRANSACTION', labelKey: 'transaction.type.transaction' },
  { value: 'CREDIT_SETTLEMENT', labelKey: 'transaction.type.creditSettlement' },
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number]['value'];

/** Spec 9: "The transaction filter offers Topup, Topup Credit, Transfer, Consumer Payout". */
export const TRANSACTION_TYPE_FILTER = [
  { value: 'TOPUP', label: 'Topup', labelKey: 'transaction.type.topup' },
  { value: 'TOPUP_CREDIT', label: 'Topup Credit', labelKey: 'transaction.type.topupCredit' },
  { value: 'TRANSFER', label: 'Transfer', labelKey: 'transaction.type.transfer' },
  { value: 'CONSUMER_PAYOUT', label: 'Consumer Payout', labelKey: 'transaction.type.consumerPayout' },
] as const;

/** Spec 9: "Report kinds: wallet statement, transaction statement". */
export const REPORT_KINDS = [
  { value: 'WALLET_STATEMENT', labelKey: 'report.walletStatement' },
  { value: 'TRANSACTION_STATEMENT', labelKey: 'report.transactionStatement' },
] as const;

// ---------------------------------------------------------------- settlement and schedules (spec 9)

/** Spec 9: "Settlement cycles: INSTANT (just in time), DAILY, EVERY, WEEKLY, FORTNIGHTLY, MONTHLY, QUARTERLY". */
export const SETTLEMENT_CYCLES = [
  { value: 'INSTANT', labelKey: 'settlement.cycle.instant', label: 'just in time' },
  { value: 'DAILY', labelKey: 'settlement.cycle.daily', label: 'daily' },
  { value: 'EVERY', labelKey: 'settlement.cycle.every', label: 'every' },
  { value: 'WEEKLY', labelKey: 'settlement.cycle.weekly', label: 'weekly' },
  { value: 'FORTNIGHTLY', labelKey: 'settlement.cycle.fortnightly', label: 'fortnightly' },
  { value: 'MONTHLY', labelKey: 'settlement.cycle.monthly', label: 'monthly' },
  { value: 'QUARTERLY', labelKey: 'settlement.cycle.quarterly', label: 'quarterly' },
] as const;
export type SettlementCycle = (typeof SETTLEMENT_CYCLES)[number]['value'];

/** Spec 9: "Schedule frequencies: EVERY, WEEKLY, MONTHLY, FORTNIGHTLY, ONCE". */
export const SCHEDULE_FREQUENCIES = [
  { value: 'EVERY', labelKey: 'schedule.frequency.every' },
  { value: 'WEEKLY', labelKey: 'schedule.frequency.weekly' },
  { value: 'MONTHLY', labelKey: 'schedule.frequency.monthly' },
  { value: 'FORTNIGHTLY', labelKey: 'schedule.frequency.fortnightly' },
  { value: 'ONCE', labelKey: 'schedule.frequency.once' },
] as const;

/** Spec 9: "Settlement cycle modes: WEEKLY, ONCE, FORTNIGHTLY, MONTHLY, EVERY". */
export const SETTLEMENT_CYCLE_MODES = [
  { value: 'WEEKLY', labelKey: 'settlement.mode.weekly' },
  { value: 'ONCE', labelKey: 'settlement.mode.once' },
  { value: 'FORTNIGHTLY', labelKey: 'settlement.mode.fortnightly' },
  { value: 'MONTHLY', labelKey: 'settlement.mode.monthly' },
  { value: 'EVERY', labelKey: 'settlement.mode.every' },
] as const;

/** Spec 9: "Weekdays 1 (Monday) to 7 (Sunday)". */
export const WEEKDAYS = [
  { value: 1, labelKey: 'weekday.monday', label: 'Monday' },
  { value: 2, labelKey: 'weekday.tuesday', label: 'Tuesday' },
  { value: 3, labelKey: 'weekday.wednesday', label: 'Wednesday' },
  { value: 4, labelKey: 'weekday.thursday', label: 'Thursday' },
  { value: 5, labelKey: 'weekday.friday', label: 'Friday' },
  { value: 6, labelKey: 'weekday.saturday', label: 'Saturday' },
  { value: 7, labelKey: 'weekday.sunday', label: 'Sunday' },
] as const;

/** Spec 9: "Priority options: Highest 100, High 75, Normal 50 (default), Low 25, Lowest 1". */
export const PRIORITIES = [
  { value: 100, label: 'Highest', labelKey: 'priority.highest' },
  { value: 75, label: 'High', labelKey: 'priority.high' },
  { value: 50, label: 'Normal', labelKey: 'priority.normal' },
  { value: 25, label: 'Low', labelKey: 'priority.low' },
  { value: 1, label: 'Lowest', labelKey: 'priority.lowest' },
] as const;
/** Spec 9: "Normal 50 (default)". */
export const DEFAULT_PRIORITY = 50;

// ---------------------------------------------------------------- storage and texts (spec 2, 3)

/** Spec 3: currencies "Kept in session storage under a currencies key; countries under a separate key". */
export const CURRENCIES_STORAGE_KEY = 'currencies';
export const COUNTRIES_STORAGE_KEY = 'countries';
/** Spec 2: "empty state texts voucherEntry.emptyTable.title and voucherEntry.emptyTable.description". */
export const VOUCHER_ENTRY_EMPTY_TITLE_KEY = 'voucherEntry.emptyTable.title';
export const VOUCHER_ENTRY_EMPTY_DESCRIPTION_KEY = 'voucherEntry.emptyTable.description';
/** Spec 2: the accounting voucher print view's text. */
export const VOUCHER_PRINT_TEXT = 'voucher print';

/** Spec 3 "Wallet filters". */
export const WALLET_FILTER_KEYS = [
  'currencyCodes', 'bankCodes', 'statuses', 'countryCodes', 'accountCategoryIds', 'serviceProviderId', 'types',
] as const;

/** Spec 3 "Other filter keys". */
export const OTHER_FILTER_KEYS = [
  'walletName', 'settlementWallet', 'merchantFee', 'networkFee', 'marginRealized', 'marginExpected', 'valueDate',
  'partnerRefId', 'sourceCountry', 'targetCountry', 'agentId', 'feeCcy', 'feeType', 'feeMode', 'settlementCycle',
  'settlementPeriod', 'channel', 'beneficiaryFI', 'cap', 'activePeriod', 'txnType', 'delivery', 'misc-txn-purpose',
  'misc-txn-funding-party',
] as const;

// ---------------------------------------------------------------- notifications (spec 3)

/** Spec 3: "Notification: type (success, warning, error, info)". */
export const NOTIFICATION_TYPES = ['success', 'warning', 'error', 'info'] as const;

// ---------------------------------------------------------------- tab sets (spec 2)

/** A tab: URL slug, i18n label key, the status it filters by (OVERVIEW filters none), disabled. */
export interface TabDefinition {
  readonly slug: string;
  readonly labelKey: string;
  readonly status: string;
  readonly disabled?: boolean;
}

/** Spec 2: "Merchant authorization statuses: overview, pending approval, active, blocked, expired, paused". */
export const MERCHANT_AUTHORIZATION_TABS = [
  { slug: 'overview', labelKey: 'tabs.overview', status: 'OVERVIEW' },
  { slug: 'pending-approval', labelKey: 'tabs.pendingApproval', status: 'PENDING_APPROVAL' },
  { slug: 'active', labelKey: 'tabs.active', status: 'ACTIVE' },
  { slug: 'blocked', labelKey: 'tabs.blocked', status: 'BLOCKED' },
  { slug: 'expired', labelKey: 'tabs.expired', status: 'EXPIRED' },
  { slug: 'paused', labelKey: 'tabs.paused', status: 'PAUSED' },
] as const satisfies readonly TabDefinition[];

/** Spec 2: "Request statuses: overview, requested, pending, in verification, approved, rejected, cancelled". */
export const REQUEST_TABS = [
  { slug: 'overview', labelKey: 'tabs.overview', status: 'OVERVIEW' },
  { slug: 'requested', labelKey: 'tabs.requested', status: 'REQUESTED' },
  { slug: 'pending', labelKey: 'tabs.pending', status: 'PENDING' },
  { slug: 'in-verification', labelKey: 'tabs.inVerification', status: 'IN_VERIFICATION' },
  { slug: 'approved', labelKey: 'tabs.approved', status: 'APPROVED' },
  { slug: 'rejected', labelKey: 'tabs.rejected', status: 'REJECTED' },
  { slug: 'cancelled', labelKey: 'tabs.cancelled', status: 'CANCELLED' },
] as const satisfies readonly TabDefinition[];

/** Spec 2: "Transaction statuses: overview, pending, processing, completed, rejected, cancelled". */
export const TRANSACTION_TABS = [
  { slug: 'overview', labelKey: 'tabs.overview', status: 'OVERVIEW' },
  { slug: 'pending', labelKey: 'tabs.pending', status: 'PENDING' },
  { slug: 'processing', labelKey: 'tabs.processing', status: 'PROCESSING' },
  { slug: 'completed', labelKey: 'tabs.completed', status: 'COMPLETED' },
  { slug: 'rejected', labelKey: 'tabs.rejected', status: 'REJECTED' },
  { slug: 'cancelled', labelKey: 'tabs.cancelled', status: 'CANCELLED' },
] as const satisfies readonly TabDefinition[];

/** Spec 2: "Partner statuses: overview, new, in authorization, authorized, rejected". */
export const PARTNER_TABS = [
  { slug: 'overview', labelKey: 'tabs.overview', status: 'OVERVIEW' },
  { slug: 'new', labelKey: 'tabs.new', status: 'NEW' },
  { slug: 'in-authorization', labelKey: 'tabs.inAuthorization', status: 'IN_AUTHORIZATION' },
  { slug: 'authorized', labelKey: 'tabs.authorized', status: 'AUTHORIZED' },
  { slug: 'rejected', labelKey: 'tabs.rejected', status: 'REJECTED' },
] as const satisfies readonly TabDefinition[];

/** Spec 2: "Partner detail tabs: company profile, authorization details; documents, wallets and transactions are disabled". */
export const PARTNER_DETAIL_TABS = [
  { slug: 'company-profile', labelKey: 'tabs.companyProfile', status: 'COMPANY_PROFILE' },
  { slug: 'authorization-details', labelKey: 'tabs.authorizationDetails', status: 'AUTHORIZATION_DETAILS' },
  { slug: 'documents', labelKey: 'tabs.documents', status: 'DOCUMENTS', disabled: true },
  { slug: 'wallets', labelKey: 'tabs.wallets', status: 'WALLETS', disabled: true },
  { slug: 'transactions', labelKey: 'tabs.transactions', status: 'TRANSACTIONS', disabled: true },
] as const satisfies readonly TabDefinition[];

/** Spec 2: "Verification statuses: overview, in verification, approved, rejected". */
export const VERIFICATION_TABS = [
  { slug: 'overview', labelKey: 'tabs.overview', status: 'OVERVIEW' },
  { slug: 'in-verification', labelKey: 'tabs.inVerification', status: 'IN_VERIFICATION' },
  { slug: 'approved', labelKey: 'tabs.approved', status: 'APPROVED' },
  { slug: 'rejected', labelKey: 'tabs.rejected', status: 'REJECTED' },
] as const satisfies readonly TabDefinition[];

/** Spec 2: "Wallet detail tabs: details, deal position (disabled), activity statements, credit, accounting code, merchant reserve, payables, receivables". */
export const WALLET_DETAIL_TABS = [
  { slug: 'details', labelKey: 'tabs.details', status: 'DETAILS' },
  { slug: 'deal-position', labelKey: 'tabs.dealPosition', status: 'DEAL_POSITION', disabled: true },
  { slug: 'activity-statements', labelKey: 'tabs.activityStatements', status: 'ACTIVITY_STATEMENTS' },
  { slug: 'credit', labelKey: 'tabs.credit', status: 'CREDIT' },
  { slug: 'accounting-code', labelKey: 'tabs.accountingCode', status: 'ACCOUNTING_CODE' },
  { slug: 'merchant-reserve', labelKey: 'tabs.merchantReserve', status: 'MERCHANT_RESERVE' },
  { slug: 'payables', labelKey: 'tabs.payables', status: 'PAYABLES' },
  { slug: 'receivables', labelKey: 'tabs.receivables', status: 'RECEIVABLES' },
] as const satisfies readonly TabDefinition[];

/** Spec 2: "Payment list tabs: overview, drafted, initiated, processing, completed, cancelled, rejected". */
export const PAYMENT_TABS = [
  { slug: 'overview', labelKey: 'tabs.overview', status: 'OVERVIEW' },
  { slug: 'drafted', labelKey: 'tabs.drafted', status: 'DRAFTED' },
  { slug: 'initiated', labelKey: 'tabs.initiated', status: 'INITIATED' },
  { slug: 'processing', labelKey: 'tabs.processing', status: 'PROCESSING' },
  { slug: 'completed', labelKey: 'tabs.completed', status: 'COMPLETED' },
  { slug: 'cancelled', labelKey: 'tabs.cancelled', status: 'CANCELLED' },
  { slug: 'rejected', labelKey: 'tabs.rejected', status: 'REJECTED' },
] as const satisfies readonly TabDefinition[];

/** Spec 2: "Merchant settings: accounting codes setup". */
export const MERCHANT_SETTINGS_TABS = [
  { slug: 'accounting-codes-setup', labelKey: 'tabs.accountingCodesSetup', status: 'ACCOUNTING_CODES_SETUP' },
] as const satisfies readonly TabDefinition[];

/** Spec 2: "Markup tabs: charges and incentives". */
export const MARKUP_TABS = [
  { slug: 'charges', labelKey: 'tabs.charges', status: 'CHARGES' },
  { slug: 'incentives', labelKey: 'tabs.incentives', status: 'INCENTIVES' },
] as const satisfies readonly TabDefinition[];

/** Spec 2: "Another tab pair: payments (LR) and cards (TC)". */
export const PAYMENT_CHANNEL_TABS = [
  { slug: 'payments', labelKey: 'tabs.payments', status: 'LR' },
  { slug: 'cards', labelKey: 'tabs.cards', status: 'TC' },
] as const satisfies readonly TabDefinition[];

/**
 * The tab of a set for a URL slug, falling back to the first enabled tab.
 *
 * @example tabForSlug(PAYMENT_TABS, 'drafted').status // 'DRAFTED'
 */
export function tabForSlug<T extends TabDefinition>(tabs: readonly T[], slug: string | null | undefined): T {
  const wanted = tabs.find((t) => t.slug === slug && t.disabled !== true);
  const fallback = tabs.find((t) => t.disabled !== true) ?? tabs[0];
  const tab = wanted ?? fallback;
  if (tab === undefined) throw new Error('A tab set needs at least one tab');
  return tab;
}
