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

/**
 * The formats a statement exports to: CSV, XLSX, PDF, SWIFT MT940 (customer statement) and ISO 20022
 * camt.053.001.02 (bank-to-customer statement).
 */
const exportFormat = z.enum(['CSV', 'XLSX', 'PDF', 'MT940', 'CAMT053']);

/** Export request of a statement; the answer is the generated file. */
export const statementExport = z.object({
  reportName: z.string().min(1, 'reportName is required'),
  format: exportFormat.default('CSV'),
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
/**
 * A generated export: a small one is ready at once (`url` fetches it); a large one runs as a job
 * (`jobId`, `status` QUEUED) whose progress and download are at `url` (GET /v1/reports/exports/{id}).
 */
export const exportResult = z.object({
  fileName: z.string(),
  url: z.string(),
  rows: z.number().int(),
  format: exportFormat,
  generatedAt: isoDateTime,
  jobId: z.string().optional(),
  status: z.enum(['READY', 'QUEUED']).optional(),
});

export const exportJobStatus = z.enum(['QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED']);
/** The report kinds of the reports screen (spec 1): a wallet statement (its lines) or a transaction statement (a row per transaction). */
export const reportKind = z.enum(['WALLET_STATEMENT', 'TRANSACTION_STATEMENT']);

/** Asks for a statement export as a job (the reports screen and the CLI); the filters are the statement's. */
export const exportJobCreate = z.object({
  kind: reportKind.default('WALLET_STATEMENT'),
  reportName: z.string().min(1, 'reportName is required').max(120),
  format: exportFormat.default('CSV'),
  walletIds: z.array(z.string().min(1)).optional(),
  merchantIds: z.array(z.string().min(1)).optional(),
  currencies: z.array(z.string().length(3)).optional(),
  categories: z.array(z.string()).optional(),
  actions: z.array(z.string()).optional(),
  mode: z.enum(['CREDIT', 'DEBIT']).optional(),
  fromDate: isoDate,
  toDate: isoDate,
});

/** A statement export and where it stands: lines written of lines expected, and its file once READY (until expiresAt). */
export const exportJob = z.object({
  id: z.string(),
  kind: reportKind,
  format: exportFormat,
  reportName: z.string(),
  parameters: z.object({
    walletIds: z.array(z.string()).optional(),
    merchantIds: z.array(z.string()).optional(),
    currencies: z.array(z.string()).optional(),
    categories: z.array(z.string()).optional(),
    actions: z.array(z.string()).optional(),
    mode: z.string().optional(),
    fromDate: isoDate,
    toDate: isoDate,
  }),
  status: exportJobStatus,
  linesExpected: z.number().int(),
  linesDone: z.number().int(),
  fileName: z.string().nullable(),
  size: z.number().int().nullable(),
  /** The download (GET, answers 409 until READY; honours Range to resume). */
  downloadUrl: z.string(),
  error: z.string().nullable(),
  createdAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
  expiresAt: isoDateTime,
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
