import { boolean, date, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PaymentAction, PaymentActor, PaymentStatus } from '@corridor/domain';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A party of a payment as it was sent (the beneficiary is copied, so a later edit does not change a sent payment). */
export interface PaymentParty {
  name: string;
  countryCode: string;
  accountNumber?: string | null;
  iban?: string | null;
  bankCode?: string | null;
  address?: string | null;
}

/** One fee line the payment was priced with (from its quote, or the fee rules for a same-currency payment). */
export interface PaymentFeeLine {
  feeType: string;
  amount: string;
  currency: string;
  tax: string;
}

/** A payment (migration 0013_payments). `id` is the row's key; `paymentId` the reference people read and type. */
export const payments = pgTable('payments', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  /** The device's UUID of the draft: unique for ever per merchant, so a resent draft lands once. */
  draftId: text('draft_id'),
  /** Hash of the body a draft was created with: the same draftId with another body is DRAFT_ID_REUSED. */
  requestHash: text('request_hash'),
  merchantId: text('merchant_id').notNull(),
  serviceProviderId: text('service_provider_id').notNull(),
  walletId: text('wallet_id').notNull(),
  beneficiaryId: text('beneficiary_id'),
  status: text('status').$type<PaymentStatus>().notNull(),
  category: text('category').notNull().default('PAYOUT'),
  referenceNumber: text('reference_number'),
  agentId: text('agent_id'),
  agentReferenceNumber: text('agent_reference_number'),
  targetBankCode: text('target_bank_code'),
  deliveryModeId: text('delivery_mode_id'),
  correspondentId: text('correspondent_id'),
  sender: jsonb('sender').$type<PaymentParty>().notNull(),
  receiver: jsonb('receiver').$type<PaymentParty>().notNull(),
  sendAmount: numeric('send_amount').notNull(),
  sendCurrency: text('send_currency').notNull(),
  receiveAmount: numeric('receive_amount').notNull(),
  receiveCurrency: text('receive_currency').notNull(),
  exchangeRate: numeric('exchange_rate'),
  /** Total fees in the send currency. */
  fee: numeric('fee'),
  feeLines: jsonb('fee_lines').$type<PaymentFeeLine[]>().notNull().default([]),
  /** What is held on the wallet while the payment is INITIATED or PROCESSING: send amount plus fees. */
  holdAmount: numeric('hold_amount').notNull().default('0'),
  message: text('message'),
  purposeOfTransaction: text('purpose_of_transaction'),
  sourceOfFunds: text('source_of_funds'),
  quoteId: text('quote_id'),
  valueDate: date('value_date', { mode: 'string' }),
  expiryDate: date('expiry_date', { mode: 'string' }),
  transactionDate: at('transaction_date'),
  failureReason: text('failure_reason'),
  /** Bumped by every status change: a guard for optimistic updates. */
  version: integer('version').notNull().default(0),
  createdBy: text('created_by'),
  createdByName: text('created_by_name'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
  updatedAt: at('updated_at'),
});

/** Every status change, with who and when: the status timeline and the audit trail. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  action: text('action').$type<PaymentAction | 'create' | 'draft'>().notNull(),
  fromStatus: text('from_status').$type<PaymentStatus>(),
  toStatus: text('to_status').$type<PaymentStatus>().notNull(),
  actorType: text('actor_type').$type<PaymentActor>().notNull(),
  actorId: text('actor_id'),
  actorName: text('actor_name'),
  actorOrgId: text('actor_org_id'),
  reason: text('reason'),
  details: jsonb('details').$type<Record<string, unknown>>(),
  at: at('at').notNull().defaultNow(),
});

export const paymentCancellations = pgTable('payment_cancellations', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  status: text('status').$type<'REQUESTED' | 'APPROVED' | 'REJECTED' | 'COMPLETED'>().notNull(),
  reason: text('reason'),
  cancellationDate: date('cancellation_date', { mode: 'string' }),
  cancelledBy: text('cancelled_by'),
  cancelledByName: text('cancelled_by_name'),
  serviceProviderId: text('service_provider_id'),
  cancelledOn: at('cancelled_on'),
});

/**
 * The payout rail's durable queue: a row is written in the same transaction as the status change to
 * PROCESSING, claimed with `FOR UPDATE SKIP LOCKED` by any server process, and sent once per attempt.
 */
export const payoutOutbox = pgTable('payout_outbox', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  attempt: integer('attempt').notNull(),
  status: text('status').$type<'PENDING' | 'SENT' | 'DONE' | 'DEAD'>().notNull().default('PENDING'),
  availableAt: at('available_at').notNull().defaultNow(),
  claimedBy: text('claimed_by'),
  claimedAt: at('claimed_at'),
  sentAt: at('sent_at'),
  tries: integer('tries').notNull().default(0),
  lastError: text('last_error'),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** Callbacks received from the bank, by the bank's message id: a replay finds its row and changes nothing. */
export const bankCallbacks = pgTable('bank_callbacks', {
  id: text('id').primaryKey(),
  messageId: text('message_id').notNull(),
  kind: text('kind').$type<'ACK' | 'IDN' | 'ICN'>().notNull(),
  paymentId: text('payment_id'),
  body: jsonb('body').$type<Record<string, unknown>>().notNull(),
  outcome: text('outcome').notNull(),
  receivedAt: at('received_at').notNull().defaultNow(),
});

/** The failure log (`/v1/internal/transactions/payments/failureLog`): every step of a payment that failed. */
export const paymentFailures = pgTable('payment_failures', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  step: text('step').notNull(),
  errorCode: text('error_code').notNull(),
  message: text('message').notNull(),
  retried: boolean('retried').notNull().default(false),
  occurredAt: at('occurred_at').notNull().defaultNow(),
});

export type PaymentRow = typeof payments.$inferSelect;
