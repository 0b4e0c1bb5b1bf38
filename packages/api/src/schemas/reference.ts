import { z } from 'zod';
import { audit } from './common.ts';

/** Currency (shell, section 3): dp is the number of decimal places (8 when unknown). */
export const currency = z.object({
  code: z.string().length(3),
  sign: z.string().nullable(),
  name: z.string(),
  countryCode: z.string().nullable(),
  dp: z.number().int().min(0).max(8),
  enabled: z.boolean().optional(),
});

export const country = z.object({
  code: z.string().min(2).max(3),
  name: z.string(),
  iso3: z.string().length(3).nullable().optional(),
  currencyCode: z.string().length(3).nullable().optional(),
  dialCode: z.string().nullable().optional(),
});

export const bank = z.object({
  code: z.string(),
  name: z.string(),
  bic: z.string().nullable().optional(),
  countryCode: z.string(),
  ...audit,
});

export const bankBranch = z.object({
  code: z.string(),
  name: z.string(),
  bankCode: z.string(),
  city: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
  countryCode: z.string(),
});

export const bankCountryCurrency = z.object({
  countryCode: z.string(),
  bankCode: z.string(),
  currencyCode: z.string().length(3),
});

/** Generic code/name item of the master lists (categories, types, channels, purposes...). */
export const codeName = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string().nullable().optional(),
  enabled: z.boolean().optional(),
});

/** Master list item keyed by id. */
export const idName = z.object({
  id: z.string(),
  code: z.string().optional(),
  name: z.string(),
  description: z.string().nullable().optional(),
  enabled: z.boolean().optional(),
});

export const accountCategory = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
});

export const correspondent = z.object({
  correspondentId: z.string(),
  name: z.string(),
  countryCode: z.string(),
  currencyCodes: z.array(z.string()),
  bankCode: z.string().nullable().optional(),
  enabled: z.boolean(),
});

export const tradingCurrency = z.object({
  code: z.string().length(3),
  name: z.string(),
  dp: z.number().int(),
  tradable: z.boolean(),
});

export const mto = z.object({
  id: z.string(),
  name: z.string(),
  countryCode: z.string(),
  licenseNumber: z.string().nullable().optional(),
});

export const rateProvider = z.object({ id: z.string(), name: z.string(), enabled: z.boolean() });
