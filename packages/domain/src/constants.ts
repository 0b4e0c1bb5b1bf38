/**
 * Business constants and option sets of the spec (sections 2, 3, 6 and 9). Labels are i18n keys;
 * screens translate them. Timing constants are named after what they time.
 */

// ---------------------------------------------------------------- layout (spec 2, 9)

/** Spec 9: "Breakpoints: medium 600, large 960, XL 1200". */
export const BREAKPOINTS = { medium: 600, large: 960, xl: 1200 } as const;
/** Spec 2: "Left navigation, collapsible (expanded 18rem, collapsed 5rem)". */
export const NAV_WIDTH_EXPANDED = '18rem';
export const NAV_WIDTH_COLLAPSED = '5rem';
/** Spec 2: "a voucher view modal (75% width)". */
export const VOUCHER_MODAL_WIDTH = '75%';
/** Spec 9: "search box 12.5rem; filter box 11.25rem; filter list max 20vh; cell truncation 12.5rem". */
export const SEARCH_BOX_WIDTH = '12.5rem';
export const FILTER_BOX_WIDTH = '11.25rem';
export const FILTER_LIST_MAX_HEIGHT = '20vh';
export const CELL_TRUNCATION_WIDTH = '12.5rem';
/** Spec 9: "reason textarea min 4 rows". */
export const REASON_TEXTAREA_MIN_ROWS = 4;

// ---------------------------------------------------------------- tables (spec 9)

/** Spec 9: "constants 500 and 1000 exist". */
export const SIZE_500 = 500;
/** Spec 9: "server-side pagination" by default. */
export const SERVER_SIDE_PAGINATION = true;

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

/** Label of an account category id, or undefined when unknown. */
export function accountCategoryLabel(id: number): string | undefined {
  return ACCOUNT_CATEGORIES.find((c) => c.value === id)?.label;
}

/** Spec 3: "Wallet type: SETTLEMENT or PAYMENT". */
export const WALLET_TYPES = [
  { value: 'SETTLEMENT', labelKey: 'wallet.type.settlement' },
  { value: 'PAYMENT', labelKey: 'wallet.type.payment' },
] as const;

/** Spec 3 wallet position buckets, in the order of the summary card row (spec 2). */
export const WALLET_SUMMARY_FIELDS = ['costRate', 'merchantReserve', 'openPosition', 'pendingAuthorization', 'balance'] as const;

// ---------------------------------------------------------------- deals and transactions (spec 3, 9)

/**
 * Spec 3: "Deal types: CASH, TOM, SPOT, FWD".
 */
export const DEAL_TYPES = [
  { value: 'CASH', labelKey: 'deal.type.cash' },
  { value: 'TOM', labelKey: 'deal.type.tom' },
  { value: 'SPOT', labelKey: 'deal.type.spot' },
  { value: 'FWD', labelKey: 'deal.type.fwd' },
] as const;
export type DealType = (typeof DEAL_TYPES)[number]['value'];

/**
 * Spec 2: "Deal position row: dealType, dealCommitFromDealsAmount, dealCommitFromBalanceAmount, dealAllocated,
 * dealFixedWithBank, dealPendingWithBank, dealRealisedWithBank, currency, openPosition": its figures in that order,
 * which the server computes and the portal shows.
 */
export const DEAL_POSITION_FIGURES = [
  'dealCommitFromDealsAmount',
  'dealCommitFromBalanceAmount',
  'dealAllocated',
  'dealFixedWithBank',
  'dealPendingWithBank',
  'dealRealisedWithBank',
  'openPosition',
] as const;

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

// ---------------------------------------------------------------- storage and texts (spec 2, 3)

/** Spec 2: "empty state texts voucherEntry.emptyTable.title and voucherEntry.emptyTable.description". */
export const VOUCHER_ENTRY_EMPTY_TITLE_KEY = 'voucherEntry.emptyTable.title';
export const VOUCHER_ENTRY_EMPTY_DESCRIPTION_KEY = 'voucherEntry.emptyTable.description';

// ---------------------------------------------------------------- tab sets (spec 2)

/** A tab: URL slug, i18n label key, the status it filters by (OVERVIEW filters none), disabled. */
export interface TabDefinition {
  readonly slug: string;
  readonly labelKey: string;
  readonly status: string;
  readonly disabled?: boolean;
}

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

/** Spec 2: "Merchant settings: accounting codes setup". */
export const MERCHANT_SETTINGS_TABS = [
  { slug: 'accounting-codes-setup', labelKey: 'tabs.accountingCodesSetup', status: 'ACCOUNTING_CODES_SETUP' },
] as const satisfies readonly TabDefinition[];

