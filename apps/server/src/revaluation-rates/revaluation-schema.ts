import { boolean, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

/**
 * One revaluation of a TSP's wallets for a date, in the currencies it claimed (migration 0024_partners_revaluation;
 * 0036_revaluation made it once per TSP, date and currency rather than once per TSP and date).
 */
export const revaluationRuns = pgTable(
  'revaluation_runs',
  {
    id: text('id').primaryKey(),
    serviceProviderId: text('service_provider_id').notNull(),
    revaluationDate: date('revaluation_date', { mode: 'string' }).notNull(),
    baseCurrency: text('base_currency').notNull(),
    walletsRevalued: integer('wallets_revalued').notNull(),
    totalGainLoss: numeric('total_gain_loss').notNull(),
    vouchers: text('vouchers').array().notNull().default([]),
    currencies: text('currencies').array().notNull().default([]),
    createdBy: text('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('revaluation_runs_sp_date_idx').on(t.serviceProviderId, t.revaluationDate, t.createdAt)],
);

/** Which run revalued a TSP's wallets of a currency on a date: the claim that makes a run once per date and currency. */
export const revaluationRunCurrencies = pgTable(
  'revaluation_run_currencies',
  {
    serviceProviderId: text('service_provider_id').notNull(),
    revaluationDate: date('revaluation_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    runId: text('run_id').notNull(),
  },
  (t) => [primaryKey({ name: 'revaluation_run_currencies_pk', columns: [t.serviceProviderId, t.revaluationDate, t.currency] })],
);

/** A wallet's unrealised gain or loss of one run, in the TSP's base currency; at most one per wallet and date. */
export const walletRevaluations = pgTable(
  'wallet_revaluations',
  {
    id: text('id').primaryKey(),
    runId: text('run_id').notNull(),
    serviceProviderId: text('service_provider_id').notNull(),
    walletId: text('wallet_id').notNull(),
    currency: text('currency').notNull(),
    baseCurrency: text('base_currency').notNull(),
    revaluationDate: date('revaluation_date', { mode: 'string' }).notNull(),
    rateId: text('rate_id').notNull(),
    rate: numeric('rate').notNull(),
    previousRate: numeric('previous_rate').notNull(),
    balance: numeric('balance').notNull(),
    gainLoss: numeric('gain_loss').notNull(),
    voucherId: text('voucher_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_revaluations_wallet_date_uq').on(t.walletId, t.revaluationDate),
    index('wallet_revaluations_sp_date_idx').on(t.serviceProviderId, t.revaluationDate, t.id),
  ],
);
