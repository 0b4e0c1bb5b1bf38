import { z } from 'zod';
import { amountObject, decimalString, isoDate, isoDateTime, money } from './common.ts';
import { dealType } from './markups.ts';
import { feeType } from './pricing.ts';

/** Exchange rate of a pair for a deal type and value date; rates are decimal strings (8 dp shown). */
export const exchangeRate = z.object({
  sourceCurrency: z.string().length(3),
  targetCurrency: z.string().length(3),
  dealType,
  valueDate: isoDate,
  rateProviderId: z.string(),
  currencyDealConfigId: z.string().nullable(),
  rateType: z.enum(['IBR', 'CALIBRATED', 'PLATFORM', 'MERCHANT', 'INDICATIVE']),
  bid: decimalString,
  ask: decimalString,
  mid: decimalString,
  inverseRate: decimalString,
  transactionCategory: z.string().nullable(),
  markupProfileId: z.string().nullable(),
  updatedAt: isoDateTime,
  /** When the provider published the rate under it (its market time, not when it reached us). */
  asOf: isoDateTime,
  /** Whole seconds since asOf at the time of the answer: a rate past the TSP's staleness limit is not priced on. */
  ageSeconds: z.number().int().nonnegative(),
});

/** What one import of a provider's rates file stored (`POST /v1/internal/rates/import`). */
export const rateImportResult = z.object({
  rateProviderId: z.string(),
  asOf: isoDateTime,
  currencies: z.number().int(),
  ratesStored: z.number().int(),
  dealsUpdated: z.number().int(),
});

export const ibrUpdate = z.object({
  sourceCurrency: z.string().length(3),
  targetCurrency: z.string().length(3),
  dealType,
  rateProviderId: z.string().min(1),
  valueDate: isoDate.optional(),
  bid: decimalString,
  ask: decimalString,
});

/** Merchant-facing rate for a wallet currency pair (`/v1/merchant/rates`). */
export const merchantRate = z.object({
  currencyCode: z.string().length(3),
  countryCode: z.string().nullable(),
  walletId: z.string().nullable(),
  serviceProviderId: z.string(),
  rate: decimalString,
  inverseRate: decimalString,
  updatedAt: isoDateTime,
});

const charge = z.object({
  feeType,
  /** Who bears the charge; null for incentives (REBATE, FX_PREMIUM), paid to the merchant. */
  chargeMode: feeType.nullable(),
  amount: decimalString,
  currency: z.string().length(3),
  tax: z.object({ total: decimalString, details: z.array(z.object({ name: z.string(), amount: decimalString })) }),
});

const quoteWallet = z.object({
  id: z.string(),
  country: z.string(),
  currency: z.string().length(3),
  bankCode: z.string().nullable(),
  spWallet: z.object({ id: z.string(), bankCode: z.string().nullable(), country: z.string(), currency: z.string() }).nullable(),
});

/** Quote (shell, section 3): expires at expireAt. */
export const quote = z.object({
  id: z.string(),
  serviceProviderId: z.string(),
  merchantId: z.string().nullable(),
  transactionCategory: z.string(),
  dealType,
  sendAmount: money,
  receiveAmount: money,
  valueDate: isoDate,
  rates: z.object({ ibr: decimalString, layer1: decimalString, layer2: decimalString, volatile: decimalString }),
  exchangeRate: decimalString,
  inverseExchangeRate: decimalString,
  settlementWallet: quoteWallet.nullable(),
  sourceWallet: quoteWallet.nullable(),
  merchantCharges: z.array(charge),
  correspondentCharges: z.array(charge),
  quote: z.object({ generatedAt: isoDateTime, expired: z.boolean() }),
  expireAt: isoDateTime,
  /** INVALID once negotiation replaced it: it can never be used. */
  status: z.enum(['ACTIVE', 'INVALID']).optional(),
  replacedBy: z.string().nullable().optional(),
  totalDebit: money.optional(),
  netCredit: money.optional(),
});
export type Quote = z.infer<typeof quote>;

const quoteFields = {
  transactionCategory: z.string().min(1, 'transactionCategory is required'),
  dealType: dealType.default('CASH'),
  sourceWalletId: z.string().min(1, 'sourceWalletId is required'),
  settlementWalletId: z.string().optional(),
  merchantId: z.string().optional(),
  sendAmount: amountObject.optional(),
  receiveAmount: amountObject.optional(),
  targetCurrency: z.string().length(3).optional(),
  valueDate: isoDate.optional(),
  /** Who bears the charges; OUR (the sender) when not said. */
  chargeMode: z.enum(['OUR', 'SHA', 'BEN']).optional(),
};

export const quoteRequest = z.object(quoteFields).refine((b) => b.sendAmount !== undefined || b.receiveAmount !== undefined, {
  message: 'sendAmount or receiveAmount is required',
  path: ['sendAmount'],
});

/** Fee values a TSP sets on a quote (spec 4: keyed OUR, BEN, REBATE and FX_PREMIUM). */
const quoteFeeValues = z.partialRecord(z.enum(['OUR', 'BEN', 'REBATE', 'FX_PREMIUM']), decimalString);

/**
 * A TSP's quote request: a new quote, or (with `quoteId`) the TSP's fee edit of one of its merchants'
 * quotes, which replaces it with a quote recalculated on those fee values (spec 4). The negotiation
 * call is a merchant call, so this is the TSP's way to send fee values.
 */
export const tspQuoteRequest = z
  .object({
    ...quoteFields,
    transactionCategory: quoteFields.transactionCategory.optional(),
    sourceWalletId: quoteFields.sourceWalletId.optional(),
    quoteId: z.string().min(1).optional(),
    fees: quoteFeeValues.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.quoteId !== undefined) return;
    if (b.transactionCategory === undefined) ctx.addIssue({ code: 'custom', path: ['transactionCategory'], message: 'transactionCategory is required' });
    if (b.sourceWalletId === undefined) ctx.addIssue({ code: 'custom', path: ['sourceWalletId'], message: 'sourceWalletId is required' });
    if (b.sendAmount === undefined && b.receiveAmount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['sendAmount'], message: 'sendAmount or receiveAmount is required' });
    }
    if (b.fees !== undefined) ctx.addIssue({ code: 'custom', path: ['fees'], message: 'fees are set on an existing quote: name it with quoteId' });
  });

/**
 * Negotiation of an expired or edited quote: the TSP's fee values keyed OUR, BEN, REBATE and
 * FX_PREMIUM (spec 4); a merchant only asks again, without fees.
 */
export const quoteNegotiation = z.object({
  quoteId: z.string().min(1, 'quoteId is required'),
  fees: quoteFeeValues.optional(),
});
