import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { feeForTransaction, feeForTransactionBody } from '@corridor/api';
import { amountObject } from '@corridor/api';
import { computeFee, Dec, findSlab, taxOnFee, type ChargeMode, type FeeSlab, type PriceQuoteInput, type TaxRule } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { organisations } from '../db/schema.ts';
import { AppError, type InvalidParameter } from '../errors.ts';
import { amountProblem } from '../lib/amount-fit.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { currencyDps } from './fee-validation.ts';
import { feeRules, type FeeRuleRow, type StoredSlab } from './fee-tables.ts';

type FeeAnswer = z.input<typeof feeForTransaction>;
type Money = { amount: string; currency: string };

/** What a transaction is, as far as fee rules look at it (part B fee-for-transaction inputs). */
export type TransactionFacts = Omit<z.output<typeof feeForTransactionBody>, 'sourceAmount' | 'targetAmount'>;

/**
 * A stored slab in the domain's terms (fees.ts `FeeSlab`).
 * @internal
 */
export function domainSlab(slab: StoredSlab): FeeSlab {
  return { from: slab.slabValueFrom, to: slab.slabValueTo, flat: slab.flatFee, percentage: slab.percentageFee, min: slab.minFee, max: slab.maxFee };
}

/** Rule criteria paired with the transaction fact each must equal (a null criterion matches anything). */
const CRITERIA: Array<[keyof FeeRuleRow, keyof TransactionFacts]> = [
  ['senderCountry', 'senderCountry'],
  ['sourceCountryCode', 'sourceCountry'],
  ['destinationCountryCode', 'targetCountry'],
  ['walletCurrencyCode', 'sourceCurrency'],
  ['payoutCurrencyCode', 'targetCurrency'],
  ['correspondentId', 'correspondentId'],
  ['channelId', 'channelId'],
  ['deliveryModeId', 'deliveryModeId'],
  ['transferType', 'transferType'],
  ['transactionCategory', 'transactionCategory'],
  ['transactionType', 'transactionType'],
];

/**
 * How closely a rule fits, or -1 when it does not: every criterion it sets must equal the
 * transaction's value (a criterion the transaction does not state is not met, so a specific price
 * never applies by accident). A rule naming a beneficiary FI never matches here: the inputs carry a
 * beneficiary, not its institution.
 */
function fit(rule: FeeRuleRow, facts: TransactionFacts, profileId: string | null): number {
  if (rule.beneficiaryFi !== null) return -1;
  let score = 0;
  for (const [criterion, fact] of CRITERIA) {
    const wanted = rule[criterion];
    if (wanted === null) continue;
    if (facts[fact] !== wanted) return -1;
    score += 1;
  }
  if (rule.merchantFeeProfileId !== null) {
    if (rule.merchantFeeProfileId !== profileId) return -1;
    // The merchant's own profile beats any generic rule, however specific.
    score += 100;
  }
  return score;
}

/**
 * The rule that prices each fee type: among active rules in effect on `day` that fit, the most
 * specific; then a promotional one; then the most recent; then the lowest id (stable answers).
 */
function bestByType(rules: FeeRuleRow[], facts: TransactionFacts, profileId: string | null): Map<FeeRuleRow['chargeMode'], FeeRuleRow> {
  const ranked = rules
    .map((rule) => ({ rule, score: fit(rule, facts, profileId) }))
    .filter((r) => r.score >= 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        Number(b.rule.isPromotional) - Number(a.rule.isPromotional) ||
        b.rule.effectiveFrom.localeCompare(a.rule.effectiveFrom) ||
        a.rule.id.localeCompare(b.rule.id),
    );
  const best = new Map<FeeRuleRow['chargeMode'], FeeRuleRow>();
  for (const { rule } of ranked) if (!best.has(rule.chargeMode)) best.set(rule.chargeMode, rule);
  return best;
}

async function rulesInEffect(db: Db, serviceProviderId: string, kind: FeeRuleRow['kind'], day: string, slabCurrency: string) {
  return db
    .select()
    .from(feeRules)
    .where(
      and(
        eq(feeRules.serviceProviderId, serviceProviderId),
        eq(feeRules.kind, kind),
        eq(feeRules.status, 'ACTIVE'),
        eq(feeRules.slabCurrency, slabCurrency),
        lte(feeRules.effectiveFrom, day),
        or(isNull(feeRules.effectiveTo), gte(feeRules.effectiveTo, day)),
      ),
    );
}

/** Fee types answered for a charge mode: its own charge and the incentives; every type when absent. */
function typesFor(mode: ChargeMode | undefined): Array<FeeRuleRow['chargeMode']> {
  return mode === undefined ? ['OUR', 'SHA', 'BEN', 'REBATE', 'FX_PREMIUM'] : [mode, 'REBATE', 'FX_PREMIUM'];
}

