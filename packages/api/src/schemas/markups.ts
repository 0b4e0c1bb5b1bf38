import { z } from 'zod';
import { audit, decimalString } from './common.ts';

const markupType = z.enum(['PIP', 'PERCENTAGE', 'FLAT', 'BIP']);
export const dealType = z.enum(['CASH', 'TOM', 'SPOT', 'FWD']);

/** Ask and bid adjustments of a markup layer, in the layer's markup unit. */
const spread = {
  markupType,
  askMarkup: decimalString,
  bidMarkup: decimalString,
};

export const agentMarkup = z.object({
  id: z.string(),
  tspId: z.string(),
  productType: z.string(),
  activityType: z.string(),
  instrumentType: z.string(),
  agentLocationId: z.string().nullable(),
  recordStatus: z.enum(['ACTIVE', 'INACTIVE']),
  rateProfile: z.string().nullable(),
  ...spread,
  ...audit,
});
export const agentMarkupBody = z.object({
  markupType,
  productType: z.string().min(1),
  activityType: z.string().min(1),
  instrumentType: z.string().min(1),
  agentLocationId: z.string().optional(),
  recordStatus: z.enum(['ACTIVE', 'INACTIVE']).default('ACTIVE'),
  rateProfile: z.string().optional(),
  askMarkup: decimalString,
  bidMarkup: decimalString,
});

const layerKey = {
  transactionCategory: z.string(),
  sourceCurrency: z.string().length(3),
  targetCurrency: z.string().length(3),
  dealType,
  rateProviderId: z.string(),
  currencyDealConfigId: z.string(),
  currencyConfigId: z.string(),
};

export const layer1Markup = z.object({ id: z.string(), serviceProviderId: z.string(), ...layerKey, ...spread, ...audit });
export const layer2Markup = layer1Markup.extend({ markupProfileId: z.string() });

export const layer1Body = z.object({ id: z.string().optional(), ...layerKey, ...spread });
export const layer2Body = layer1Body.extend({ markupProfileId: z.string().min(1, 'markupProfileId is required') });
export const bulkIds = z.object({ ids: z.array(z.string().min(1)).min(1, 'ids needs at least one id') });

export const markupProfile = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  serviceProviderId: z.string(),
  ...audit,
});
export const markupProfileBody = z.object({
  name: z.string().min(1, 'name is required'),
  description: z.string().optional(),
  enabled: z.boolean().default(true),
});

/** Volatile layer: a temporary spread on a currency deal config, for volatile markets. */
export const volatileLayer = z.object({
  currencyDealConfigId: z.string(),
  currencyConfigId: z.string(),
  sourceCurrency: z.string().length(3),
  targetCurrency: z.string().length(3),
  dealType,
  rateProviderId: z.string(),
  instrumentId: z.string().nullable(),
  ...spread,
  ...audit,
});
export const volatileLayerBody = z.object({
  currencyDealConfigId: z.string().min(1, 'currencyDealConfigId is required'),
  ...spread,
});
export const volatileLayerAggregate = z.object({
  sourceCurrency: z.string().length(3),
  targetCurrency: z.string().length(3),
  dealType,
  layers: z.number().int(),
  askMarkup: decimalString,
  bidMarkup: decimalString,
});
