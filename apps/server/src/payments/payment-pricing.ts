import { and, eq, sql } from 'drizzle-orm';
import { computeFee, Dec, taxOnFee, writtenDecimals } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { statement } from '../db/statement.ts';
import { wallets } from '../db/schema.ts';
import { AppError, type InvalidParameter } from '../errors.ts';
import { feesFor } from '../fees/fee-service.ts';
import { canonicalDigest } from '../http/idempotency.ts';
import { currencyDecimals, heldInputs, knownCountries, usableQuote } from '../quotes/quote-service.ts';
import type { RateBook } from '../rates/rate-service.ts';
import { beneficiaryOfMerchant } from '../beneficiaries/beneficiary-service.ts';
import { merchantAuthorizationSql, type MerchantAuthorization } from '../merchant-profiles/merchant-authorization-service.ts';
import { foreignId, unknownReference } from '../tenant/foreign-id.ts';
import { orgIdOf, type Tenant } from '../tenant/tenant.ts';
import type { WalletRow } from '../wallets/wallet-types.ts';
import { invalid } from './payment-caller.ts';
import type { payments, PaymentFeeLine } from './payment-schema.ts';
import type { PaymentCaller, PaymentCreate } from './payment-types.ts';

// A payment create's checks and price, in the steps a create takes: read its inputs in one statement, check the
// body against them, price it from its quote (cross-currency) or the TSP's fee rules (same currency), and
// assemble the row's values. Every refusal names its field.

type PaymentValues = typeof payments.$inferInsert;
type Priced = Pick<PaymentValues, 'sendAmount' | 'receiveAmount' | 'exchangeRate' | 'fee' | 'feeLines' | 'holdAmount' | 'valueDate' | 'quoteId'>;

/**
 * What a payment create reads in one round trip, for a merchant's wallet or a TSP's merchant wallet:
 * the wallet, its merchant's and the caller's names, whether the correspondent and delivery mode named
 * exist, and the merchant's authorization at the wallet's TSP (read here, as it stands, never cached: a
 * merchant paused a moment ago pays nothing out). Built once (`statement`): it runs on every create.
 * Currency decimals and countries are reference data held with the pricing state (`currencyDecimals`,
 * `knownCountries`): read per payment, they were half of this statement's cost on PostgreSQL.
 */
const paymentInputsOf = (scope: 'merchant' | 'serviceProvider') =>
  statement((db) => {
    return db
      .select({
        wallet: wallets,
        merchantName: sql<string | null>`(select o.name from organisations o where o.id = ${wallets.merchantServiceId})`,
        callerName: sql<string | null>`(select u.name from users u where u.id = ${sql.placeholder('callerId')})`,
        correspondentKnown: sql<boolean>`exists (select 1 from correspondents r where r.correspondent_id = ${sql.placeholder('correspondentId')})`,
        deliveryModeKnown: sql<boolean>`exists (select 1 from delivery_modes d where d.code = ${sql.placeholder('deliveryModeId')})`,
        authorization: merchantAuthorizationSql(sql`${wallets.merchantServiceId}`, sql`${wallets.serviceProviderId}`),
      })
      .from(wallets)
      .where(
        and(
          eq(wallets.id, sql.placeholder('walletId')),
          sql`${wallets.merchantServiceId} is not null`,
          eq(scope === 'merchant' ? wallets.merchantServiceId : wallets.serviceProviderId, sql.placeholder('tenantId')),
        ),
      );
  });
const walletOfMerchant = paymentInputsOf('merchant');
const walletOfServiceProvider = paymentInputsOf('serviceProvider');

type PaymentInputs = NonNullable<Awaited<ReturnType<typeof walletOfMerchant>>[number]>;

