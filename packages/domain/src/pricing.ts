import type { DealType } from './constants.ts';
import { computeFee, findSlab, payerOf, taxOnFee } from './fees.ts';
import type { ChargeMode, ChargeTax, FeeSlab, TaxRule } from './fees.ts';
import { RATE_DP } from './fx.ts';
import { applyMarkup, applyMarkups } from './markups.ts';
import type { Markup } from './markups.ts';
import { Dec, decimalsOf, requireDecimal, toDecimal } from './money.ts';
import type { DecimalValue } from './money.ts';

/** A currency as pricing needs it: its code and decimals (8 when unknown). */
export interface PricingCurrency {
  code: string;
  dp?: number | null;
}

/** A fee schedule with the mode saying who bears it. */
export interface FeeSchedule {
  chargeMode: ChargeMode;
  slabs: FeeSlab[];
}

/** Fee values a TSP typed in the quote panel (spec 4, keyed OUR, BEN, REBATE, FX_PREMIUM). */
export type FeeOverrides = Partial<Record<'OUR' | 'BEN' | 'REBATE' | 'FX_PREMIUM', string>>;

/**
 * Quote lifetimes when no ttl is configured (ARCHITECTURE 9: "default short, e.g. 60 s for
 * CASH; long-dated deals past one day").
 */
export const DEFAULT_QUOTE_TTL_MS: Readonly<Record<DealType, number>> = {
  CASH: 60_000,
  TOM: 60_000,
  SPOT: 60_000,
  FWD: 2 * 86_400_000,
};

/** What {@link priceQuote} needs. Amounts and rates are decimal strings. */
export interface PriceQuoteInput {
  source: PricingCurrency;
  target: PricingCurrency;
  dealType?: DealType;
  /** Interbank rate of the pair: target units for one source unit. */
  ibrRate: string;
  /** Layer 1 markup (category, pair, deal type). */
  layer1Markup?: Markup | null;
  /** Layer 2 markup (the merchant's markup profile). */
  layer2Markup?: Markup | null;
  /** The volatile layer, applied after layer 2. */
  volatileMarkup?: Markup | null;
  /** Agent markups, applied last, each on the previous result. */
  agentMarkups?: readonly Markup[] | null;
  /** The amount the user typed: what is sent (source currency) or what is received (target). */
  amount: { side: 'send' | 'receive'; value: string };
  /** The merchant fee profile. */
  merchantFee?: FeeSchedule | null;
  /** The correspondent (TSP) fee. */
  correspondentFee?: FeeSchedule | null;
  /** Rebate incentive slabs (on the send amount). */
  rebate?: FeeSlab[] | null;
  /** FX premium incentive slabs (on the send amount). */
  fxPremium?: FeeSlab[] | null;
  /** Taxes on fees (each a percentage of every charge). */
  taxes?: TaxRule[];
  /** Fee values entered by a TSP; they replace the computed ones. */
  feeOverrides?: FeeOverrides;
  /** Quote lifetime; defaults by deal type ({@link DEFAULT_QUOTE_TTL_MS}). */
  ttlMs?: number;
  now: Date;
  valueDate?: string | null;
}

/** A charge of the quote (spec 3 Quote: "feeType or chargeMode ...; amount; tax with total and details"). */
export interface QuoteCharge {
  feeType: 'OUR' | 'BEN' | 'REBATE' | 'FX_PREMIUM';
  /** Who bears it; null for incentives (paid to the merchant, not by a party of the deal). */
  chargeMode: 'OUR' | 'BEN' | null;
  amount: string;
  currency: string;
  tax: ChargeTax;
}

/** A correspondent charge: always borne by a party, OUR in the source currency, BEN in the target. */
export interface CorrespondentCharge extends QuoteCharge {
  feeType: 'OUR' | 'BEN';
  chargeMode: 'OUR' | 'BEN';
}

export interface MoneyValue {
  amount: string;
  currency: string;
}

