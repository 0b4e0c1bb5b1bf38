import { z } from 'zod';
import { audit, decimalString, isoDate } from './common.ts';
import { dealType } from './markups.ts';

export const currencyConfig = z.object({
  id: z.string(),
  serviceProviderId: z.string(),
  sourceCurrency: z.string().length(3),
  targetCurrency: z.string().length(3),
  autoRefreshEnabled: z.boolean(),
  enabled: z.boolean(),
  dealConfigs: z.array(z.lazy(() => currencyDeal)).optional(),
  ...audit,
});
export const currencyConfigBody = z.object({
  sourceCurrency: z.string().length(3),
  targetCurrency: z.string().length(3),
  autoRefreshEnabled: z.boolean().default(false),
  enabled: z.boolean().default(true),
});

/** A partial update: a field left out keeps its value (no defaults, unlike the create body). */
export const currencyConfigUpdate = z.object({
  sourceCurrency: z.string().length(3).optional(),
  targetCurrency: z.string().length(3).optional(),
  autoRefreshEnabled: z.boolean().optional(),
  enabled: z.boolean().optional(),
});

const instrumentStatus = z.enum(['ACTIVE', 'INACTIVE', 'SUSPENDED']);

/** Currency deal config: how a pair trades for a deal type, with which rate provider and instrument. */
export const currencyDeal = z.object({
  id: z.string(),
  currencyConfigId: z.string(),
  serviceProviderId: z.string(),
  sourceCurrency: z.string().length(3),
  targetCurrency: z.string().length(3),
  dealType,
  rateProviderId: z.string(),
  instrumentId: z.string(),
  instrumentStatus,
  ibrRate: decimalString.nullable(),
  /** How long a quote on this deal config holds, in seconds (a quote's expireAt = creation + this). */
  quoteValiditySeconds: z.number().int(),
  ...audit,
});
/** Quote validity bounds: 10 seconds to 7 days. */
const QUOTE_VALIDITY_SECONDS = { min: 10, max: 604_800, default: 300 } as const;
export const currencyDealBody = z.object({
  currencyConfigId: z.string().min(1),
  sourceCurrency: z.string().length(3),
  targetCurrency: z.string().length(3),
  dealType,
  rateProviderId: z.string().min(1),
  instrumentId: z.string().min(1),
  instrumentStatus: instrumentStatus.default('ACTIVE'),
  quoteValiditySeconds: z
    .number()
    .int()
    .min(QUOTE_VALIDITY_SECONDS.min, `must be at least ${QUOTE_VALIDITY_SECONDS.min} seconds`)
    .max(QUOTE_VALIDITY_SECONDS.max, `must be at most ${QUOTE_VALIDITY_SECONDS.max} seconds (7 days)`)
    .default(QUOTE_VALIDITY_SECONDS.default),
});
export const instrumentStatusUpdate = z.object({
  ids: z.array(z.string().min(1)).min(1),
  instrumentStatus,
});
export const instrumentIbrUpdate = z.object({
  instrumentId: z.string().min(1),
  ibrRate: decimalString,
  valueDate: isoDate.optional(),
});
export const instrument = z.object({
  instrumentId: z.string(),
  sourceCurrency: z.string().length(3),
  targetCurrency: z.string().length(3),
  dealType,
  rateProviderId: z.string(),
  instrumentStatus,
  ibrRate: decimalString.nullable(),
});

export const globalConfig = z.object({
  id: z.string(),
  category: z.string(),
  key: z.string(),
  value: z.string(),
  serviceProviderId: z.string().nullable(),
  ...audit,
});
export const globalConfigBody = z.object({
  category: z.string().min(1),
  key: z.string().min(1),
  value: z.string(),
});

/** Merchant config (part A, section 3): category, key, value. */
export const merchantConfig = z.object({
  id: z.string(),
  merchantServiceId: z.string(),
  category: z.string(),
  key: z.string(),
  value: z.string(),
  ...audit,
});
export const merchantConfigBody = z.object({
  category: z.string().min(1),
  key: z.string().min(1),
  value: z.string(),
});

export const fundingParty = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  countryCode: z.string().nullable(),
  bankCode: z.string().nullable(),
  accountNumber: z.string().nullable(),
  enabled: z.boolean(),
  serviceProviderId: z.string(),
  ...audit,
});
export const fundingPartyBody = z.object({
  name: z.string().min(1, 'name is required'),
  type: z.string().min(1, 'type is required'),
  countryCode: z.string().min(2).max(3).optional(),
  bankCode: z.string().optional(),
  accountNumber: z.string().optional(),
  enabled: z.boolean().default(true),
});

export const revaluationConfig = z.object({
  id: z.string(),
  currencyConfigId: z.string(),
  serviceProviderId: z.string(),
  sourceCurrency: z.string().length(3),
  targetCurrency: z.string().length(3),
  autoRevaluation: z.boolean(),
  autoRevaluationRateType: z.string().nullable(),
  ...audit,
});
export const revaluationConfigBody = z.object({
  currencyConfigId: z.string().min(1),
  sourceCurrency: z.string().length(3),
  targetCurrency: z.string().length(3),
  autoRevaluation: z.boolean().default(false),
  autoRevaluationRateType: z.string().optional(),
});
export const revaluationRate = z.object({
  id: z.string(),
  revaluationConfigId: z.string(),
  currencyConfigId: z.string(),
  sourceCurrency: z.string().length(3),
  targetCurrency: z.string().length(3),
  revaluationDate: isoDate,
  rate: decimalString,
  ...audit,
});
export const revaluationRateBody = z.object({
  revaluationConfigId: z.string().min(1),
  revaluationDate: isoDate,
  rate: decimalString,
});
/** Run of a revaluation: wallets in a currency are revalued at the day's rate. */
export const revaluationRun = z.object({
  revaluationDate: isoDate,
  currencies: z.array(z.string().length(3)).optional(),
  walletIds: z.array(z.string()).optional(),
});
export const revaluationResult = z.object({
  runId: z.string(),
  revaluationDate: isoDate,
  walletsRevalued: z.number().int(),
  totalGainLoss: decimalString,
  currency: z.string().length(3),
  vouchers: z.array(z.string()),
});
export const walletRevaluation = z.object({
  id: z.string(),
  walletId: z.string(),
  currency: z.string().length(3),
  revaluationDate: isoDate,
  rate: decimalString,
  previousRate: decimalString,
  balance: decimalString,
  gainLoss: decimalString,
});
