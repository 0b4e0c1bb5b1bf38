import { boolean, date, index, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organisations } from '../db/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One slab as stored: the contract's field names, amounts as decimal strings. */
export interface StoredSlab {
  slabValueFrom: string;
  slabValueTo: string | null;
  slabCurrency: string;
  flatFee: string;
  percentageFee: string;
  minFee: string | null;
  maxFee: string | null;
}

/** A tax on the fee of a rule (e.g. VAT 5 %). */
export interface StoredTax {
  name: string;
  percentage: string;
}

/** A fee pricing model: a named set of merchant fee rules a TSP assigns to its merchants. */
export const feeProfiles = pgTable('fee_profiles', {
  id: text('id').primaryKey(),
  serviceProviderId: text('service_provider_id')
    .notNull()
    .references(() => organisations.id),
  name: text('name').notNull(),
  description: text('description'),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at'),
  createdBy: text('created_by'),
});

/**
 * A fee rule: MERCHANT rules are what a TSP charges its merchants (optionally within a fee profile),
 * CORRESPONDENT rules what the TSP's correspondent side charges. Criteria left null match any value.
 * The slab bounds and currency are copied out of `slabs` so lists filter on them in SQL.
 */
export const feeRules = pgTable(
  'fee_rules',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['MERCHANT', 'CORRESPONDENT'] }).notNull(),
    serviceProviderId: text('service_provider_id')
      .notNull()
      .references(() => organisations.id),
    merchantFeeProfileId: text('merchant_fee_profile_id').references(() => feeProfiles.id),
    senderCountry: text('sender_country'),
    sourceCountryCode: text('source_country_code'),
    destinationCountryCode: text('destination_country_code'),
    walletCurrencyCode: text('wallet_currency_code'),
    payoutCurrencyCode: text('payout_currency_code'),
    correspondentId: text('correspondent_id'),
    channelId: text('channel_id'),
    deliveryModeId: text('delivery_mode_id'),
    beneficiaryFi: text('beneficiary_fi'),
    transferType: text('transfer_type'),
    chargeMode: text('charge_mode', { enum: ['OUR', 'SHA', 'BEN', 'REBATE', 'FX_PREMIUM'] }).notNull(),
    transactionCategory: text('transaction_category'),
    transactionType: text('transaction_type'),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    effectiveTo: date('effective_to', { mode: 'string' }),
    isPromotional: boolean('is_promotional').notNull().default(false),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    slabCurrency: text('slab_currency').notNull(),
    slabValueFrom: numeric('slab_value_from', { precision: 24, scale: 8 }).notNull(),
    slabValueTo: numeric('slab_value_to', { precision: 24, scale: 8 }),
    slabs: jsonb('slabs').$type<StoredSlab[]>().notNull(),
    taxes: jsonb('taxes').$type<StoredTax[]>().notNull().default([]),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at'),
    createdBy: text('created_by'),
  },
  (t) => [index('fee_rules_sp_kind_idx').on(t.serviceProviderId, t.kind), index('fee_rules_profile_idx').on(t.merchantFeeProfileId)],
);

export type FeeRuleRow = typeof feeRules.$inferSelect;
export type FeeProfileRow = typeof feeProfiles.$inferSelect;