/** The priced quote, shaped like the spec's Quote entity plus totals. */
export interface PricedQuote {
  dealType: DealType;
  valueDate: string | null;
  sendAmount: MoneyValue;
  receiveAmount: MoneyValue;
  rates: { ibr: string; layer1: string; layer2: string; final: string };
  exchangeRate: string;
  inverseExchangeRate: string;
  merchantCharges: QuoteCharge[];
  correspondentCharges: CorrespondentCharge[];
  /** Sender's debit: send amount + charges borne OUR + their tax (source currency). */
  totalDebit: MoneyValue;
  /** Beneficiary's credit: receive amount - charges borne BEN - their tax (target currency). */
  netCredit: MoneyValue;
  quote: { generatedAt: string; expired: boolean };
  expireAt: string;
}

interface PricingContext {
  source: PricingCurrency;
  target: PricingCurrency;
  sourceDp: number;
  targetDp: number;
  rate: DecimalValue;
  send: DecimalValue;
  taxes: readonly TaxRule[];
}

/** A charge borne by `payer`: computed in the source currency, converted when BEN bears it. */
function partyCharge(
  ctx: PricingContext,
  payer: 'OUR' | 'BEN',
  slabs: readonly FeeSlab[],
  override: string | undefined,
): { amount: string; currency: string; tax: ChargeTax } {
  const fixed = toDecimal(override);
  let amount: string;
  let currency: string;
  let dp: number;
  if (payer === 'OUR') {
    dp = ctx.sourceDp;
    currency = ctx.source.code;
    amount = fixed !== null ? fixed.toFixed(dp) : computeFee(slabs, ctx.send.toFixed(), dp);
  } else {
    dp = ctx.targetDp;
    currency = ctx.target.code;
    amount = fixed !== null ? fixed.toFixed(dp) : ctx.rate.times(computeFee(slabs, ctx.send.toFixed(), ctx.sourceDp)).toFixed(dp);
  }
  return { amount, currency, tax: taxOnFee(amount, ctx.taxes, dp) };
}

function incentive(
  ctx: PricingContext,
  feeType: 'REBATE' | 'FX_PREMIUM',
  slabs: readonly FeeSlab[] | null | undefined,
  override: string | undefined,
): QuoteCharge | null {
  const fixed = toDecimal(override);
  if (fixed === null && (slabs === null || slabs === undefined)) return null;
  // An incentive whose slabs do not cover the send amount pays nothing: no line, as for a fee's
  // rule without a slab for the amount (a 0.00 REBATE line would say a rebate applied).
  if (fixed === null && findSlab(slabs ?? [], ctx.send.toFixed()) === undefined) return null;
  const amount = fixed !== null ? fixed.toFixed(ctx.sourceDp) : computeFee(slabs ?? [], ctx.send.toFixed(), ctx.sourceDp);
  return {
    feeType,
    chargeMode: null,
    amount,
    currency: ctx.source.code,
    tax: { total: new Dec(0).toFixed(ctx.sourceDp), details: [] },
  };
}

/**
 * Prices a quote (ARCHITECTURE 9). Steps:
 * 1. rate = IBR rate, then layer 1, layer 2, volatile and agent markups, each applied with
 *    {@link applyMarkup} on the previous result (8 decimals);
 * 2. amounts: given the send amount, receive = send x rate; given the receive amount,
 *    send = receive / rate; each rounded half-up to its currency's decimals;
 * 3. charges from the slab schedules on the send amount: borne OUR in the source currency,
 *    BEN converted to the target currency at the rate; SHA puts the merchant fee on the sender
 *    and the correspondent fee on the beneficiary; TSP overrides replace computed values;
 * 4. tax on each charge (percentage of the fee); rebate and FX premium as incentives;
 * 5. expireAt = now + ttl.
 *
 * @example priceQuote({ source: { code: 'USD', dp: 2 }, target: { code: 'EUR', dp: 2 },
 *   ibrRate: '0.9', layer1Markup: { type: 'PIP', value: '10' },
 *   amount: { side: 'send', value: '1000' }, now: new Date('2026-11-22T00:00:00Z'), ttlMs: 60000 })
 *   // exchangeRate '0.90100000', receiveAmount { amount: '901.00', currency: 'EUR' },
 *   // expireAt '2026-11-22T00:01:00.000Z'
 */
