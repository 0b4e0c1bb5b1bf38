import { z } from 'zod';
import { amountString, decimalString, isoDate, isoDateTime, positiveDecimalString } from './common.ts';
import { dealType } from './markups.ts';
import { chargeMode } from './transactions.ts';

/** A correspondent or merchant charge on a transaction. */
export const chargeRecord = z.object({
  id: z.string(),
  transactionId: z.string(),
  chargeMode,
  currency: z.string().length(3),
  amount: decimalString,
  taxAmount: decimalString,
  isPayable: z.boolean(),
  isMerchant: z.boolean(),
  isMerchantPayable: z.boolean(),
  isReconciled: z.boolean(),
  settlementTransactionId: z.string().nullable(),
  settlementDate: isoDate.nullable(),
  walletNetworkId: z.string().nullable(),
  merchantId: z.string().nullable(),
  createdAt: isoDateTime,
});
export const chargeSummaryRow = z.object({
  chargeMode,
  currency: z.string().length(3),
  count: z.number().int(),
  totalAmount: decimalString,
  payableAmount: decimalString,
  receivableAmount: decimalString,
});

export const dealProfit = z.object({
  transactionId: z.string(),
  dealType,
  sourceCurrency: z.string().length(3),
  targetCurrency: z.string().length(3),
  customerRate: decimalString,
  costRate: decimalString,
  profit: decimalString,
  profitCurrency: z.string().length(3),
  profitUSDEQ: decimalString.nullable(),
  valueDate: isoDate,
});
export const dealProfitSummaryRow = z.object({
  group: z.string(),
  currency: z.string().length(3),
  count: z.number().int(),
  profit: decimalString,
});

/** Deal position row (shell, section 3). */
export const dealPosition = z.object({
  walletId: z.string(),
  valueDate: isoDate,
  dealType,
  currency: z.string().length(3),
  dealCommitFromDealsAmount: decimalString,
  dealCommitFromBalanceAmount: decimalString,
  dealAllocated: decimalString,
  dealFixedWithBank: decimalString,
  dealPendingWithBank: decimalString,
  dealRealisedWithBank: decimalString,
  openPosition: decimalString,
});

/** Settlement of fx premium or rebate between a TSP and a merchant. */
export const settlementBody = z.object({
  merchantServiceId: z.string().min(1),
  spWalletId: z.string().min(1),
  msWalletId: z.string().min(1),
  currency: z.string().length(3),
  amount: amountString,
  chargeIds: z.array(z.string()).optional(),
  settlementDate: isoDate.optional(),
  remarks: z.string().optional(),
});
export const settlementResult = z.object({
  settlementTransactionId: z.string(),
  type: z.enum(['FX_PREMIUM', 'REBATE', 'MISC', 'NET_OFF']),
  status: z.string(),
  currency: z.string().length(3),
  amount: decimalString,
  vouchers: z.array(z.string()),
});
export const miscPayment = z.object({
  spWalletId: z.string().min(1),
  fundingPartyId: z.string().min(1),
  purpose: z.string().min(1, 'purpose is required'),
  currency: z.string().length(3),
  amount: positiveDecimalString,
  direction: z.enum(['IN', 'OUT']),
  remarks: z.string().optional(),
});
export const netOffCandidate = z.object({
  transactionId: z.string(),
  merchantServiceId: z.string(),
  targetCurrency: z.string().length(3),
  amount: decimalString,
  direction: z.enum(['PAYABLE', 'RECEIVABLE']),
  valueDate: isoDate,
});
export const netOffPreview = z.object({
  walletId: z.string(),
  currency: z.string().length(3),
  payable: decimalString,
  receivable: decimalString,
  net: decimalString,
  transactionIds: z.array(z.string()),
});
