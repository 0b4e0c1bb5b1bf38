import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' });
/** Money is numeric end to end: drizzle hands it over as a decimal string, never a float. */
const amount = (name: string) => numeric(name, { precision: 24, scale: 8 });

/** Bank accounts registered by a merchant or a TSP (the accounts behind wallets). */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    accountHolderName: text('account_holder_name').notNull(),
    iban: text('iban'),
    accountNumber: text('account_number'),
    bic: text('bic'),
    bankCode: text('bank_code').notNull(),
    currencyCode: text('currency_code').notNull(),
    countryCode: text('country_code').notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('bank_accounts_owner_idx').on(t.ownerId)],
);

/**
 * Merchant payment and settlement wallets and the TSP's own wallets/accounts (nostro, vostro, pool...).
 * A merchant wallet has merchantServiceId; a TSP wallet has none and an account category 100..999.
 */
export const wallets = pgTable(
  'wallets',
  {
    id: text('id').primaryKey(),
    alias: text('alias').notNull(),
    walletAccountNumber: text('wallet_account_number'),
    type: text('type', { enum: ['SETTLEMENT', 'PAYMENT'] }).notNull(),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    serviceProviderId: text('service_provider_id').notNull(),
    merchantServiceId: text('merchant_service_id'),
    currencyCode: text('currency_code').notNull(),
    countryCode: text('country_code').notNull(),
    bankCode: text('bank_code'),
    bankAccountId: text('bank_account_id'),
    iban: text('iban'),
    bic: text('bic'),
    /** The TSP wallet a merchant wallet settles into (linked SP wallet). */
    spWalletId: text('sp_wallet_id'),
    accountCategoryId: text('account_category_id'),
    coveringModel: text('covering_model'),
    pricingModel: text('pricing_model'),
    isDippingAllowed: boolean('is_dipping_allowed').notNull().default(false),
    dippedWalletId: text('dipped_wallet_id'),
    linkedWalletTspId: text('linked_wallet_tsp_id'),
    vpa: text('vpa'),
    /** The last status change (its history is in wallet_status_changes). */
    statusChangedBy: text('status_changed_by'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true, mode: 'date' }),
    statusReason: text('status_reason'),
    /** The ledger account the wallet's postings go to. */
    ledgerCode: text('ledger_code').notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('wallets_sp_idx').on(t.serviceProviderId),
    index('wallets_merchant_idx').on(t.merchantServiceId),
    uniqueIndex('wallets_ledger_code_uq').on(t.ledgerCode),
  ],
);

/** Every block or activation of a wallet: who, when, from which status to which, and why. */
export const walletStatusChanges = pgTable(
  'wallet_status_changes',
  {
    id: text('id').primaryKey(),
    walletId: text('wallet_id').notNull(),
    fromStatus: text('from_status', { enum: ['ACTIVE', 'INACTIVE'] }).notNull(),
    toStatus: text('to_status', { enum: ['ACTIVE', 'INACTIVE'] }).notNull(),
    reason: text('reason').notNull(),
    changedBy: text('changed_by').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('wallet_status_changes_wallet_idx').on(t.walletId, t.changedAt)],
);

/**
 * The running position of a wallet. Only the ledger's `post` writes it, in the transaction that
 * inserts the voucher lines; tests check it against the sums of the lines.
 */
export const walletPositions = pgTable('wallet_positions', {
  walletId: text('wallet_id').primaryKey(),
  balance: amount('balance').notNull().default('0'),
  reserve: amount('reserve').notNull().default('0'),
  merchantReserve: amount('merchant_reserve').notNull().default('0'),
  openPosition: amount('open_position').notNull().default('0'),
  pendingAuthorization: amount('pending_authorization').notNull().default('0'),
  creditLimit: amount('credit_limit').notNull().default('0'),
  creditReserve: amount('credit_reserve').notNull().default('0'),
  merchantCreditReserve: amount('merchant_credit_reserve').notNull().default('0'),
  /** How many balance lines the wallet has: the last one's `wallet_seq`, and a statement's exact total. */
  balanceLines: bigint('balance_lines', { mode: 'number' }).notNull().default(0),
  updatedAt: updatedAt(),
});

