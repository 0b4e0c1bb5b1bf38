import { boolean, date, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Which currency pairs of a TSP are revalued (migration 0017_pricing_revaluation). */
export const revaluationConfigs = pgTable('revaluation_configs', {
  id: text('id').primaryKey(),
  serviceProviderId: text('service_provider_id').notNull(),
  currencyConfigId: text('currency_config_id').notNull(),
  sourceCurrency: text('source_currency').notNull(),
  targetCurrency: text('target_currency').notNull(),
  autoRevaluation: boolean('auto_revaluation').notNull().default(false),
  autoRevaluationRateType: text('auto_revaluation_rate_type'),
  createdBy: text('created_by'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
  updatedAt: at('updated_at'),
});

/** The rate a config's pair is revalued at on one date; the pair is copied from the config. */
export const revaluationRates = pgTable('revaluation_rates', {
  id: text('id').primaryKey(),
  serviceProviderId: text('service_provider_id').notNull(),
  revaluationConfigId: text('revaluation_config_id').notNull(),
  currencyConfigId: text('currency_config_id').notNull(),
  sourceCurrency: text('source_currency').notNull(),
  targetCurrency: text('target_currency').notNull(),
  revaluationDate: date('revaluation_date', { mode: 'string' }).notNull(),
  rate: numeric('rate').notNull(),
  createdBy: text('created_by'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
  updatedAt: at('updated_at'),
});