const INCENTIVES = new Set(['REBATE', 'FX_PREMIUM']);

/** The merchant's fee profile, checking the merchant is one of the TSP's (404 naming `field` otherwise). */
export async function merchantProfileOf(db: Db, serviceProviderId: string, merchantId: string, field: string): Promise<string | null> {
  const [merchant] = await db
    .select({ profile: organisations.merchantFeeProfileId })
    .from(organisations)
    .where(and(eq(organisations.id, merchantId), eq(organisations.type, 'MERCHANT'), eq(organisations.parentId, serviceProviderId)));
  if (!merchant) throw foreignId(field, 'merchant', merchantId);
  return merchant.profile;
}

/** The TSP a merchant belongs to. */
async function tspOfMerchant(db: Db, merchantId: string): Promise<string> {
  const [merchant] = await db.select({ parentId: organisations.parentId }).from(organisations).where(eq(organisations.id, merchantId));
  if (!merchant?.parentId) throw new AppError('NOT_FOUND', `No merchant ${merchantId}`);
  return merchant.parentId;
}

/** `sourceAmount` / `targetAmount` as a query carries them: JSON text of an amount object. */
export function amountFromQuery(text: string | undefined, field: string): Money | undefined {
  if (text === undefined || text === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError('VALIDATION_FAILED', undefined, [
      { parameter: field, message: 'must be an amount object in JSON, e.g. {"amount":"100","currency":"USD"}' },
    ]);
  }
  const result = amountObject.safeParse(parsed);
  if (!result.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      undefined,
      result.error.issues.map((i) => ({ parameter: [field, ...i.path.map(String)].join('.'), message: i.message })),
    );
  }
  return { amount: result.data.amount, currency: result.data.currency };
}

/** The amount fees are computed on: the send amount, else the receive amount; positive, in a known currency. */
async function feeBase(db: Db, source: Money | undefined, target: Money | undefined): Promise<{ money: Money; dp: number }> {
  const field = source ? 'sourceAmount' : 'targetAmount';
  const money = source ?? target;
  if (!money) throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'sourceAmount', message: 'sourceAmount or targetAmount is required' }]);
  const problems: InvalidParameter[] = [];
  const dp = (await currencyDps(db, [money.currency])).get(money.currency);
  if (dp === undefined) problems.push({ parameter: `${field}.currency`, message: `unknown currency ${money.currency}` });
  if (!new Dec(money.amount).gt(0)) problems.push({ parameter: `${field}.amount`, message: 'must be more than zero' });
  else {
    const tooPrecise = await amountProblem(db, money.amount, money.currency, `${field}.amount`);
    if (tooPrecise) problems.push(tooPrecise);
  }
  if (problems.length > 0 || dp === undefined) throw new AppError('VALIDATION_FAILED', undefined, problems);
  return { money, dp };
}

export interface FeeRequest {
  serviceProviderId: string;
  kind: FeeRuleRow['kind'];
  /** The merchant whose fee profile applies; generic rules only when null. */
  profileId: string | null;
  facts: TransactionFacts;
  sourceAmount?: Money | undefined;
  targetAmount?: Money | undefined;
  now: Date;
}

/**
 * The fee lines a transaction would pay, computed with the domain's `computeFee` and `taxOnFee`
 * on the send amount (else the receive amount) in that amount's currency; rules whose slabs are in
 * another currency do not apply. `total` is what the payer pays: charges plus their tax; incentives
 * (REBATE, FX_PREMIUM) are listed but not added, as they are paid to the merchant, not by it.
 */
export async function feesForTransaction(db: Db, request: FeeRequest): Promise<FeeAnswer> {
  const { money, dp } = await feeBase(db, request.sourceAmount, request.targetAmount);
  const facts: TransactionFacts = {
    ...request.facts,
    sourceCurrency: request.facts.sourceCurrency ?? request.sourceAmount?.currency,
    targetCurrency: request.facts.targetCurrency ?? request.targetAmount?.currency,
  };
  const day = request.now.toISOString().slice(0, 10);
  const rules = await rulesInEffect(db, request.serviceProviderId, request.kind, day, money.currency);
  const best = bestByType(rules, facts, request.profileId);
  const fees: FeeAnswer['fees'] = [];
  let total = new Dec(0);
  for (const type of typesFor(facts.chargeMode)) {
    const rule = best.get(type);
    if (!rule) continue;
    const slabs = rule.slabs.map(domainSlab);
    if (findSlab(slabs, money.amount) === undefined) continue;
    const amount = computeFee(slabs, money.amount, dp);
    const incentive = INCENTIVES.has(type);
    // Incentives are paid to the merchant, not charged to it: no tax on them, as priceQuote prices them.
    const tax = taxOnFee(amount, incentive ? [] : rule.taxes, dp);
    fees.push({
      feeRuleId: rule.id,
      feeType: type,
      amount,
      currency: money.currency,
      tax: { total: tax.total, details: tax.details.map((d) => ({ name: d.name, amount: d.amount })) },
    });
    if (!incentive) total = total.plus(amount).plus(tax.total);
  }
  return { fees, total: total.toFixed(dp), currency: money.currency };
}