/** The create's inputs in one round trip (a create is on the hot path); 404 or 400 naming the field when absent. */
async function readInputs(
  db: Db,
  tenant: Tenant,
  callerId: string,
  body: PaymentCreate,
): Promise<{ found: PaymentInputs; wallet: WalletRow; merchantId: string }> {
  // One round trip for everything the checks read that is not held reference data (a create is on the hot path).
  const [found] = await (tenant.kind === 'merchant' ? walletOfMerchant : walletOfServiceProvider)(db, {
    walletId: body.walletId,
    tenantId: orgIdOf(tenant),
    callerId,
    correspondentId: body.correspondentId ?? null,
    deliveryModeId: body.deliveryModeId ?? null,
  });
  const wallet = found?.wallet;
  if (!found || !wallet || !wallet.merchantServiceId) throw foreignId('walletId', 'wallet', body.walletId);
  // Reference ids are stored on the payment and read by the payout rail: one that does not exist is refused.
  if (body.correspondentId !== undefined && !found.correspondentKnown) throw unknownReference('correspondentId', 'correspondent', body.correspondentId);
  if (body.deliveryModeId !== undefined && !found.deliveryModeKnown) throw unknownReference('deliveryModeId', 'delivery mode', body.deliveryModeId);
  return { found, wallet, merchantId: wallet.merchantServiceId };
}

interface Currencies {
  sendCurrency: string;
  receiveCurrency: string;
  /** The decimals of every known currency. */
  dps: ReadonlyMap<string, number>;
}

/** Reference data a body is checked against: every currency's decimals and every country's code. */
interface Reference {
  dps: ReadonlyMap<string, number>;
  countries: ReadonlySet<string>;
}

/** The wallet, currencies, countries and amounts of the body against the reference data: the problems found. */
function bodyProblems(reference: Reference, wallet: WalletRow, body: PaymentCreate): { currencies: Currencies; problems: InvalidParameter[] } {
  const problems: InvalidParameter[] = [];
  if (wallet.status !== 'ACTIVE') problems.push({ parameter: 'walletId', message: 'the wallet is blocked' });
  const sendCurrency = body.sendCurrency ?? wallet.currencyCode;
  if (sendCurrency !== wallet.currencyCode) problems.push({ parameter: 'sendCurrency', message: `must be the wallet currency ${wallet.currencyCode}` });
  const receiveCurrency = body.receiveCurrency ?? sendCurrency;
  const known = reference.dps;
  if (!known.has(receiveCurrency)) problems.push({ parameter: 'receiveCurrency', message: `no currency ${receiveCurrency}` });
  const knownCountries = reference.countries;
  if (!knownCountries.has(body.receiver.countryCode)) problems.push({ parameter: 'receiver.countryCode', message: `no country ${body.receiver.countryCode}` });
  if (body.sender?.countryCode && !knownCountries.has(body.sender.countryCode))
    problems.push({ parameter: 'sender.countryCode', message: `no country ${body.sender.countryCode}` });
  for (const [field, amount, currency] of [
    ['sendAmount', body.sendAmount, sendCurrency],
    ['receiveAmount', body.receiveAmount, receiveCurrency],
  ] as const) {
    if (amount === undefined) continue;
    if (!new Dec(amount).gt(0)) problems.push({ parameter: field, message: 'must be more than zero' });
    const dp = known.get(currency);
    if (dp !== undefined && writtenDecimals(amount) > dp) problems.push({ parameter: field, message: `${currency} amounts have at most ${dp} decimals` });
  }
  return { currencies: { sendCurrency, receiveCurrency, dps: known }, problems };
}

/** What the body must carry to be priced: a quote exactly when the currencies differ, an amount otherwise. */
function pricingProblems(body: PaymentCreate, crossCurrency: boolean): InvalidParameter[] {
  const problems: InvalidParameter[] = [];
  if (crossCurrency && body.quoteId === undefined) problems.push({ parameter: 'quoteId', message: 'is required when the send and receive currencies differ' });
  // A same-currency payment is priced by the TSP's fee rules, never by a quote: one named would be dropped
  // unseen, and its caller left believing the quote's rate and fees apply.
  if (!crossCurrency && body.quoteId !== undefined)
    problems.push({ parameter: 'quoteId', message: 'is only taken when the send and receive currencies differ; leave it out of a same-currency payment' });
  if (!crossCurrency && body.sendAmount === undefined && body.receiveAmount === undefined) problems.push({ parameter: 'sendAmount', message: 'is required' });
  return problems;
}