export function priceQuote(input: PriceQuoteInput): PricedQuote {
  const pair = { source: input.source.code, target: input.target.code };
  const sourceDp = decimalsOf(input.source);
  const targetDp = decimalsOf(input.target);
  const ibr = requireDecimal(input.ibrRate, 'ibrRate').toFixed(RATE_DP);
  const layer1 = input.layer1Markup ? applyMarkup(ibr, input.layer1Markup, pair) : ibr;
  const layer2 = input.layer2Markup ? applyMarkup(layer1, input.layer2Markup, pair) : layer1;
  const volatile = input.volatileMarkup ? applyMarkup(layer2, input.volatileMarkup, pair) : layer2;
  const final = applyMarkups(volatile, input.agentMarkups ?? [], pair);
  const rate = new Dec(final);
  if (rate.lte(0)) throw new Error(`The priced rate must be positive, got ${final}`);

  const given = requireDecimal(input.amount.value, 'amount');
  if (given.lte(0)) throw new Error('The amount to price must be positive');
  let send: DecimalValue;
  let receive: DecimalValue;
  if (input.amount.side === 'send') {
    send = given.toDecimalPlaces(sourceDp);
    receive = send.times(rate).toDecimalPlaces(targetDp);
  } else {
    receive = given.toDecimalPlaces(targetDp);
    send = receive.div(rate).toDecimalPlaces(sourceDp);
  }

  const ctx: PricingContext = {
    source: input.source,
    target: input.target,
    sourceDp,
    targetDp,
    rate,
    send,
    taxes: input.taxes ?? [],
  };
  const overrides = input.feeOverrides ?? {};

  const merchantCharges: QuoteCharge[] = [];
  if (input.merchantFee) {
    const payer = payerOf(input.merchantFee.chargeMode, 'merchant');
    const charge = partyCharge(ctx, payer, input.merchantFee.slabs, undefined);
    merchantCharges.push({ feeType: payer, chargeMode: payer, ...charge });
  }
  const correspondentCharges: CorrespondentCharge[] = [];
  if (input.correspondentFee) {
    const payer = payerOf(input.correspondentFee.chargeMode, 'correspondent');
    const charge = partyCharge(ctx, payer, input.correspondentFee.slabs, overrides[payer]);
    correspondentCharges.push({ feeType: payer, chargeMode: payer, ...charge });
  }
  const rebate = incentive(ctx, 'REBATE', input.rebate, overrides.REBATE);
  if (rebate) merchantCharges.push(rebate);
  const premium = incentive(ctx, 'FX_PREMIUM', input.fxPremium, overrides.FX_PREMIUM);
  if (premium) merchantCharges.push(premium);

  const borne = [...merchantCharges, ...correspondentCharges];
  const sumFor = (payer: 'OUR' | 'BEN') => borne.filter((c) => c.chargeMode === payer).reduce((acc, c) => acc.plus(c.amount).plus(c.tax.total), new Dec(0));

  const ttl = input.ttlMs ?? DEFAULT_QUOTE_TTL_MS[input.dealType ?? 'CASH'];
  return {
    dealType: input.dealType ?? 'CASH',
    valueDate: input.valueDate ?? null,
    sendAmount: { amount: send.toFixed(sourceDp), currency: input.source.code },
    receiveAmount: { amount: receive.toFixed(targetDp), currency: input.target.code },
    rates: { ibr, layer1, layer2, final },
    exchangeRate: final,
    inverseExchangeRate: new Dec(1).div(rate).toFixed(RATE_DP),
    merchantCharges,
    correspondentCharges,
    totalDebit: { amount: send.plus(sumFor('OUR')).toFixed(sourceDp), currency: input.source.code },
    netCredit: { amount: receive.minus(sumFor('BEN')).toFixed(targetDp), currency: input.target.code },
    quote: { generatedAt: input.now.toISOString(), expired: false },
    expireAt: new Date(input.now.getTime() + ttl).toISOString(),
  };
}
