import { z } from 'zod';
import { amountObject, amountString, audit, decimalString, isoDate, isoDateTime, positiveDecimalString } from './common.ts';

const transactionStatus = z.enum(['PENDING', 'PROCESSING', 'COMPLETED', 'REJECTED', 'CANCELLED', 'FAILED', 'SOURCE_REJECTED', 'TARGET_REJECTED']);
const approvalStatus = z.enum(['PENDING', 'IN_VERIFICATION', 'APPROVED', 'REJECTED']);
export const chargeMode = z.enum(['OUR', 'SHA', 'BEN', 'REBATE', 'FX_PREMIUM']);

const charge = z.object({
  chargeMode,
  amount: decimalString,
  currency: z.string().length(3),
  tax: z.array(z.object({ name: z.string(), amount: decimalString })),
});

export const comment = z.object({
  id: z.string(),
  content: z.string(),
  createdAt: isoDateTime,
  createdBy: z.object({ id: z.string(), name: z.string() }),
});

/** Transaction v2 (deal / top-up / payout...), the shape the deal receipt reads. */
export const transaction = z.object({
  id: z.string(),
  transactionId: z.string(),
  category: z.string(),
  type: z.string(),
  status: transactionStatus,
  txnStatus: transactionStatus,
  sourceApprovalStatus: approvalStatus.nullable(),
  targetApprovalStatus: approvalStatus.nullable(),
  referenceNumber: z.string().nullable(),
  merchantId: z.string().nullable(),
  serviceProviderId: z.string(),
  targetSPId: z.string().nullable(),
  sourceWalletId: z.string().nullable(),
  targetWalletId: z.string().nullable(),
  fundingPartyId: z.string().nullable(),
  correspondentId: z.string().nullable(),
  collectionMode: z.string().nullable(),
  quoteId: z.string().nullable(),
  sourceAmount: decimalString,
  sourceCurrency: z.string().length(3),
  targetAmount: decimalString,
  targetCurrency: z.string().length(3),
  exchangeRate: decimalString.nullable(),
  correspondentCharges: z.array(charge),
  merchantCharges: z.array(charge),
  tax: z.array(z.object({ name: z.string(), amount: decimalString })),
  valueDate: isoDate.nullable(),
  remarks: z.string().nullable(),
  ...audit,
});

export const transactionCreate = z
  .object({
    category: z.string().min(1, 'category is required'),
    // A code (FX_DEAL for a transfer; a top-up's collection mode such as BANK_TRANSFER), never free text.
    type: z
      .string()
      .min(1, 'type is required')
      .regex(/^[A-Z][A-Z0-9_]{0,39}$/, 'must be a type code of capital letters, digits and underscores, e.g. FX_DEAL or BANK_TRANSFER'),
    quoteId: z.string().optional(),
    sourceWalletId: z.string().optional(),
    targetWalletId: z.string().optional(),
    fundingPartyId: z.string().optional(),
    correspondentId: z.string().optional(),
    collectionMode: z.string().optional(),
    sourceAmount: amountObject.optional(),
    targetAmount: amountObject.optional(),
    valueDate: isoDate.optional(),
    referenceNumber: z.string().optional(),
    purposeOfTransaction: z.string().optional(),
    sourceOfIncome: z.string().optional(),
    remarks: z.string().optional(),
  })
  // A transfer takes its amounts from its quote; anything else states one of them.
  .refine((b) => b.sourceAmount !== undefined || b.targetAmount !== undefined || b.quoteId !== undefined, {
    message: 'sourceAmount, targetAmount or quoteId is required',
    path: ['sourceAmount'],
  });

export const approvalBody = z.object({
  status: z.enum(['APPROVED', 'REJECTED', 'IN_VERIFICATION']),
  remarks: z.string().optional(),
});
/** A new comment (content), or an edit (commentId + content) or deletion (commentId + deleted) of one's own comment. */
export const commentBody = z
  .object({ content: z.string().trim().min(1, 'content is required').optional(), commentId: z.string().min(1).optional(), deleted: z.boolean().optional() })
  .refine((b) => b.content !== undefined || (b.commentId !== undefined && b.deleted === true), { message: 'content is required', path: ['content'] });
export const transactionDetailsUpdate = z.object({
  referenceNumber: z.string().optional(),
  remarks: z.string().optional(),
  valueDate: isoDate.optional(),
  purposeOfTransaction: z.string().optional(),
});