/** The sender (the body's, else the merchant and its wallet) and the receiver as the payment stores them. */
function partiesOf(body: PaymentCreate, wallet: WalletRow, merchantName: string) {
  const sender = {
    name: body.sender?.name ?? merchantName,
    countryCode: body.sender?.countryCode ?? wallet.countryCode,
    accountNumber: body.sender?.accountNumber ?? wallet.walletAccountNumber ?? null,
    iban: body.sender?.iban ?? wallet.iban ?? null,
    bankCode: body.sender?.bankCode ?? wallet.bankCode ?? null,
    address: body.sender?.address ?? null,
  };
  const receiver = {
    name: body.receiver.name,
    countryCode: body.receiver.countryCode,
    accountNumber: body.receiver.accountNumber ?? null,
    iban: body.receiver.iban ?? null,
    bankCode: body.receiver.bankCode ?? null,
    address: body.receiver.address ?? null,
  };
  return { sender, receiver };
}

/** A cross-currency payment takes its quote's amounts, rate, fee lines and value date; the quote must match the body. */
async function priceFromQuote(
  db: Db,
  tenant: Tenant,
  wallet: WalletRow,
  merchantId: string,
  body: PaymentCreate,
  currencies: Currencies,
  now: Date,
): Promise<Priced> {
  const { sendCurrency, receiveCurrency } = currencies;
  const quoteId = body.quoteId as string;
  const quote = await usableQuote(db, quoteId, tenant, now);
  const mismatch: InvalidParameter[] = [];
  if (quote.sourceWalletId !== wallet.id) mismatch.push({ parameter: 'quoteId', message: 'the quote is for another wallet' });
  if (quote.merchantId !== null && quote.merchantId !== merchantId) mismatch.push({ parameter: 'quoteId', message: 'the quote is for another merchant' });
  if (quote.sendCurrency !== sendCurrency || quote.receiveCurrency !== receiveCurrency) {
    mismatch.push({ parameter: 'quoteId', message: `the quote is for ${quote.sendCurrency}/${quote.receiveCurrency}` });
  }
  if (body.sendAmount !== undefined && !new Dec(body.sendAmount).eq(quote.sendAmount))
    mismatch.push({ parameter: 'sendAmount', message: `must be the quoted ${quote.sendAmount}` });
  if (body.receiveAmount !== undefined && !new Dec(body.receiveAmount).eq(quote.receiveAmount)) {
    mismatch.push({ parameter: 'receiveAmount', message: `must be the quoted ${quote.receiveAmount}` });
  }
  if (mismatch.length > 0) throw invalid(mismatch);
  // The wallet is debited the quote's total debit: the send amount plus the fees the sender bears.
  const totalDebit = quote.totals.totalDebit.currency === sendCurrency ? new Dec(quote.totals.totalDebit.amount) : new Dec(quote.sendAmount);
  const hold = Dec.max(totalDebit, quote.sendAmount);
  const lines: PaymentFeeLine[] = [...quote.merchantCharges, ...quote.correspondentCharges].map((c) => ({
    feeType: c.feeType,
    amount: c.amount,
    currency: c.currency,
    tax: c.tax.total,
  }));
  return {
    sendAmount: quote.sendAmount,
    receiveAmount: quote.receiveAmount,
    exchangeRate: quote.exchangeRate,
    fee: hold.minus(quote.sendAmount).toFixed(),
    feeLines: lines,
    holdAmount: hold.toFixed(),
    valueDate: quote.valueDate,
    quoteId: quote.id,
  };
}