export const walletConfigs = pgTable(
  'wallet_configs',
  {
    id: text('id').primaryKey(),
    walletId: text('wallet_id').notNull(),
    msWalletId: text('ms_wallet_id'),
    transactionCategory: text('transaction_category').notNull(),
    coveringModel: text('covering_model'),
    enabled: boolean('enabled').notNull().default(true),
    minAmount: amount('min_amount'),
    maxAmount: amount('max_amount'),
    dailyLimit: amount('daily_limit'),
    autoApprove: boolean('auto_approve').notNull().default(false),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('wallet_configs_wallet_idx').on(t.walletId)],
);

export interface LedgerPair {
  ledgerCode: string;
  ledgerCcy: string;
}
/** The twelve accounts of part B "Accounting config"; `wallet` always present. */
export interface AccountingAccounts {
  wallet: LedgerPair;
  transitAccount?: LedgerPair;
  chargesAccount?: LedgerPair;
  poolAccount?: LedgerPair;
  rebateIncome?: LedgerPair;
  rebateReceivableAccrued?: LedgerPair;
  roundOff?: LedgerPair;
  fxPremiumReceivableAccrued?: LedgerPair;
  fxPremiumReceivable?: LedgerPair;
  unclaimedFund?: LedgerPair;
  ipidChargePayable?: LedgerPair;
  ipidCharge?: LedgerPair;
}

export const accountingConfigs = pgTable(
  'accounting_configs',
  {
    id: text('id').primaryKey(),
    walletId: text('wallet_id').notNull(),
    merchantId: text('merchant_id'),
    tspId: text('tsp_id'),
    ledgerCode: text('ledger_code').notNull(),
    ledgerCcy: text('ledger_ccy').notNull(),
    accounts: jsonb('accounts').$type<AccountingAccounts>().notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('accounting_configs_wallet_uq').on(t.walletId), index('accounting_configs_tsp_idx').on(t.tspId)],
);

/** Chart of accounts: wallet accounts and the TSP's internal accounts (pool, transit, charges...). */
export const ledgerAccounts = pgTable('ledger_accounts', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  currencyCode: text('currency_code').notNull(),
  tspId: text('tsp_id'),
  walletId: text('wallet_id'),
  kind: text('kind').notNull(),
  createdAt: createdAt(),
});

export const vouchers = pgTable(
  'vouchers',
  {
    id: text('id').primaryKey(),
    voucherNo: text('voucher_no').notNull(),
    branchName: text('branch_name'),
    modifiedBy: text('modified_by'),
    modifiedDate: timestamp('modified_date', { withTimezone: true, mode: 'date' }),
    status: text('status').notNull(),
    voucherDate: date('voucher_date', { mode: 'string' }).notNull(),
    totalCreditAmountInLc: amount('total_credit_amount_in_lc').notNull(),
    totalDebitAmountInLc: amount('total_debit_amount_in_lc').notNull(),
    transactionId: text('transaction_id'),
    tspId: text('tsp_id'),
    tspWalletId: text('tsp_wallet_id'),
    merchantId: text('merchant_id'),
    msWalletId: text('ms_wallet_id'),
    category: text('category').notNull(),
    subCategory: text('sub_category'),
    transactionType: text('transaction_type'),
    postedAt: timestamp('posted_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vouchers_no_uq').on(t.voucherNo),
    index('vouchers_transaction_idx').on(t.transactionId),
    index('vouchers_tsp_idx').on(t.tspId),
    // A wallet's entries, by either side's wallet, in posting order; vouchers naming no wallet are left out (migration 0031).
    index('vouchers_ms_wallet_idx')
      .on(t.msWalletId, t.postedAt)
      .where(sql`${t.msWalletId} is not null`),
    index('vouchers_tsp_wallet_idx')
      .on(t.tspWalletId, t.postedAt)
      .where(sql`${t.tspWalletId} is not null`),
  ],
);

export const POSITION_BUCKET_NAMES = [
  'balance',
  'reserve',
  'merchantReserve',
  'openPosition',
  'pendingAuthorization',
  'creditLimit',
  'creditReserve',
  'merchantCreditReserve',
] as const;
export type LedgerBucket = (typeof POSITION_BUCKET_NAMES)[number];

