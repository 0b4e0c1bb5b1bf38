import { boolean, date, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DealType } from '@corridor/domain';

const createdBy = () => text('created_by');
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' });
/** Markups and rates are unconstrained numeric: drizzle hands them over as the decimal string stored. */
const decimal = (name: string) => numeric(name);

export type InstrumentStatus = 'ACTIVE' | 'INACTIVE' | 'SUSPENDED';
export type MarkupUnit = 'PIP' | 'PERCENTAGE' | 'FLAT' | 'BIP';

/** A currency pair a TSP trades (migration 0008_pricing-config). */
export const currencyConfigs = pgTable('currency_configs', {
  id: text('id').primaryKey(),
  serviceProviderId: text('service_provider_id').notNull(),
  sourceCurrency: text('source_currency').notNull(),
  targetCurrency: text('target_currency').notNull(),
  autoRefreshEnabled: boolean('auto_refresh_enabled').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  createdBy: createdBy(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** How a pair deals for one deal type: rate provider, instrument, its IBR and how long a quote holds. */
export const currencyDealConfigs = pgTable('currency_deal_configs', {
  id: text('id').primaryKey(),
  serviceProviderId: text('service_provider_id').notNull(),
  currencyConfigId: text('currency_config_id').notNull(),
  sourceCurrency: text('source_currency').notNull(),
  targetCurrency: text('target_currency').notNull(),
  dealType: text('deal_type').$type<DealType>().notNull(),
  rateProviderId: text('rate_provider_id').notNull(),
  instrumentId: text('instrument_id').notNull(),
  instrumentStatus: text('instrument_status').$type<InstrumentStatus>().notNull().default('ACTIVE'),
  ibrRate: decimal('ibr_rate'),
  ibrValueDate: date('ibr_value_date', { mode: 'string' }),
  quoteValiditySeconds: integer('quote_validity_seconds').notNull().default(300),
  createdBy: createdBy(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const fundingParties = pgTable('funding_parties', {
  id: text('id').primaryKey(),
  serviceProviderId: text('service_provider_id').notNull(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  countryCode: text('country_code'),
  bankCode: text('bank_code'),
  accountNumber: text('account_number'),
  enabled: boolean('enabled').notNull().default(true),
  createdBy: createdBy(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A TSP's global settings, (category, key) -> value; e.g. RATES / rateStalenessSeconds. */
export const globalConfigs = pgTable('global_configs', {
  id: text('id').primaryKey(),
  serviceProviderId: text('service_provider_id').notNull(),
  category: text('category').notNull(),
  key: text('key').notNull(),
  value: text('value').notNull(),
  createdBy: createdBy(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A merchant's own settings, (category, key) -> value. */
export const merchantConfigs = pgTable('merchant_configs', {
  id: text('id').primaryKey(),
  merchantServiceId: text('merchant_service_id').notNull(),
  category: text('category').notNull(),
  key: text('key').notNull(),
  value: text('value').notNull(),
  createdBy: createdBy(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const markupProfiles = pgTable('markup_profiles', {
  id: text('id').primaryKey(),
  serviceProviderId: text('service_provider_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  enabled: boolean('enabled').notNull().default(true),
  createdBy: createdBy(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Layer 1 (per transaction category and deal config) and layer 2 (the same, per markup profile)
 * markups in one table: `layer` tells them apart, layer 1 rows have an empty markup profile.
 */
export const markupLayers = pgTable('markup_layers', {
  id: text('id').primaryKey(),
  layer: integer('layer').$type<1 | 2>().notNull(),
  serviceProviderId: text('service_provider_id').notNull(),
  markupProfileId: text('markup_profile_id').notNull().default(''),
  transactionCategory: text('transaction_category').notNull(),
  currencyDealConfigId: text('currency_deal_config_id').notNull(),
  markupType: text('markup_type').$type<MarkupUnit>().notNull(),
  askMarkup: decimal('ask_markup').notNull(),
  bidMarkup: decimal('bid_markup').notNull(),
  createdBy: createdBy(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** At most one volatile layer per deal config: a temporary spread for volatile markets. */
export const volatileLayers = pgTable('volatile_layers', {
  currencyDealConfigId: text('currency_deal_config_id').primaryKey(),
  serviceProviderId: text('service_provider_id').notNull(),
  markupType: text('markup_type').$type<MarkupUnit>().notNull(),
  askMarkup: decimal('ask_markup').notNull(),
  bidMarkup: decimal('bid_markup').notNull(),
  createdBy: createdBy(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const agentMarkups = pgTable('agent_markups', {
  id: text('id').primaryKey(),
  serviceProviderId: text('service_provider_id').notNull(),
  productType: text('product_type').notNull(),
  activityType: text('activity_type').notNull(),
  instrumentType: text('instrument_type').notNull(),
  agentLocationId: text('agent_location_id'),
  recordStatus: text('record_status').$type<'ACTIVE' | 'INACTIVE'>().notNull().default('ACTIVE'),
  rateProfile: text('rate_profile'),
  markupType: text('markup_type').$type<MarkupUnit>().notNull(),
  askMarkup: decimal('ask_markup').notNull(),
  bidMarkup: decimal('bid_markup').notNull(),
  createdBy: createdBy(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
