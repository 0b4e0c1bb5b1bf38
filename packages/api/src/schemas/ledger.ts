import { z } from 'zod';
import { audit, decimalString, isoDate, isoDateTime, pageOf } from './common.ts';

/** Voucher line (shell, section 3). */
export const voucherLine = z.object({
  accountName: z.string(),
  accountCode: z.string(),
  accountCcyCode: z.string().length(3),
  rate: decimalString,
  debitORCredit: z.enum(['D', 'C']),
  amountInFC: decimalString,
  amountInLC: decimalString,
  description1: z.string().nullable(),
  description2: z.string().nullable(),
});
/** Voucher (shell, section 3): balances in local currency. */
export const voucher = z.object({
  voucherNo: z.string(),
  branchName: z.string().nullable(),
  modifiedBy: z.string().nullable(),
  modifiedDate: isoDateTime.nullable(),
  status: z.string(),
  voucherDate: isoDate,
  totalCreditAmountInLc: decimalString,
  totalDebitAmountInLc: decimalString,
  voucherDetails: z.array(voucherLine),
});
export const accountingEntry = z.object({
  id: z.string(),
  voucherNo: z.string(),
  transactionId: z.string().nullable(),
  tspId: z.string().nullable(),
  tspWalletId: z.string().nullable(),
  merchantId: z.string().nullable(),
  msWalletId: z.string().nullable(),
  category: z.string(),
  subCategory: z.string().nullable(),
  transactionType: z.string().nullable(),
  voucher: voucher.nullable(),
  relatedVouchers: z.array(voucher).optional(),
  ...audit,
});

/** One line of a wallet statement or activity report. */
export const statementLine = z.object({
  walletId: z.string(),
  transactionId: z.string().nullable(),
  date: isoDateTime,
  action: z.string(),
  category: z.string(),
  mode: z.enum(['CREDIT', 'DEBIT']),
  description: z.string().nullable(),
  currency: z.string().length(3),
  amount: decimalString,
  openingBalance: decimalString,
  closingBalance: decimalString,
  merchantId: z.string().nullable(),
  tspId: z.string().nullable(),
});
/**
 * A page of statement lines. Besides page numbers, a date-ordered page gives the keyset cursor of the next
 * page (send it back as `cursor`: the next page is found by the last row's key at any depth, never by
 * skipping rows), and says whether its total is exact or a lower bound (`totalKind`: a filtered count
 * stops 10,000 rows past the page).
 */
export const statementPage = pageOf(statementLine);
export const statementSummaryRow = z.object({
  group: z.string(),
  currency: z.string().length(3),
  openingBalance: decimalString,
  totalCredit: decimalString,
  totalDebit: decimalString,
  closingBalance: decimalString,
  count: z.number().int(),
});

/** Export request of a statement; the answer is the generated file. */
export const statementExport = z.object({
  reportName: z.string().min(1, 'reportName is required'),
  format: z.enum(['CSV', 'XLSX', 'PDF']).default('CSV'),
  walletIds: z.array(z.string()).optional(),
  merchantIds: z.array(z.string()).optional(),
  tspIds: z.array(z.string()).optional(),
  transactionIds: z.array(z.string()).optional(),
  categories: z.array(z.string()).optional(),
  actions: z.array(z.string()).optional(),
  currencies: z.array(z.string()).optional(),
  mode: z.string().optional(),
  fromDate: isoDate,
  toDate: isoDate,
  groupBy: z.string().optional(),
  reqOpBalAdjustment: z.boolean().optional(),
});
export const exportResult = z.object({
  fileName: z.string(),
  url: z.string(),
  rows: z.number().int(),
  format: z.enum(['CSV', 'XLSX', 'PDF']),
  generatedAt: isoDateTime,
});

/** Record rows of the service-provider record views (revenue, revaluation, positions, profit). */
export const recordRow = z.object({
  id: z.string(),
  walletId: z.string().nullable(),
  currency: z.string().length(3),
  country: z.string().nullable(),
  accountingCurrency: z.string().nullable(),
  localCurrency: z.string().nullable(),
  date: isoDate,
  amount: decimalString,
  amountLCEQ: decimalString.nullable(),
  amountUSDEQ: decimalString.nullable(),
  details: z.record(z.string(), z.string()).optional(),
});
export const refreshResult = z.object({
  record: z.string(),
  tspId: z.string(),
  refreshed: z.number().int(),
  refreshedAt: isoDateTime,
});
