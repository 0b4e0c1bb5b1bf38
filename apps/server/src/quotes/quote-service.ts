import { and, eq, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { MONEY_INTEGER_DIGITS, type quote as quoteSchema, type quoteNegotiation, type quoteRequest } from '@corridor/api';
import { applyMarkup, Dec, formatInverseRate, priceQuote, significantDecimals, type DealType, type FeeOverrides, type Markup } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { boundValues, shapeOf, statement, statements } from '../db/statement.ts';
import { wallets } from '../db/schema.ts';
import { AppError, type InvalidParameter } from '../errors.ts';
import { feesFor } from '../fees/fee-service.ts';
import { markupsFor } from '../pricing-config/markup-service.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import type { Tenant } from '../tenant/tenant.ts';
import { DESK_PROVIDER, deskRateCurrent, type RateBook } from '../rates/rate-service.ts';
import { currencyDecimals, heldInputs, tspRates, type CachedDeal } from './rate-cache.ts';
import { quotes, type QuoteRow } from './quote-schema.ts';
import { valueDateFor } from './value-date.ts';

/**
 * The terms of a quote other areas join to their own rows (a transfer's deal type, a draft payment's quote
 * expiry): a plain subquery of the quotes table, which PostgreSQL flattens into the reader's join, so the
 * reader keeps its one statement and its plan while the table stays the quotes' own.
 */
export const quoteTerms = new QueryBuilder().select({ id: quotes.id, dealType: quotes.dealType, expireAt: quotes.expireAt }).from(quotes).as('quote_terms');

/** The held pricing inputs a transfer or a payment prices from in its own statement, and the currencies' decimals. */
export { currencyDecimals, heldInputs, knownCountries } from './rate-cache.ts';

export type QuoteRequest = z.output<typeof quoteRequest>;
type QuoteAnswer = z.input<typeof quoteSchema>;
type Money = { amount: string; currency: string };

/** Who asks for a quote: a merchant (its own wallets), a TSP (its own and its merchants'), or operations. */
export type QuoteAsker =
  { kind: 'merchant'; merchantId: string } | { kind: 'serviceProvider'; tspId: string } | { kind: 'internal'; tspId?: string | undefined };

export function askerOf(tenant: Tenant): QuoteAsker {
  return tenant.kind === 'merchant' ? { kind: 'merchant', merchantId: tenant.merchantId } : { kind: 'serviceProvider', tspId: tenant.serviceProviderId };
}

const bad = (problems: InvalidParameter[]) => new AppError('VALIDATION_FAILED', undefined, problems);

interface WalletFacts {
  id: string;
  serviceProviderId: string;
  merchantServiceId: string | null;
  currencyCode: string;
  countryCode: string;
  bankCode: string | null;
  spWalletId: string | null;
  /** The TSP wallet behind a merchant wallet, read in the same statement (a quote answers it). */
  sp: { id: string; bankCode: string | null; countryCode: string; currencyCode: string } | null;
}

const spWallets = alias(wallets, 'sp_wallets');

/**
 * The wallet read, built once and run as a named statement (`statement`) on whatever it is handed: the
 * database, or the transaction of a request sent with an Idempotency-Key (a cache keyed by the handle
 * missed on every such request and built the query again).
 */
const walletRow = statement((q) =>
  q
    .select({
      id: wallets.id,
      serviceProviderId: wallets.serviceProviderId,
      merchantServiceId: wallets.merchantServiceId,
      currencyCode: wallets.currencyCode,
      countryCode: wallets.countryCode,
      bankCode: wallets.bankCode,
      spWalletId: wallets.spWalletId,
      spId: spWallets.id,
      spBankCode: spWallets.bankCode,
      spCountryCode: spWallets.countryCode,
      spCurrencyCode: spWallets.currencyCode,
    })
    .from(wallets)
    .leftJoin(spWallets, eq(spWallets.id, wallets.spWalletId))
    .where(eq(wallets.id, sql.placeholder('id'))),
);

async function walletOf(db: Db, id: string): Promise<WalletFacts | undefined> {
  const [row] = await walletRow(db, { id });
  if (!row) return undefined;
  const { spId, spBankCode, spCountryCode, spCurrencyCode, ...wallet } = row;
  return {
    ...wallet,
    sp:
      spId === null || spCountryCode === null || spCurrencyCode === null
        ? null
        : { id: spId, bankCode: spBankCode, countryCode: spCountryCode, currencyCode: spCurrencyCode },
  };
}

/** Whether the asker may quote on (or see) a wallet: its own, its merchants', anyone's for operations. */
function walletVisible(asker: QuoteAsker, wallet: WalletFacts): boolean {
  if (asker.kind === 'merchant') return wallet.merchantServiceId === asker.merchantId;
  if (asker.kind === 'serviceProvider') return wallet.serviceProviderId === asker.tspId;
  return asker.tspId === undefined || wallet.serviceProviderId === asker.tspId;
}

/** Why an amount cannot be booked in its currency (as lib/amount-fit.ts, on the held decimals), or null. */
function amountFits(amount: string, currency: string, dps: Map<string, number>, parameter: string): InvalidParameter | null {
  const whole = amount.replace(/^[-+]/, '').split('.')[0] ?? '';
  const decimals = significantDecimals(amount);
  if (whole.replace(/^0+/, '').length > MONEY_INTEGER_DIGITS)
    return { parameter, message: `must have at most ${MONEY_INTEGER_DIGITS} digits before the decimal point` };
  const dp = dps.get(currency);
  if (dp === undefined) return { parameter: parameter.replace(/amount$/, 'currency'), message: `unknown currency ${currency}` };
  if (decimals > dp) return { parameter, message: dp === 0 ? `must be a whole number of ${currency}` : `must have at most ${dp} decimals in ${currency}` };
  return null;
}

/** The request's amounts checked: one positive amount in a known currency, with no more decimals than it has. */
async function checkedAmount(
  db: Db,
  book: RateBook,
  body: QuoteRequest,
  sourceCurrency: string,
): Promise<{ side: 'send' | 'receive'; money: Money; targetCurrency: string }> {
  const problems: InvalidParameter[] = [];
  const dps = await currencyDecimals(db, book);
  const side: 'send' | 'receive' = body.receiveAmount !== undefined && body.sendAmount === undefined ? 'receive' : 'send';
  if (body.sendAmount && body.receiveAmount) problems.push({ parameter: 'receiveAmount', message: 'give sendAmount or receiveAmount, not both' });
  const money = (side === 'send' ? body.sendAmount : body.receiveAmount) as Money;
  const field = side === 'send' ? 'sendAmount' : 'receiveAmount';
  const targetCurrency = side === 'receive' ? money.currency : body.targetCurrency;
  if (side === 'send' && money.currency !== sourceCurrency) {
    problems.push({ parameter: 'sendAmount.currency', message: `must be ${sourceCurrency}, the source wallet's currency` });
  }
  if (targetCurrency === undefined) problems.push({ parameter: 'targetCurrency', message: 'targetCurrency is required when quoting by send amount' });
  else if (side === 'receive' && body.targetCurrency !== undefined && body.targetCurrency !== targetCurrency) {
    problems.push({ parameter: 'targetCurrency', message: `must be ${targetCurrency}, the receive amount's currency` });
  } else if (!dps.has(targetCurrency)) problems.push({ parameter: 'targetCurrency', message: `unknown currency ${targetCurrency}` });
  if (!new Dec(money.amount).gt(0)) problems.push({ parameter: `${field}.amount`, message: 'must be more than zero' });
  else {
    const tooPrecise = amountFits(money.amount, money.currency, dps, `${field}.amount`);
    if (tooPrecise) problems.push(tooPrecise);
  }
  if (problems.length > 0 || targetCurrency === undefined) throw bad(problems);
  return { side, money, targetCurrency };
}

/** The deal that prices the pair: of the active ones, the one with the freshest IBR. */
function dealFor(deals: readonly CachedDeal[], source: string, target: string, dealType: DealType): CachedDeal | undefined {
  return deals
    .filter((d) => d.sourceCurrency === source && d.targetCurrency === target && d.dealType === dealType && d.ibrRate !== null)
    .sort((a, b) => b.ibrAt.getTime() - a.ibrAt.getTime())[0];
}

function unconfigured(deals: readonly CachedDeal[], source: string, target: string, dealType: DealType): AppError {
  const pairDeals = deals.filter((d) => d.sourceCurrency === source && d.targetCurrency === target);
  if (pairDeals.length === 0) return bad([{ parameter: 'targetCurrency', message: `${source}/${target} is not a currency pair your service provider quotes` }]);
  return bad([
    {
      parameter: 'dealType',
      message: `${source}/${target} has no ${dealType} deal with a rate; deal types quoted: ${[...new Set(pairDeals.filter((d) => d.ibrRate !== null).map((d) => d.dealType))].join(', ') || 'none'}`,
    },
  ]);
}

/**
 * Whether a deal's IBR may price a firm quote. A feed's rate must be younger than the TSP's staleness
 * limit: a feed that stopped must stop quotes. A desk rate is the desk's rate sheet: valid for the
 * (UTC) business day it was set, as a bank's published rates are, and stale from the next day on;
 * holding it to a limit of seconds would make hand-set rates unusable.
 * @internal used by its tests
 */
export function ibrUsable(deal: Pick<CachedDeal, 'rateProviderId' | 'ibrAt'>, ageSeconds: number, staleSeconds: number, now: Date): boolean {
  if (deal.rateProviderId === DESK_PROVIDER) return deskRateCurrent(deal.ibrAt, now);
  return ageSeconds <= staleSeconds;
}

/** The deal's IBR when it is fresh enough for a firm quote; RATE_STALE otherwise (re-read once before refusing). */
async function freshDeal(db: Db, book: RateBook, tspId: string, source: string, target: string, dealType: DealType, now: Date): Promise<CachedDeal> {
  for (const fresh of [false, true]) {
    const rates = await tspRates(db, book, tspId, fresh, { source, target });
    const deal = dealFor(rates.deals, source, target, dealType);
    if (!deal) {
      if (fresh) throw unconfigured(rates.deals, source, target, dealType);
      continue;
    }
    const ageSeconds = (now.getTime() - deal.ibrAt.getTime()) / 1000;
    if (ibrUsable(deal, ageSeconds, rates.staleSeconds, now)) return deal;
    if (fresh) {
      throw new AppError('RATE_STALE', undefined, [
        {
          parameter: 'targetCurrency',
          message: `the ${dealType} rate ${source}/${target} is ${Math.floor(ageSeconds)} s old; quotes need one under ${rates.staleSeconds} s`,
        },
      ]);
    }
  }
  throw unconfigured([], source, target, dealType);
}

/** The markup the layer prices with: one per layer once narrowed to the category. */
const first = (list: readonly Markup[]): Markup | null => list[0] ?? null;

interface PriceInput {
  tspId: string;
  merchantId: string;
  body: QuoteRequest;
  source: WalletFacts;
  settlementWalletId: string | null;
  overrides: FeeOverrides;
  replacesId: string | null;
  userId: string | null;
  now: Date;
}

async function priceAndStore(db: Db, book: RateBook, input: PriceInput): Promise<QuoteRow> {
  const { body, now } = input;
  const sourceCurrency = input.source.currencyCode;
  const { side, money, targetCurrency } = await checkedAmount(db, book, body, sourceCurrency);
  const dealType = body.dealType;
  const valueDate = valueDateFor(dealType, now, body.valueDate);
  if (valueDate === null) throw bad([{ parameter: 'valueDate', message: 'a forward (FWD) quote needs its valueDate' }]);
  const deal = await freshDeal(db, book, input.tspId, sourceCurrency, targetCurrency, dealType, now);
  const dps = await currencyDecimals(db, book);
  const chargeMode = body.chargeMode ?? 'OUR';
  const key = [input.tspId, input.merchantId, deal.id, body.transactionCategory, chargeMode, now.toISOString().slice(0, 10)].join('|');
  const { markups, fees } = await heldInputs(db, book, key, async () => {
    // One after the other: a requote prices inside the transaction that replaces the quote, and node-postgres
    // deprecates concurrent queries on one client.
    // The customer pays the source currency for the target: it sells the source at the bid, below the IBR.
    const m = await markupsFor(db, {
      side: 'bid',
      tspId: input.tspId,
      merchantId: input.merchantId,
      currencyDealConfigId: deal.id,
      transactionCategory: body.transactionCategory,
    });
    // The schedules do not depend on the amount (priceQuote applies the slabs); the amount was checked above.
    const f = await feesFor(db, {
      tspId: input.tspId,
      merchantId: input.merchantId,
      sourceCurrency,
      targetCurrency,
      amount: '1',
      chargeMode,
      facts: { transactionCategory: body.transactionCategory },
      now,
    });
    return { markups: m, fees: f };
  });
  // Agent markups of the deal's instrument type; a merchant quote has no agent location, so only the TSP-wide ones.
  const priced = priceQuote({
    source: { code: sourceCurrency, dp: dps.get(sourceCurrency) ?? null },
    target: { code: targetCurrency, dp: dps.get(targetCurrency) ?? null },
    dealType,
    ibrRate: deal.ibrRate as string,
    layer1Markup: first(markups.layer1),
    layer2Markup: first(markups.layer2),
    volatileMarkup: first(markups.volatile),
    agentMarkups: markups.agent,
    amount: { side, value: money.amount },
    merchantFee: fees.merchantFee,
    correspondentFee: fees.correspondentFee,
    rebate: fees.rebate,
    fxPremium: fees.fxPremium,
    taxes: fees.taxes,
    feeOverrides: input.overrides,
    ttlMs: deal.quoteValiditySeconds * 1000,
    now,
    valueDate,
  });
  // The rate after the volatile layer, before agent markups (priceQuote's final includes them).
  const volatileMarkup = first(markups.volatile);
  const volatile = volatileMarkup ? applyMarkup(priced.rates.layer2, volatileMarkup, { source: sourceCurrency, target: targetCurrency }) : priced.rates.layer2;
  const row = {
    id: uuidv7(),
    serviceProviderId: input.tspId,
    merchantId: input.merchantId,
    currencyDealConfigId: deal.id,
    transactionCategory: body.transactionCategory,
    dealType,
    chargeMode,
    sourceWalletId: input.source.id,
    settlementWalletId: input.settlementWalletId,
    givenSide: side,
    givenAmount: money.amount,
    sendAmount: priced.sendAmount.amount,
    sendCurrency: sourceCurrency,
    receiveAmount: priced.receiveAmount.amount,
    receiveCurrency: targetCurrency,
    valueDate,
    requestedValueDate: body.valueDate ?? null,
    exchangeRate: priced.exchangeRate,
    inverseRate: formatInverseRate(priced.exchangeRate),
    rates: {
      ibr: priced.rates.ibr,
      layer1: priced.rates.layer1,
      layer2: priced.rates.layer2,
      volatile,
      final: priced.rates.final,
      ibrAt: deal.ibrAt.toISOString(),
      rateProviderId: deal.rateProviderId,
    },
    merchantCharges: priced.merchantCharges,
    correspondentCharges: priced.correspondentCharges,
    totals: { totalDebit: priced.totalDebit, netCredit: priced.netCredit },
    feeRuleIds: fees.feeRuleIds,
    feeOverrides: input.overrides,
    status: 'ACTIVE' as const,
    replacesId: input.replacesId,
    replacedById: null,
    generatedAt: now,
    expireAt: new Date(priced.expireAt),
    createdBy: input.userId,
    createdAt: now,
  };
  await insertQuote(db, shapeOf(row), row);
  return row;
}

/** Prices and stores a firm quote for the asker (wallets and merchant checked against it: 404 naming the field). */
export async function createQuote(db: Db, book: RateBook, asker: QuoteAsker, body: QuoteRequest, userId: string | null, now: Date): Promise<QuoteAnswer> {
  const source = await walletOf(db, body.sourceWalletId);
  if (!source || !walletVisible(asker, source)) throw foreignId('sourceWalletId', 'wallet', body.sourceWalletId);
  if (body.settlementWalletId !== undefined) {
    const settlement = await walletOf(db, body.settlementWalletId);
    if (!settlement || !walletVisible(asker, settlement)) throw foreignId('settlementWalletId', 'wallet', body.settlementWalletId);
  }
  const tspId = source.serviceProviderId;
  let merchantId: string;
  if (asker.kind === 'merchant') {
    if (body.merchantId !== undefined && body.merchantId !== asker.merchantId) throw foreignId('merchantId', 'merchant', body.merchantId);
    merchantId = asker.merchantId;
  } else {
    const named = body.merchantId ?? source.merchantServiceId;
    if (named === null) throw bad([{ parameter: 'merchantId', message: 'merchantId is required: the merchant the quote prices for' }]);
    if (source.merchantServiceId !== null && source.merchantServiceId !== named) throw foreignId('sourceWalletId', 'wallet', body.sourceWalletId);
    merchantId = named;
  }
  const row = await priceAndStore(db, book, {
    tspId,
    merchantId,
    body,
    source,
    settlementWalletId: body.settlementWalletId ?? null,
    overrides: {},
    replacesId: null,
    userId,
    now,
  });
  return quoteDto(db, row, now, source);
}

/** A quote by id, built once (`statement`); who may see it is checked on the row. */
const quoteById = statement((q) =>
  q
    .select()
    .from(quotes)
    .where(eq(quotes.id, sql.placeholder('id'))),
);

/** A priced quote stored, built once per set of columns (`statements`, keyed by `shapeOf` the row). */
const insertQuote = statements((q, shape: string) => q.insert(quotes).values(boundValues(quotes, shape.split(','))));

/** The quote when the asker may see it: 404 naming `field` otherwise. */
async function visibleQuote(db: Db, asker: QuoteAsker, id: string, field: string): Promise<QuoteRow> {
  const [row] = await quoteById(db, { id });
  const visible =
    row !== undefined &&
    (asker.kind === 'merchant'
      ? row.merchantId === asker.merchantId
      : asker.kind === 'serviceProvider'
        ? row.serviceProviderId === asker.tspId
        : asker.tspId === undefined || row.serviceProviderId === asker.tspId);
  if (!visible || !row) throw foreignId(field, 'quote', id);
  return row;
}

export async function getQuote(db: Db, asker: QuoteAsker, id: string, now: Date): Promise<QuoteAnswer> {
  return quoteDto(db, await visibleQuote(db, asker, id, 'id'), now);
}

/**
 * A quote a payment or transfer may use: the caller's, ACTIVE and not past its expiry. An expired or
 * replaced quote answers QUOTE_EXPIRED naming quoteId; one that is not the caller's, 404.
 */
export async function usableQuote(db: Db, quoteId: string, tenant: Tenant, now: Date): Promise<QuoteRow> {
  const row = await visibleQuote(db, askerOf(tenant), quoteId, 'quoteId');
  if (row.status !== 'ACTIVE') {
    throw new AppError('QUOTE_EXPIRED', undefined, [{ parameter: 'quoteId', message: `the quote was replaced by ${row.replacedById ?? 'a newer one'}` }]);
  }
  if (row.expireAt.getTime() <= now.getTime()) {
    throw new AppError('QUOTE_EXPIRED', undefined, [{ parameter: 'quoteId', message: `the quote expired at ${row.expireAt.toISOString()}` }]);
  }
  return row;
}

/**
 * Negotiation (spec 4): an expired quote, or one whose fees the TSP edits, is replaced by a new quote
 * priced now with the same request; the old one is marked INVALID and can never be used. Only the TSP
 * sends fee values; a merchant only asks again, once its quote has expired.
 */
export async function negotiateQuote(
  db: Db,
  book: RateBook,
  asker: QuoteAsker,
  body: z.output<typeof quoteNegotiation>,
  userId: string | null,
  now: Date,
): Promise<QuoteAnswer> {
  const old = await visibleQuote(db, asker, body.quoteId, 'quoteId');
  const fees = body.fees ?? {};
  const editing = Object.keys(fees).length > 0;
  if (editing && asker.kind !== 'serviceProvider') {
    throw new AppError('FORBIDDEN', 'Only the service provider may set fee values', [
      { parameter: 'fees', message: 'only the service provider may set fee values; ask again without fees' },
    ]);
  }
  if (old.status !== 'ACTIVE') {
    throw new AppError('INVALID_STATE_TRANSITION', 'The quote was already replaced', [
      { parameter: 'quoteId', message: `already replaced by ${old.replacedById ?? 'a newer quote'}` },
    ]);
  }
  if (!editing && old.expireAt.getTime() > now.getTime()) {
    throw new AppError('INVALID_STATE_TRANSITION', 'The quote is still valid', [
      { parameter: 'quoteId', message: `still valid until ${old.expireAt.toISOString()}` },
    ]);
  }
  const dps = await currencyDecimals(db, book);
  const problems: InvalidParameter[] = [];
  for (const [key, value] of Object.entries(fees) as Array<[keyof FeeOverrides, string]>) {
    const currency = key === 'BEN' ? old.receiveCurrency : old.sendCurrency;
    const dp = dps.get(currency) ?? 8;
    const v = new Dec(value);
    if (v.isNegative()) problems.push({ parameter: `fees.${key}`, message: 'must not be negative' });
    else if (v.decimalPlaces() > dp) problems.push({ parameter: `fees.${key}`, message: `must have at most ${dp} decimals in ${currency}` });
  }
  if (problems.length > 0) throw bad(problems);
  const source = await walletOf(db, old.sourceWalletId);
  if (!source) throw foreignId('quoteId', 'quote', old.id);
  const request: QuoteRequest = {
    transactionCategory: old.transactionCategory,
    dealType: old.dealType,
    sourceWalletId: old.sourceWalletId,
    settlementWalletId: old.settlementWalletId ?? undefined,
    chargeMode: old.chargeMode,
    valueDate: old.requestedValueDate ?? undefined,
    targetCurrency: old.receiveCurrency,
    ...(old.givenSide === 'send'
      ? { sendAmount: { amount: old.givenAmount, currency: old.sendCurrency } }
      : { receiveAmount: { amount: old.givenAmount, currency: old.receiveCurrency } }),
  };
  // The TSP's fee values stay with the deal when the merchant later asks again.
  const overrides: FeeOverrides = { ...old.feeOverrides, ...fees };
  return db.transaction(async (tx) => {
    const fresh = await priceAndStore(tx as unknown as Db, book, {
      tspId: old.serviceProviderId,
      merchantId: old.merchantId ?? '',
      body: request,
      source,
      settlementWalletId: old.settlementWalletId,
      overrides,
      replacesId: old.id,
      userId,
      now,
    });
    const replaced = await tx
      .update(quotes)
      .set({ status: 'INVALID', replacedById: fresh.id })
      .where(and(eq(quotes.id, old.id), eq(quotes.status, 'ACTIVE')))
      .returning({ id: quotes.id });
    // Two negotiations of one quote at once: the second finds it already replaced.
    if (replaced.length === 0) {
      throw new AppError('INVALID_STATE_TRANSITION', 'The quote was already replaced', [
        { parameter: 'quoteId', message: 'already replaced by a newer quote' },
      ]);
    }
    return quoteDto(tx as unknown as Db, fresh, now, source);
  });
}

async function walletAnswer(db: Db, id: string | null, known?: WalletFacts) {
  if (id === null) return null;
  const wallet = known?.id === id ? known : await walletOf(db, id);
  if (!wallet) return null;
  const sp = wallet.sp;
  return {
    id: wallet.id,
    country: wallet.countryCode,
    currency: wallet.currencyCode,
    bankCode: wallet.bankCode,
    spWallet: sp ? { id: sp.id, bankCode: sp.bankCode, country: sp.countryCode, currency: sp.currencyCode } : null,
  };
}

/** The quote as the contract answers it; `expired` is judged now (past expireAt or replaced). */
async function quoteDto(db: Db, row: QuoteRow, now: Date, source?: WalletFacts): Promise<QuoteAnswer> {
  // One after the other: a negotiated quote is answered inside its transaction, where node-postgres deprecates
  // concurrent queries on one client.
  const sourceWallet = await walletAnswer(db, row.sourceWalletId, source);
  const settlementWallet = await walletAnswer(db, row.settlementWalletId);
  return {
    id: row.id,
    serviceProviderId: row.serviceProviderId,
    merchantId: row.merchantId,
    transactionCategory: row.transactionCategory,
    dealType: row.dealType,
    sendAmount: { amount: row.sendAmount, currency: row.sendCurrency },
    receiveAmount: { amount: row.receiveAmount, currency: row.receiveCurrency },
    valueDate: row.valueDate,
    rates: { ibr: row.rates.ibr, layer1: row.rates.layer1, layer2: row.rates.layer2, volatile: row.rates.volatile },
    exchangeRate: new Dec(row.exchangeRate).toFixed(8),
    inverseExchangeRate: new Dec(row.inverseRate).toFixed(5),
    settlementWallet,
    sourceWallet,
    merchantCharges: row.merchantCharges,
    correspondentCharges: row.correspondentCharges,
    quote: { generatedAt: row.generatedAt.toISOString(), expired: row.status !== 'ACTIVE' || row.expireAt.getTime() <= now.getTime() },
    expireAt: row.expireAt.toISOString(),
    status: row.status,
    replacedBy: row.replacedById,
    totalDebit: row.totals.totalDebit,
    netCredit: row.totals.netCredit,
  };
}