/** A merchant's own call: its TSP's fees under its fee profile; another serviceProviderId is not its own (404). */
export async function merchantFeesForTransaction(
  db: Db,
  merchantId: string,
  query: TransactionFacts & { serviceProviderId: string; sourceAmount?: string | undefined; targetAmount?: string | undefined },
  now: Date,
): Promise<FeeAnswer> {
  const tsp = await tspOfMerchant(db, merchantId);
  if (query.serviceProviderId !== tsp) throw foreignId('serviceProviderId', 'service provider', query.serviceProviderId);
  return feesForTransaction(db, {
    serviceProviderId: tsp,
    kind: 'MERCHANT',
    profileId: await merchantProfileOf(db, tsp, merchantId, 'merchantId'),
    facts: { ...query, merchantId },
    sourceAmount: amountFromQuery(query.sourceAmount, 'sourceAmount'),
    targetAmount: amountFromQuery(query.targetAmount, 'targetAmount'),
    now,
  });
}

/** The fee inputs of the domain's `priceQuote` (pricing.ts PriceQuoteInput). */
type QuoteFees = Pick<PriceQuoteInput, 'merchantFee' | 'correspondentFee' | 'rebate' | 'fxPremium' | 'taxes'> & {
  /** The rules that priced the quote, so a stored quote can say which fees made it. */
  feeRuleIds: string[];
};

interface FeesForInput {
  tspId: string;
  merchantId: string;
  /** The currency pair of the deal: fee slabs are in the source (send) currency. */
  sourceCurrency: string;
  targetCurrency: string;
  /** The send amount; used to check it fits the currency, the schedules themselves go to priceQuote. */
  amount: string;
  chargeMode: ChargeMode;
  facts?: Partial<TransactionFacts>;
  now: Date;
}

/**
 * The fee schedules a quote of this merchant prices with: the merchant fee and the correspondent fee
 * for the charge mode, the rebate and FX premium incentives, and the taxes on fees (those of the
 * merchant fee rule, the TSP's jurisdiction; else those of the correspondent fee rule).
 */
export async function feesFor(db: Db, input: FeesForInput): Promise<QuoteFees> {
  const profileId = await merchantProfileOf(db, input.tspId, input.merchantId, 'merchantId');
  const facts: TransactionFacts = { ...input.facts, sourceCurrency: input.sourceCurrency, targetCurrency: input.targetCurrency, chargeMode: input.chargeMode };
  await feeBase(db, { amount: input.amount, currency: input.sourceCurrency }, undefined);
  const day = input.now.toISOString().slice(0, 10);
  // One after the other: a requote prices inside a transaction, where node-postgres deprecates concurrent queries.
  const merchantRules = await rulesInEffect(db, input.tspId, 'MERCHANT', day, input.sourceCurrency);
  const correspondentRules = await rulesInEffect(db, input.tspId, 'CORRESPONDENT', day, input.sourceCurrency);
  const merchant = bestByType(merchantRules, facts, profileId);
  const correspondent = bestByType(correspondentRules, facts, profileId);
  const merchantRule = merchant.get(input.chargeMode);
  const correspondentRule = correspondent.get(input.chargeMode);
  const rebate = merchant.get('REBATE');
  const fxPremium = merchant.get('FX_PREMIUM');
  const taxes: TaxRule[] = merchantRule?.taxes ?? correspondentRule?.taxes ?? [];
  return {
    merchantFee: merchantRule ? { chargeMode: input.chargeMode, slabs: merchantRule.slabs.map(domainSlab) } : null,
    correspondentFee: correspondentRule ? { chargeMode: input.chargeMode, slabs: correspondentRule.slabs.map(domainSlab) } : null,
    rebate: rebate ? rebate.slabs.map(domainSlab) : null,
    fxPremium: fxPremium ? fxPremium.slabs.map(domainSlab) : null,
    taxes,
    feeRuleIds: [merchantRule, correspondentRule, rebate, fxPremium].filter((r) => r !== undefined).map((r) => r.id),
  };
}
