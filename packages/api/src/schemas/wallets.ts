import { z } from 'zod';
import { amountString, audit, decimalString, isoDate, isoDateTime, money, positiveDecimalString } from './common.ts';

export const walletType = z.enum(['SETTLEMENT', 'PAYMENT']);
export const walletStatus = z.enum(['ACTIVE', 'INACTIVE']);

/** Wallet position (shell, section 3): every figure is a money value. */
export const walletPosition = z.object({
  walletId: z.string(),
  currency: z.string().length(3),
  balance: money,
  reserve: money,
  merchantReserve: money,
  openPosition: money,
  pendingAuthorization: money,
  costRate: money,
  creditPosition: z.object({
    creditPayable: money,
    creditReserve: money,
    merchantCreditReserveAmount: money,
    openCredit: money,
    creditLimit: money,
  }),
  updatedAt: isoDateTime,
});
export type WalletPosition = z.infer<typeof walletPosition>;

/** Wallet (shell, section 3), merchant or service-provider side. */
export const wallet = z.object({
  id: z.string(),
  alias: z.string(),
  walletAccountNumber: z.string().nullable(),
  type: walletType,
  types: z.array(walletType),
  status: walletStatus,
  currency: z.object({ code: z.string().length(3), countryCode: z.string().nullable() }),
  country: z.object({ code: z.string(), name: z.string() }),
  bank: z.object({ code: z.string(), name: z.string() }).nullable(),
  bankAccount: z.object({ iban: z.string().nullable(), bic: z.string().nullable() }).nullable(),
  serviceProvider: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The merchant a merchant wallet belongs to (null for a TSP's own account), named like serviceProvider. */
  merchantService: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  merchantServiceId: z.string().nullable(),
  serviceProviderId: z.string().nullable(),
  spWalletId: z.string().nullable(),
  accountCategoryId: z.string().nullable(),
  coveringModel: z.string().nullable(),
  pricingModel: z.string().nullable(),
  isDippingAllowed: z.boolean(),
  dippedWalletId: z.string().nullable(),
  linkedWalletTspId: z.string().nullable(),
  vpa: z.string().nullable(),
  /** The last status change: who made it, when, and why (null while the status never changed). */
  statusChangedBy: z.string().nullable().optional(),
  statusChangedAt: z.string().nullable().optional(),
  statusReason: z.string().nullable().optional(),
  position: walletPosition.nullable().optional(),
  ...audit,
});
export type Wallet = z.infer<typeof wallet>;

/** Grouped position figures (position summary, groupBy currency/country/wallet). */
export const positionSummaryRow = z.object({
  group: z.string(),
  currency: z.string().length(3),
  walletCount: z.number().int(),
  balance: decimalString,
  reserve: decimalString,
  openPosition: decimalString,
  pendingAuthorization: decimalString,
  creditLimit: decimalString,
  balanceUSDEQ: decimalString.nullable(),
});

export const positionActivity = z.object({
  walletPositionActivityId: z.string(),
  walletId: z.string(),
  transactionId: z.string().nullable(),
  /** The voucher's category (PAYMENT, TOPUP, TRANSFER...): which kind of transaction moved the position. */
  category: z.string(),
  action: z.string(),
  currency: z.string().length(3),
  amount: decimalString,
  balanceAfter: decimalString,
  date: isoDateTime,
});

/** Wallet limit (internal read): what the wallet may still spend. */
export const walletLimit = z.object({
  walletId: z.string(),
  currency: z.string().length(3),
  available: decimalString,
  creditLimit: decimalString,
  openCredit: decimalString,
});

/** Wallet config: per transaction category rules of a wallet. */
export const walletConfig = z.object({
  id: z.string(),
  walletId: z.string(),
  msWalletId: z.string().nullable(),
  transactionCategory: z.string(),
  coveringModel: z.string().nullable(),
  enabled: z.boolean(),
  minAmount: decimalString.nullable(),
  maxAmount: decimalString.nullable(),
  dailyLimit: decimalString.nullable(),
  autoApprove: z.boolean(),
  ...audit,
});
export const walletConfigBody = z.object({
  walletId: z.string().min(1),
  msWalletId: z.string().optional(),
  transactionCategory: z.string().min(1),
  coveringModel: z.string().optional(),
  enabled: z.boolean().default(true),
  minAmount: amountString.optional(),
  maxAmount: amountString.optional(),
  dailyLimit: amountString.optional(),
  autoApprove: z.boolean().optional(),
});

const ledgerPair = z.object({ ledgerCode: z.string().min(1), ledgerCcy: z.string().length(3) });

/** Accounting config (part B, section 3): a ledger code and currency pair per account. */
export const accountingConfigAccounts = {
  wallet: ledgerPair,
  transitAccount: ledgerPair.optional(),
  chargesAccount: ledgerPair.optional(),
  poolAccount: ledgerPair.optional(),
  rebateIncome: ledgerPair.optional(),
  rebateReceivableAccrued: ledgerPair.optional(),
  roundOff: ledgerPair.optional(),
  fxPremiumReceivableAccrued: ledgerPair.optional(),
  fxPremiumReceivable: ledgerPair.optional(),
  unclaimedFund: ledgerPair.optional(),
  ipidChargePayable: ledgerPair.optional(),
  ipidCharge: ledgerPair.optional(),
};
export const accountingConfig = z.object({
  id: z.string(),
  merchantId: z.string().nullable(),
  tspId: z.string().nullable(),
  walletId: z.string(),
  ledgerCode: z.string(),
  ledgerCcy: z.string().length(3),
  ...accountingConfigAccounts,
  ...audit,
});
export const accountingConfigBody = z.object({
  merchantId: z.string().optional(),
  walletId: z.string().min(1, 'walletId is required'),
  ledgerCode: z.string().min(1, 'ledgerCode is required'),
  ledgerCcy: z.string().length(3, 'ledgerCcy must be a 3-letter currency code'),
  ...accountingConfigAccounts,
  wallet: ledgerPair.optional(),
});

/** Payment wallet creation body (part A, section 3). */
export const paymentWalletCreate = z.object({
  merchantId: z.string().min(1),
  vpa: z.string().optional(),
  spWalletId: z.string().min(1),
  alias: z.string().min(1),
  countryCode: z.string().min(2).max(3),
  currencyCode: z.string().length(3),
  bankCode: z.string().optional(),
  serviceProviderId: z.string().min(1),
  bankAccountId: z.string().optional(),
  dippedWalletId: z.string().optional(),
  isDippingAllowed: z.boolean().optional(),
});

/** Service-provider wallet creation. */
export const spWalletCreate = z.object({
  alias: z.string().min(1),
  walletAccountNumber: z.string().optional(),
  accountCategoryId: z.string().min(1),
  currencyCode: z.string().length(3),
  countryCode: z.string().min(2).max(3),
  bankCode: z.string().optional(),
  bankAccountId: z.string().optional(),
  coveringModel: z.string().optional(),
  pricingModel: z.string().optional(),
  linkedWalletTspId: z.string().optional(),
});

export const walletUpdate = z.object({
  alias: z.string().min(1).optional(),
  status: walletStatus.optional(),
  /** Why the status changes: required whenever `status` differs from the wallet's current one. */
  statusReason: z.string().trim().min(3, 'statusReason must be 3 to 500 characters').max(500, 'statusReason must be 3 to 500 characters').optional(),
  isDippingAllowed: z.boolean().optional(),
  dippedWalletId: z.string().nullable().optional(),
  coveringModel: z.string().optional(),
  pricingModel: z.string().optional(),
});

/** Bank account behind a wallet. */
export const bankAccount = z.object({
  id: z.string(),
  ownerId: z.string(),
  accountHolderName: z.string(),
  iban: z.string().nullable(),
  accountNumber: z.string().nullable(),
  bic: z.string().nullable(),
  bankCode: z.string(),
  currencyCode: z.string().length(3),
  countryCode: z.string(),
  ...audit,
});
export const bankAccountCreate = z.object({
  accountHolderName: z.string().min(1),
  iban: z.string().min(15).max(34).optional(),
  accountNumber: z.string().optional(),
  bic: z.string().min(8).max(11).optional(),
  bankCode: z.string().min(1),
  currencyCode: z.string().length(3),
  countryCode: z.string().min(2).max(3),
});

/** Credit request (REQUESTED -> IN_VERIFICATION -> APPROVED | REJECTED). */
const creditRequestStatus = z.enum(['REQUESTED', 'IN_VERIFICATION', 'VERIFIED', 'ON_HOLD', 'APPROVED', 'REJECTED', 'PENDING', 'CANCELLED']);
export const creditRequest = z.object({
  id: z.string(),
  merchantId: z.string(),
  walletId: z.string(),
  transactionId: z.string().nullable(),
  tspId: z.string(),
  tspWalletId: z.string().nullable(),
  currency: z.string().length(3),
  amount: decimalString,
  approvedAmount: decimalString.nullable(),
  validFrom: isoDate,
  validTo: isoDate,
  allocationMode: z.string().nullable(),
  status: creditRequestStatus,
  remarks: z.string().nullable(),
  linked: z.boolean(),
  ...audit,
});
export const creditRequestCreate = z.object({
  walletId: z.string().min(1),
  tspWalletId: z.string().optional(),
  amount: positiveDecimalString,
  currency: z.string().length(3),
  validFrom: isoDate,
  validTo: isoDate,
  allocationMode: z.string().optional(),
  remarks: z.string().optional(),
});
export const creditApproval = z.object({
  status: z.enum(['IN_VERIFICATION', 'APPROVED', 'REJECTED', 'ON_HOLD']),
  approvedAmount: positiveDecimalString.optional(),
  /** An approval may grant the credit for another period than the one asked; default: the requested one. */
  validFrom: isoDate.optional(),
  validTo: isoDate.optional(),
  remarks: z.string().optional(),
});

/** Credit limit granted by a TSP on a wallet. */
export const creditLimit = z.object({
  id: z.string(),
  walletId: z.string(),
  transactionId: z.string().nullable(),
  tspId: z.string(),
  currency: z.string().length(3),
  limit: decimalString,
  used: decimalString,
  validFrom: isoDate,
  validTo: isoDate,
  status: z.string(),
  ...audit,
});
/**
 * Statuses of a credit limit. ACTIVE counts on the wallet; SCHEDULED waits for validFrom; EXPIRED
 * (validTo passed) and CANCELLED are final: a lapsed line is replaced by a new limit, not revived.
 */
const creditLimitStatus = z.enum(['ACTIVE', 'SCHEDULED', 'EXPIRED', 'CANCELLED']);
export const creditLimitBody = z.object({
  walletId: z.string().min(1),
  currency: z.string().length(3),
  limit: amountString,
  validFrom: isoDate,
  validTo: isoDate,
  status: creditLimitStatus.optional(),
});
export const creditLimitSummary = z.object({
  tspWalletId: z.string(),
  currency: z.string().length(3),
  totalLimit: decimalString,
  totalUsed: decimalString,
  available: decimalString,
  merchantCount: z.number().int(),
});
