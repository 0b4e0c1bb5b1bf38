import { z } from 'zod';
import { amountString, audit, decimalString, isoDate, isoDateTime } from './common.ts';

const paymentStatus = z.enum(['DRAFTED', 'INITIATED', 'PROCESSING', 'COMPLETED', 'CANCELLED', 'REJECTED', 'FAILED']);

const party = z.object({
  name: z.string().min(1),
  accountNumber: z.string().optional(),
  iban: z.string().optional(),
  bankCode: z.string().optional(),
  address: z.string().optional(),
  countryCode: z.string().min(2).max(3),
});

/** One step of a payment's status timeline (shell, section 2): the status it reached, when, by whom, and why. */
export const paymentTimelineStep = z.object({
  status: paymentStatus,
  action: z.string(),
  at: isoDateTime,
  by: z.object({ id: z.string(), name: z.string() }).nullable(),
  reason: z.string().nullable(),
});

/** Payment details (shell, section 3): sender, instruments, message, correspondent. */
export const payment = z.object({
  id: z.string(),
  paymentId: z.string(),
  draftId: z.string().nullable(),
  merchantId: z.string(),
  serviceProviderId: z.string(),
  walletId: z.string(),
  status: paymentStatus,
  category: z.string(),
  referenceNumber: z.string().nullable(),
  agentId: z.string().nullable(),
  agentReferenceNumber: z.string().nullable(),
  targetBankCode: z.string().nullable(),
  deliveryModeId: z.string().nullable(),
  correspondentId: z.string().nullable(),
  sender: z.object({
    name: z.string(),
    sendingAmount: decimalString,
    sendingCurrencyCode: z.string().length(3),
    sendingCountryCode: z.string(),
  }),
  receiver: z.object({ name: z.string(), countryCode: z.string(), accountNumber: z.string().nullable() }),
  instrumentsDetails: z.object({ receiveAmount: decimalString, receiveAmountCcyCode: z.string().length(3) }),
  exchangeRate: decimalString.nullable(),
  fee: decimalString.nullable(),
  message: z.string().nullable(),
  correspondentDetails: z.object({ walletId: z.string().nullable() }),
  quoteId: z.string().nullable(),
  valueDate: isoDate.nullable(),
  expiryDate: isoDate.nullable(),
  transactionDate: isoDateTime.nullable(),
  failureReason: z.string().nullable(),
  /** Every status change, oldest first: given by the one-payment calls, left out of lists. */
  timeline: z.array(paymentTimelineStep).optional(),
  ...audit,
});

/**
 * Body of a payment or a draft. `draftId` is the client's UUID of an offline draft: the server keeps it
 * unique forever, so a draft sent again after a week is still created once.
 */
export const paymentCreate = z
  .object({
    draftId: z.uuid().optional(),
    walletId: z.string().min(1, 'walletId is required'),
    quoteId: z.string().optional(),
    category: z.string().default('PAYOUT'),
    sendAmount: amountString.optional(),
    sendCurrency: z.string().length(3).optional(),
    receiveAmount: amountString.optional(),
    receiveCurrency: z.string().length(3).optional(),
    sender: party.partial({ countryCode: true }).optional(),
    receiver: party,
    beneficiaryId: z.string().optional(),
    deliveryModeId: z.string().optional(),
    correspondentId: z.string().optional(),
    targetBankCode: z.string().optional(),
    agentId: z.string().optional(),
    agentReferenceNumber: z.string().optional(),
    referenceNumber: z.string().optional(),
    purposeOfTransaction: z.string().optional(),
    sourceOfFunds: z.string().optional(),
    message: z.string().max(140).optional(),
    valueDate: isoDate.optional(),
    expiryDate: isoDate.optional(),
  })
  .refine((b) => b.sendAmount !== undefined || b.receiveAmount !== undefined, {
    message: 'sendAmount or receiveAmount is required',
    path: ['sendAmount'],
  });

/** Ids of payments to act on, with a reason (reject, cancel, move to new). */
export const paymentIdsAction = z.object({
  paymentIds: z.array(z.string().min(1)).min(1, 'paymentIds needs at least one id'),
  reason: z.string().optional(),
});

export const cancellationRequest = z.object({
  transactionId: z.string().min(1, 'transactionId is required'),
  reason: z.string().min(1, 'reason is required'),
  cancellationDate: isoDate.optional(),
});
export const cancellationStatus = z.object({
  transactionId: z.string(),
  cancellationId: z.string(),
  status: z.enum(['REQUESTED', 'APPROVED', 'REJECTED', 'COMPLETED']),
  cancelledBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  serviceProviderId: z.string().nullable(),
  cancelledOn: isoDateTime.nullable(),
  reason: z.string().nullable(),
});

export const paymentSummaryRow = z.object({
  status: z.string(),
  currency: z.string().length(3),
  count: z.number().int(),
  totalAmount: decimalString,
});

export const payoutBank = z.object({
  code: z.string(),
  name: z.string(),
  countryCode: z.string(),
  currencyCodes: z.array(z.string()),
});

export const failureLogEntry = z.object({
  id: z.string(),
  paymentId: z.string(),
  step: z.string(),
  errorCode: z.string(),
  message: z.string(),
  occurredAt: isoDateTime,
  retried: z.boolean(),
});

/** Outcome of processing drafts or pending payments in bulk. */
export const processOutcome = z.object({
  processed: z.array(z.string()),
  failed: z.array(z.object({ paymentId: z.string(), code: z.string(), message: z.string() })),
});
