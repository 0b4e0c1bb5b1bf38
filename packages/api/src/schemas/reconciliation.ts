import { z } from 'zod';
import { decimalString, enumList, isoDate, isoDateTime, paging, queryDate, stringList } from './common.ts';

/**
 * Reconciliation of a TSP's incentive settlements (FX premium and rebate paid to merchants): for each
 * settlement wallet and settlement day, what the settled charges say is owed (expected) against what the
 * ledger moved out of the wallet for those settlements (settled). Our addition to the catalogue.
 */
const KINDS = ['EXCESS', 'SHORTFALL', 'UNSETTLED'] as const;
const STATUSES = ['OPEN', 'PENDING_APPROVAL', 'RESOLVED'] as const;
const reconciliationExceptionKind = z.enum(KINDS);
const reconciliationExceptionStatus = z.enum(STATUSES);
/** SCHEDULED: a settlement of the day is dated ahead, nothing is due yet. */
const reconciliationDayStatus = z.enum(['RECONCILED', 'EXCEPTIONS', 'RESOLVED', 'SCHEDULED']);

export const reconciliationFilter = z.object({
  fromDate: queryDate.optional(),
  toDate: queryDate.optional(),
  walletIds: stringList,
  currencyCodes: stringList,
});

export const reconciliationDay = z.object({
  walletId: z.string(),
  walletAlias: z.string(),
  currency: z.string().length(3),
  settlementDate: isoDate,
  settlements: z.number().int(),
  /** Settled charges' total: what the merchants were owed. */
  expectedAmount: decimalString,
  /** What the ledger moved out of the wallet for those settlements. */
  settledAmount: decimalString,
  /** settled - expected where more moved than owed (0 otherwise). */
  excessAmount: decimalString,
  exceptions: z.number().int(),
  openExceptions: z.number().int(),
  /** Every settlement of the day is reconciled (posted, its charges' isReconciled) with no open exception. */
  isReconciled: z.boolean(),
  status: reconciliationDayStatus,
  settlementTransactionIds: z.array(z.string()),
});

export const reconciliationExceptionFilter = reconciliationFilter.extend({
  kinds: enumList(KINDS),
  statuses: enumList(STATUSES),
  ...paging,
});

export const reconciliationException = z.object({
  id: z.string(),
  kind: reconciliationExceptionKind,
  status: reconciliationExceptionStatus,
  settlementTransactionId: z.string(),
  settlementType: z.enum(['FX_PREMIUM', 'REBATE']),
  walletId: z.string(),
  walletAlias: z.string(),
  merchantId: z.string().nullable(),
  currency: z.string().length(3),
  settlementDate: isoDate,
  expectedAmount: decimalString,
  settledAmount: decimalString,
  /** |settled - expected|: what an adjustment would move. */
  differenceAmount: decimalString,
  isReconciled: z.boolean(),
  reason: z.string().nullable(),
  /** The resolution posts an adjustment: a second user approves it. */
  adjustment: z.boolean(),
  requestedBy: z.string().nullable(),
  requestedAt: isoDateTime.nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: isoDateTime.nullable(),
  adjustmentVoucherNo: z.string().nullable(),
});

export const resolveExceptionBody = z.object({
  reason: z.string().trim().min(3, 'must say why, at least 3 characters').max(500, 'must be at most 500 characters'),
  /** Post an adjustment that moves the difference back (excess) or pays it (shortfall); needs a second user. */
  adjust: z.boolean().default(false),
});
