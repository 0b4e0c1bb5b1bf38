import { numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type RateHistoryType = 'MARKET' | 'IBR';
/** FEED: a market feed tick; IMPORT: a provider's file; MANUAL: keyed in by the TSP's desk. */
export type RateOrigin = 'FEED' | 'IMPORT' | 'MANUAL';

/** Every market mid and every IBR a deal priced on, with provider and times (migration 0010_rates). */
export const rateHistory = pgTable('rate_history', {
  id: text('id').primaryKey(),
  rateType: text('rate_type').$type<RateHistoryType>().notNull(),
  rateProviderId: text('rate_provider_id').notNull(),
  sourceCurrency: text('source_currency').notNull(),
  targetCurrency: text('target_currency').notNull(),
  mid: numeric('mid').notNull(),
  serviceProviderId: text('service_provider_id'),
  currencyDealConfigId: text('currency_deal_config_id'),
  origin: text('origin').$type<RateOrigin>().notNull(),
  asOf: timestamp('as_of', { withTimezone: true, mode: 'date' }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
});