/** A same-currency payment is priced by the TSP's fee rules for the merchant: the fees and their tax on top. */
async function priceFromFeeRules(
  db: Db,
  book: RateBook,
  wallet: WalletRow,
  merchantId: string,
  body: PaymentCreate,
  currencies: Currencies,
  now: Date,
): Promise<Priced> {
  const { sendCurrency, receiveCurrency } = currencies;
  const amount = (body.sendAmount ?? body.receiveAmount) as string;
  const dp = currencies.dps.get(sendCurrency) ?? 2;
  // The schedules change by configuration, not per payment: held with the pricing state as a quote's
  // are (no fee, profile or currency read per payment). The amount was checked against the currency above.
  const day = now.toISOString().slice(0, 10);
  const key = ['payment', wallet.serviceProviderId, merchantId, sendCurrency, receiveCurrency, day].join('|');
  const schedules = await heldInputs(db, book, key, () =>
    feesFor(db, {
      tspId: wallet.serviceProviderId,
      merchantId,
      sourceCurrency: sendCurrency,
      targetCurrency: receiveCurrency,
      amount: '1',
      chargeMode: 'OUR',
      now,
    }),
  );
  const lines: PaymentFeeLine[] = [];
  for (const [feeType, schedule] of [
    ['MERCHANT', schedules.merchantFee],
    ['CORRESPONDENT', schedules.correspondentFee],
  ] as const) {
    if (!schedule) continue;
    const fee = computeFee(schedule.slabs, amount, dp);
    if (new Dec(fee).lte(0)) continue;
    lines.push({ feeType, amount: fee, currency: sendCurrency, tax: taxOnFee(fee, schedules.taxes ?? [], dp).total });
  }
  const fee = lines.reduce((acc, l) => acc.plus(l.amount).plus(l.tax), new Dec(0));
  return {
    sendAmount: new Dec(amount).toFixed(),
    receiveAmount: new Dec(amount).toFixed(),
    exchangeRate: '1',
    fee: fee.toFixed(),
    feeLines: lines,
    holdAmount: fee.plus(amount).toFixed(),
    valueDate: body.valueDate ?? now.toISOString().slice(0, 10),
    quoteId: null,
  };
}

/**
 * Checks a payment body against the caller and the reference data and prices it: every refusal names
 * its field. Cross-currency payments take the quote's rate, fee lines and value date; same-currency
 * payments the TSP's fee rules.
 */
export async function pricePayment(
  db: Db,
  book: RateBook,
  caller: PaymentCaller,
  body: PaymentCreate,
  now: Date,
): Promise<{ values: Omit<PaymentValues, 'id' | 'paymentId' | 'status'>; wallet: WalletRow; callerName: string | null; authorization: MerchantAuthorization }> {
  const tenant = caller.tenant;
  if (tenant === null) throw new AppError('FORBIDDEN');
  const { found, wallet, merchantId } = await readInputs(db, tenant, caller.userId, body);
  const reference = { dps: await currencyDecimals(db, book), countries: await knownCountries(db, book) };
  const { currencies, problems } = bodyProblems(reference, wallet, body);
  // A beneficiary of another merchant is not found (404 naming beneficiaryId), never used.
  if (body.beneficiaryId !== undefined) await beneficiaryOfMerchant(db, merchantId, body.beneficiaryId);
  const crossCurrency = currencies.sendCurrency !== currencies.receiveCurrency;
  problems.push(...pricingProblems(body, crossCurrency));
  if (problems.length > 0) throw invalid(problems);

  const { sender, receiver } = partiesOf(body, wallet, found.merchantName ?? merchantId);
  const priced = crossCurrency
    ? await priceFromQuote(db, tenant, wallet, merchantId, body, currencies, now)
    : await priceFromFeeRules(db, book, wallet, merchantId, body, currencies, now);
  const values = {
    ...priced,
    draftId: body.draftId ?? null,
    requestHash: canonicalDigest(body),
    merchantId,
    serviceProviderId: wallet.serviceProviderId,
    walletId: wallet.id,
    beneficiaryId: body.beneficiaryId ?? null,
    category: body.category,
    referenceNumber: body.referenceNumber ?? null,
    agentId: body.agentId ?? null,
    agentReferenceNumber: body.agentReferenceNumber ?? null,
    targetBankCode: body.targetBankCode ?? body.receiver.bankCode ?? null,
    deliveryModeId: body.deliveryModeId ?? null,
    correspondentId: body.correspondentId ?? null,
    sender,
    receiver,
    sendCurrency: currencies.sendCurrency,
    receiveCurrency: currencies.receiveCurrency,
    message: body.message ?? null,
    purposeOfTransaction: body.purposeOfTransaction ?? null,
    sourceOfFunds: body.sourceOfFunds ?? null,
    expiryDate: body.expiryDate ?? null,
  };
  return { values, wallet, callerName: found.callerName, authorization: found.authorization };
}
