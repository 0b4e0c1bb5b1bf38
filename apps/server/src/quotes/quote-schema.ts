import { date, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DealType, FeeOverrides, QuoteCharge } from '@corridor/domain';

/** Every rate that made a quote, in pricing order, and when the IBR was set. */
export interface QuoteRates {
  ibr: string;
  layer1: string;
  layer2: string;
  volatile: string;
  final: string;
  ibrAt: string;
  rateProviderId: string;
}

/** A firm quote (migration 0011_quotes). */
export const quotes = pgTable('quotes', {
  id: text('id').primaryKey(),
  serviceProviderId: text('service_provider_id').notNull(),
  merchantId: text('merchant_id'),
  currencyDealConfigId: text('currency_deal_config_id').notNull(),
  transactionCategory: text('transaction_category').notNull(),
  dealType: text('deal_type').$type<DealType>().notNull(),
  chargeMode: text('charge_mode').$type<'OUR' | 'SHA' | 'BEN'>().notNull(),
  sourceWalletId: text('source_wallet_id').notNull(),
  settlementWalletId: text('settlement_wallet_id'),
  givenSide: text('given_side').$type<'send' | 'receive'>().notNull(),
  givenAmount: numeric('given_amount').notNull(),
  sendAmount: numeric('send_amount').notNull(),
  sendCurrency: text('send_currency').notNull(),
  receiveAmount: numeric('receive_amount').notNull(),
  receiveCurrency: text('receive_currency').notNull(),
  valueDate: date('value_date', { mode: 'string' }).notNull(),
  requestedValueDate: date('requested_value_date', { mode: 'string' }),
  exchangeRate: numeric('exchange_rate').notNull(),
  inverseRate: numeric('inverse_rate').notNull(),
  rates: jsonb('rates').$type<QuoteRates>().notNull(),
  merchantCharges: jsonb('merchant_charges').$type<QuoteCharge[]>().notNull(),
  correspondentCharges: jsonb('correspondent_charges').$type<QuoteCharge[]>().notNull(),
  totals: jsonb('totals').$type<{ totalDebit: { amount: string; currency: string }; netCredit: { amount: string; currency: string } }>().notNull(),
  feeRuleIds: jsonb('fee_rule_ids').$type<string[]>().notNull(),
  feeOverrides: jsonb('fee_overrides').$type<FeeOverrides>().notNull(),
  status: text('status').$type<'ACTIVE' | 'INVALID'>().notNull().default('ACTIVE'),
  replacesId: text('replaces_id'),
  replacedById: text('replaced_by_id'),
  generatedAt: timestamp('generated_at', { withTimezone: true, mode: 'date' }).notNull(),
  expireAt: timestamp('expire_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdBy: text('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type QuoteRow = typeof quotes.$inferSelect;