/** Spec 1 "Payment list tabs": overview, drafted, initiated, processing, completed, cancelled, rejected. */
export const PAYMENT_TABS = [
  { slug: 'overview', labelKey: 'paymentList.tabs.overview', status: 'OVERVIEW' },
  { slug: 'drafted', labelKey: 'paymentList.tabs.drafted', status: 'DRAFTED' },
  { slug: 'initiated', labelKey: 'paymentList.tabs.initiated', status: 'INITIATED' },
  { slug: 'processing', labelKey: 'paymentList.tabs.processing', status: 'PROCESSING' },
  { slug: 'completed', labelKey: 'paymentList.tabs.completed', status: 'COMPLETED' },
  { slug: 'cancelled', labelKey: 'paymentList.tabs.cancelled', status: 'CANCELLED' },
  { slug: 'rejected', labelKey: 'paymentList.tabs.rejected', status: 'REJECTED' },
] as const satisfies readonly TabDefinition[];

/** Spec 1 "Transaction statuses": overview, pending, processing, completed, rejected, cancelled. */
export const TRANSACTION_TABS = [
  { slug: 'overview', labelKey: 'transactionList.tabs.overview', status: 'OVERVIEW' },
  { slug: 'pending', labelKey: 'transactionList.tabs.pending', status: 'PENDING' },
  { slug: 'processing', labelKey: 'transactionList.tabs.processing', status: 'PROCESSING' },
  { slug: 'completed', labelKey: 'transactionList.tabs.completed', status: 'COMPLETED' },
  { slug: 'rejected', labelKey: 'transactionList.tabs.rejected', status: 'REJECTED' },
  { slug: 'cancelled', labelKey: 'transactionList.tabs.cancelled', status: 'CANCELLED' },
] as const satisfies readonly TabDefinition[];

/**
 * The tabs of a transaction-authorization list (top-ups, transfers). Spec 4 maps the slugs to
 * approval statuses (pending, in-verification, approved, rejected); overview shows every row.
 */
export const AUTH_TABS = [
  { slug: 'overview', labelKey: 'spAuth.tabs.overview', status: 'OVERVIEW' },
  { slug: 'pending', labelKey: 'spAuth.tabs.pending', status: 'PENDING' },
  { slug: 'in-verification', labelKey: 'spAuth.tabs.inVerification', status: 'IN_VERIFICATION' },
  { slug: 'approved', labelKey: 'spAuth.tabs.approved', status: 'APPROVED' },
  { slug: 'rejected', labelKey: 'spAuth.tabs.rejected', status: 'REJECTED' },
] as const satisfies readonly TabDefinition[];

/**
 * Spec 1 "Tab sets", merchant authorization: overview, pending approval, active, blocked, expired,
 * paused, each with the authorization status it filters by. The merchant profiles list (profile
 * management) tabs by the same statuses.
 */
export const MERCHANT_AUTH_TABS = [
  { slug: 'overview', labelKey: 'merchantAuth.tabs.overview', status: 'OVERVIEW' },
  { slug: 'pending-approval', labelKey: 'merchantAuth.tabs.pendingApproval', status: 'PENDING_APPROVAL' },
  { slug: 'active', labelKey: 'merchantAuth.tabs.active', status: 'ACTIVE' },
  { slug: 'blocked', labelKey: 'merchantAuth.tabs.blocked', status: 'BLOCKED' },
  { slug: 'expired', labelKey: 'merchantAuth.tabs.expired', status: 'EXPIRED' },
  { slug: 'paused', labelKey: 'merchantAuth.tabs.paused', status: 'PAUSED' },
] as const satisfies readonly TabDefinition[];

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
 * Status tabs of merchant wallet approval. A merchant wallet is INACTIVE until its TSP activates
 * it and INACTIVE again when blocked (spec 3: "Wallet/account status: ACTIVE, INACTIVE").
 */
export const WALLET_APPROVAL_TABS = [
  { slug: 'overview', labelKey: 'spWallet.approval.tabs.overview', status: 'OVERVIEW' },
  { slug: 'inactive', labelKey: 'spWallet.approval.tabs.inactive', status: 'INACTIVE' },
  { slug: 'active', labelKey: 'spWallet.approval.tabs.active', status: 'ACTIVE' },
] as const satisfies readonly TabDefinition[];

/**
 * The tab of a set for a URL slug, falling back to the first enabled tab.
 *
 * @example tabForSlug(REQUEST_TABS, 'pending').status // 'PENDING'
 */
export function tabForSlug<T extends TabDefinition>(tabs: readonly T[], slug: string | null | undefined): T {
  const wanted = tabs.find((t) => t.slug === slug && t.disabled !== true);
  const fallback = tabs.find((t) => t.disabled !== true) ?? tabs[0];
  const tab = wanted ?? fallback;
  if (tab === undefined) throw new Error('A tab set needs at least one tab');
  return tab;
}
