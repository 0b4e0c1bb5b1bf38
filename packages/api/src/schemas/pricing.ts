import { z } from 'zod';
import { amountObject, audit, decimalString, isoDate } from './common.ts';

export const feeType = z.enum(['OUR', 'SHA', 'BEN', 'REBATE', 'FX_PREMIUM']);

/** A tax charged on a fee, as a percentage of the fee (e.g. VAT 5 %). */
const feeTax = z.object({
  name: z.string().min(1, 'name is required').max(60),
  percentage: decimalString,
});

/** One slab of a fee: the fee applies to amounts between slabValueFrom and slabValueTo. */
const feeSlab = z.object({
  slabValueFrom: decimalString,
  slabValueTo: decimalString.nullable(),
  slabCurrency: z.string().length(3),
  flatFee: decimalString,
  percentageFee: decimalString,
  minFee: decimalString.nullable(),
  maxFee: decimalString.nullable(),
});

const feeRuleFields = {
  senderCountry: z.string().nullable(),
  sourceCountryCode: z.string().nullable(),
  destinationCountryCode: z.string().nullable(),
  walletCurrencyCode: z.string().nullable(),
  payoutCurrencyCode: z.string().nullable(),
  correspondentId: z.string().nullable(),
  channelId: z.string().nullable(),
  deliveryModeId: z.string().nullable(),
  beneficiaryFi: z.string().nullable(),
  transferType: z.string().nullable(),
  chargeMode: feeType,
  transactionCategory: z.string().nullable(),
  transactionType: z.string().nullable(),
  effectiveFrom: isoDate,
  effectiveTo: isoDate.nullable(),
  isPromotional: z.boolean(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  slabs: z.array(feeSlab).min(1),
  /** Taxes on the fee this rule computes; none when empty. */
  taxes: z.array(feeTax).max(10),
};

/** A merchant fee rule (TSP pricing) or a correspondent fee rule. */
export const feeRule = z.object({
  id: z.string(),
  serviceProviderId: z.string(),
  merchantFeeProfileId: z.string().nullable(),
  ...feeRuleFields,
  ...audit,
});
export type FeeRule = z.infer<typeof feeRule>;

const optionalized = Object.fromEntries(Object.entries(feeRuleFields).map(([k, v]) => [k, v.optional()])) as {
  [K in keyof typeof feeRuleFields]: z.ZodOptional<(typeof feeRuleFields)[K]>;
};

export const feeRuleBody = z.object({
  ...optionalized,
  merchantFeeProfileId: z.string().optional(),
  chargeMode: feeType,
  effectiveFrom: isoDate,
  slabs: z
    .array(feeSlab.partial({ minFee: true, maxFee: true, slabValueTo: true }))
    .min(1, 'at least one slab')
    .max(50),
});

/** Fee-for-transaction inputs (part B, section 3). */
const feeForTransactionFields = {
  senderCountry: z.string().optional(),
  sourceCountry: z.string().optional(),
  targetCountry: z.string().optional(),
  sourceCurrency: z.string().length(3).optional(),
  targetCurrency: z.string().length(3).optional(),
  correspondentId: z.string().optional(),
  beneficiaryId: z.string().optional(),
  channelId: z.string().optional(),
  deliveryModeId: z.string().optional(),
  transactionType: z.string().optional(),
  transactionCategory: z.string().optional(),
  transferType: z.string().optional(),
  /** Who bears the charges; all fee types are answered when absent. */
  chargeMode: z.enum(['OUR', 'SHA', 'BEN']).optional(),
  /** The merchant whose fee profile applies (TSP and internal calls; a merchant's own call uses itself). */
  merchantId: z.string().optional(),
};
export const feeForTransactionBody = z.object({
  ...feeForTransactionFields,
  sourceAmount: amountObject.optional(),
  targetAmount: amountObject.optional(),
});

const feeQuote = z.object({
  feeRuleId: z.string().nullable(),
  feeType,
  amount: decimalString,
  currency: z.string().length(3),
  tax: z.object({ total: decimalString, details: z.array(z.object({ name: z.string(), amount: decimalString })) }),
});
export const feeForTransaction = z.object({ fees: z.array(feeQuote), total: decimalString, currency: z.string().length(3) });

/** Fee pricing model (fee profile): a named set of fee rules assigned to merchants. */
export const pricingModel = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  serviceProviderId: z.string(),
  ...audit,
});
export const pricingModelBody = z.object({
  name: z.string().min(1, 'name is required'),
  description: z.string().optional(),
  enabled: z.boolean().default(true),
});
