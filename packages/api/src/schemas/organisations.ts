import { z } from 'zod';
import { audit, isoDateTime } from './common.ts';
import { merchantAuthorizationDecision } from './profiles.ts';

/** Service provider (TSP): the shell loads its name through the user's parentId. */
export const serviceProvider = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().optional(),
  countryCode: z.string(),
  currencyCodes: z.array(z.string()),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  associated: z.boolean().optional(),
  ...audit,
});
export type ServiceProvider = z.infer<typeof serviceProvider>;

/** Merchant service (the merchant company, MSP). */
export const merchantService = z.object({
  id: z.string(),
  name: z.string(),
  countryCode: z.string(),
  serviceProviderIds: z.array(z.string()),
  markupProfileId: z.string().nullable().optional(),
  merchantFeeProfileId: z.string().nullable().optional(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  ...audit,
});
export type MerchantService = z.infer<typeof merchantService>;

export const merchantSummary = z.object({
  merchantServiceId: z.string(),
  name: z.string(),
  merchantProfileStatus: z.string().nullable(),
  markupProfileId: z.string().nullable(),
  walletCount: z.number().int(),
  currencies: z.array(z.string()),
  /** The profile the status is of (the merchant at its own TSP), its authorization's end, who submitted it, and the last decision. */
  merchantProfileId: z.string().nullable().optional(),
  authorizationExpiresAt: isoDateTime.nullable().optional(),
  submittedBy: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  lastDecision: merchantAuthorizationDecision.nullable().optional(),
});