/** Approval record (shell, section 3). */
export const approvalRecord = z.object({
  transactionId: z.string(),
  step: z.enum(['SOURCE', 'TARGET']),
  data: z.array(z.object({ status: approvalStatus, remarks: z.string().nullable() })),
  createdBy: z.object({ id: z.string(), name: z.string() }),
  serviceProviderId: z.string(),
  createdAt: isoDateTime,
});

export const transactionStatusRecord = z.object({
  transactionId: z.string(),
  txnStatus: transactionStatus,
  sourceApprovalStatus: approvalStatus.nullable(),
  targetApprovalStatus: approvalStatus.nullable(),
  updatedAt: isoDateTime,
});

/** Timeline step (shell, section 3), the activities of a transaction. */
export const timelineStep = z.object({
  status: z.string(),
  time: isoDateTime,
  colorClass: z.string(),
  duration: z.string().nullable(),
  statusDetails: z.object({ name: z.string(), check: z.boolean() }).nullable().optional(),
});

export const transactionSummaryRow = z.object({
  status: z.string(),
  category: z.string(),
  currency: z.string().length(3),
  count: z.number().int(),
  totalAmount: decimalString,
});

export const basicTransaction = z.object({
  id: z.string(),
  transactionId: z.string(),
  category: z.string(),
  status: transactionStatus,
  sourceAmount: decimalString,
  sourceCurrency: z.string().length(3),
  targetAmount: decimalString,
  targetCurrency: z.string().length(3),
  createdAt: isoDateTime,
});

export const transactionCancellation = z.object({
  cancellationId: z.string(),
  mainTransactionId: z.string(),
  status: z.enum(['REQUESTED', 'APPROVED', 'REJECTED', 'COMPLETED']),
  success: z.boolean().nullable(),
  reason: z.string(),
  cancellationDate: isoDate.nullable(),
  cancelledBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  serviceProviderId: z.string(),
  cancelledOn: isoDateTime.nullable(),
  ...audit,
});
export const cancellationCreate = z.object({
  mainTransactionId: z.string().min(1, 'mainTransactionId is required'),
  reason: z.string().min(1, 'reason is required'),
  cancellationDate: isoDate,
});
export const cancellationApproval = z.object({
  cancellationId: z.string().min(1, 'cancellationId is required'),
  status: z.enum(['APPROVED', 'REJECTED']),
  remarks: z.string().optional(),
});

/** Reset of a wallet balance to a stated figure (a balancing voucher is posted). */
export const walletBalanceReset = z.object({
  walletId: z.string().min(1),
  balance: decimalString,
  reason: z.string().min(1, 'reason is required'),
});

export const netOffBody = z.object({
  spWalletId: z.string().min(1),
  transactionIds: z.array(z.string().min(1)).min(2, 'net-off needs at least two transactions'),
  valueDate: isoDate.optional(),
  remarks: z.string().optional(),
});
export const netOffResult = z.object({
  netOffId: z.string(),
  transactionIds: z.array(z.string()),
  currency: z.string().length(3),
  netAmount: decimalString,
  settlementTransactionId: z.string().nullable(),
});

export const topUp = z.object({
  transactionId: z.string(),
  merchantName: z.string().nullable(),
  transferRefNumber: z.string().nullable(),
  collectionMode: z.string().nullable(),
  bank: z.object({ name: z.string() }).nullable(),
  currency: z.string().length(3),
  amount: decimalString,
  account: z.object({ accountHolderName: z.string() }).nullable(),
  dateOfRequest: isoDateTime,
  sourceOfIncome: z.string().nullable(),
  purposeOfTransaction: z.string().nullable(),
  createdBy: z.string().nullable(),
  authorizedBy: z.string().nullable(),
  authirizedAt: isoDateTime.nullable(),
  remarks: z.string().nullable(),
  country: z.string().nullable(),
  walletBalance: decimalString.nullable(),
  status: transactionStatus,
});

/** Credit top-up posted by an internal operator. */
export const creditTopUp = z.object({
  walletId: z.string().min(1),
  amount: positiveDecimalString,
  currency: z.string().length(3),
  referenceNumber: z.string().optional(),
  remarks: z.string().optional(),
});
export const linkedTransactionCreate = z.object({
  mainTransactionId: z.string().min(1),
  linkedWalletId: z.string().min(1),
  amount: amountString,
  currency: z.string().length(3),
  remarks: z.string().optional(),
});