export const voucherLines = pgTable(
  'voucher_lines',
  {
    id: text('id').primaryKey(),
    voucherId: text('voucher_id').notNull(),
    lineNo: integer('line_no').notNull(),
    accountName: text('account_name').notNull(),
    accountCode: text('account_code').notNull(),
    accountCcyCode: text('account_ccy_code').notNull(),
    rate: numeric('rate', { precision: 24, scale: 10 }).notNull(),
    debitOrCredit: text('debit_or_credit', { enum: ['D', 'C'] }).notNull(),
    amountInFc: amount('amount_in_fc').notNull(),
    amountInLc: amount('amount_in_lc').notNull(),
    description1: text('description1'),
    description2: text('description2'),
    /** Set when the line moves a wallet position; with the bucket it moves. */
    walletId: text('wallet_id'),
    bucket: text('bucket', { enum: POSITION_BUCKET_NAMES }),
    transactionId: text('transaction_id'),
    postedAt: timestamp('posted_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The line's bucket of its wallet just after the line, set by the post that holds the wallet lock. */
    balanceAfter: amount('balance_after'),
    /** A balance line's number within its wallet (1, 2, ... in posting order); null on other buckets. */
    walletSeq: bigint('wallet_seq', { mode: 'number' }),
  },
  (t) => [
    index('voucher_lines_voucher_idx').on(t.voucherId),
    // The wallet indexes hold wallet lines only: every read of them names a wallet (migration 0030).
    index('voucher_lines_wallet_idx')
      .on(t.walletId, t.postedAt)
      .where(sql`${t.walletId} is not null`),
    // Statements seek a wallet's bucket lines by (posted_at, id) in either direction.
    index('voucher_lines_wallet_bucket_posted_idx')
      .on(t.walletId, t.bucket, t.postedAt, t.id)
      .where(sql`${t.walletId} is not null`),
    // A statement filtered by side (debits only) seeks that side's lines in date order (migration 0012).
    index('voucher_lines_wallet_bucket_side_posted_idx')
      .on(t.walletId, t.bucket, t.debitOrCredit, t.postedAt, t.id)
      .where(sql`${t.walletId} is not null`),
    uniqueIndex('voucher_lines_wallet_seq_uq')
      .on(t.walletId, t.walletSeq)
      .where(sql`${t.walletSeq} is not null`),
  ],
);

export const creditLimits = pgTable(
  'credit_limits',
  {
    id: text('id').primaryKey(),
    walletId: text('wallet_id').notNull(),
    transactionId: text('transaction_id'),
    creditRequestId: text('credit_request_id'),
    tspId: text('tsp_id').notNull(),
    currency: text('currency').notNull(),
    limit: amount('limit_amount').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('ACTIVE'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('credit_limits_wallet_idx').on(t.walletId), index('credit_limits_tsp_idx').on(t.tspId)],
);

export const creditRequests = pgTable(
  'credit_requests',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id').notNull(),
    walletId: text('wallet_id').notNull(),
    transactionId: text('transaction_id'),
    tspId: text('tsp_id').notNull(),
    tspWalletId: text('tsp_wallet_id'),
    currency: text('currency').notNull(),
    amount: amount('amount').notNull(),
    approvedAmount: amount('approved_amount'),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    allocationMode: text('allocation_mode'),
    status: text('status', {
      enum: ['REQUESTED', 'IN_VERIFICATION', 'VERIFIED', 'ON_HOLD', 'APPROVED', 'REJECTED', 'PENDING', 'CANCELLED'],
    }).notNull(),
    remarks: text('remarks'),
    linked: boolean('linked').notNull().default(false),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('credit_requests_merchant_idx').on(t.merchantId), index('credit_requests_tsp_idx').on(t.tspId)],
);

export const RECORD_KINDS = ['WALLET_POSITION', 'WALLET_REVENUE', 'WALLET_REVALUATION', 'MERCHANT_TXN_CHARGES', 'DEAL_PROFIT', 'DEAL_POSITION'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/**
 * Service-provider record views (part B 7.10), materialised from the ledger by the refresh calls so
 * reports read a small table instead of re-aggregating every voucher line.
 */
export const ledgerRecords = pgTable(
  'ledger_records',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: RECORD_KINDS }).notNull(),
    tspId: text('tsp_id').notNull(),
    walletId: text('wallet_id'),
    currency: text('currency').notNull(),
    country: text('country'),
    recordDate: date('record_date', { mode: 'string' }).notNull(),
    amount: amount('amount').notNull(),
    amountLceq: amount('amount_lceq'),
    amountUsdeq: amount('amount_usdeq'),
    details: jsonb('details').$type<Record<string, string>>(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('ledger_records_kind_tsp_idx').on(t.kind, t.tspId, t.recordDate)],
);
