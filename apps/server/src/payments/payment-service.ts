import { and, asc, count, desc, eq, inArray, or, sql, sum, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { v7 as uuidv7 } from 'uuid';
import type { cancellationRequest, cancellationStatus, paymentCreate, paymentSummaryRow, payoutBank, processOutcome } from '@corridor/api';
import { computeFee, Dec, taxOnFee, writtenDecimals, type PaymentAction, type PaymentStatus } from '@corridor/domain';
import type { Db, Tx } from '../db/database.ts';
import { boundValues, shapeOf, statement, statements } from '../db/statement.ts';
import { databaseOf, inTransaction } from '../db/transaction.ts';
import { bankCountryCurrencies, banks, users, wallets } from '../db/schema.ts';
import { AppError, type InvalidParameter } from '../errors.ts';
import { feesFor } from '../fees/fee-service.ts';
import { COUNT_LOOKAHEAD } from '../http/bounded-count.ts';
import { listResource, resourceWhere } from '../http/resource-engine.ts';
import { pageAnswer } from '../http/paging.ts';
import { heldInputs, usableQuote } from '../quotes/quote-service.ts';
import type { RateBook } from '../rates/rate-service.ts';
import { foreignId, unknownReference } from '../tenant/foreign-id.ts';
import { orgIdOf, type Tenant } from '../tenant/tenant.ts';
import type { WalletRow } from '../wallets/wallet-types.ts';
import { paymentDto, type PaymentDto } from './payment-dto.ts';
import { applyPaymentAction, type PaymentActorRef } from './payment-lifecycle.ts';
import { movePaymentFunds } from './payment-ledger.ts';
import { draftResource, paymentResource, paymentScope, type DraftFilter, type PaymentFilter } from './payment-resource.ts';
import { paymentCancellations, paymentEvents, payments, type PaymentFeeLine, type PaymentRow } from './payment-schema.ts';
import { beneficiaryOfMerchant } from '../beneficiaries/beneficiary-service.ts';
import {
  assertMerchantMayTransact,
  merchantAuthorizationSql,
  refuseUnlessMayTransact,
  type MerchantAuthorization,
} from '../merchant-profiles/merchant-authorization-service.ts';
import { compactDay, randomTail } from '../lib/references.ts';
import { canonicalDigest } from '../http/idempotency.ts';

/** The payout rail and the bank callbacks move a payment through its one lifecycle and answer it as the payments calls do. */
export { applyPaymentAction } from './payment-lifecycle.ts';
export { paymentDto } from './payment-dto.ts';

export type PaymentCreate = z.output<typeof paymentCreate>;
type CancellationStatus = z.input<typeof cancellationStatus>;

/** Who calls: the tenant (null for operations) and the user, as the lifecycle records them. */
export interface PaymentCaller {
  tenant: Tenant | null;
  userId: string;
}

async function actorOf(db: Db | Tx, caller: PaymentCaller, knownName?: string | null): Promise<PaymentActorRef & { name: string | null }> {
  const name = knownName !== undefined ? knownName : ((await db.select({ name: users.name }).from(users).where(eq(users.id, caller.userId)))[0]?.name ?? null);
  const type = caller.tenant?.kind === 'merchant' ? 'MERCHANT' : caller.tenant?.kind === 'serviceProvider' ? 'TSP' : 'SYSTEM';
  const orgId = caller.tenant === null ? null : caller.tenant.kind === 'merchant' ? caller.tenant.merchantId : caller.tenant.serviceProviderId;
  return { type, userId: caller.userId, name, orgId };
}

const invalid = (parameters: InvalidParameter[]) => new AppError('VALIDATION_FAILED', undefined, parameters);

function newPaymentId(now: Date): string {
  return `PMT${compactDay(now)}${randomTail(10)}`;
}

type PaymentValues = typeof payments.$inferInsert;

/**
 * What a payment create reads in one round trip, for a merchant's wallet or a TSP's merchant wallet:
 * the wallet, its merchant's and the caller's names, the decimals of the currencies named (and the
 * wallet's), which of the named countries exist and the merchant's authorization at the wallet's TSP (read
 * here, as it stands, never cached: a merchant paused a moment ago pays nothing out). Built once
 * (`statement`): it runs on every create.
 */
const paymentInputsOf = (scope: 'merchant' | 'serviceProvider') =>
  statement((db) => {
    const codes = (name: string) => sql`(select jsonb_array_elements_text(${sql.placeholder(name)}::jsonb))`;
    return db
      .select({
        wallet: wallets,
        merchantName: sql<string | null>`(select o.name from organisations o where o.id = ${wallets.merchantServiceId})`,
        callerName: sql<string | null>`(select u.name from users u where u.id = ${sql.placeholder('callerId')})`,
        dps: sql<Record<string, number> | null>`(select jsonb_object_agg(c.code, c.dp) from currencies c
          where c.code in ${codes('currencyCodes')} or c.code = ${wallets.currencyCode})`,
        countries: sql<string[] | null>`(select jsonb_agg(k.code) from countries k where k.code in ${codes('countryCodes')})`,
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

/**
 * Checks a payment body against the caller and the reference data and prices it: every refusal names
 * its field. Cross-currency payments take the quote's rate, fee lines and value date; same-currency
 * payments the TSP's fee rules.
 */
async function pricePayment(
  db: Db,
  book: RateBook,
  caller: PaymentCaller,
  body: PaymentCreate,
  now: Date,
): Promise<{ values: Omit<PaymentValues, 'id' | 'paymentId' | 'status'>; wallet: WalletRow; callerName: string | null; authorization: MerchantAuthorization }> {
  const tenant = caller.tenant;
  if (tenant === null) throw new AppError('FORBIDDEN');
  // One round trip for everything the checks read: the wallet, its merchant's and the caller's names,
  // the decimals of the currencies named and the countries that exist (a create is on the hot path).
  const currencyCodes = [...new Set([body.sendCurrency, body.receiveCurrency].filter((c): c is string => c !== undefined))];
  const countryCodes = [body.receiver.countryCode, ...(body.sender?.countryCode ? [body.sender.countryCode] : [])];
  const [found] = await (tenant.kind === 'merchant' ? walletOfMerchant : walletOfServiceProvider)(db, {
    walletId: body.walletId,
    tenantId: orgIdOf(tenant),
    callerId: caller.userId,
    currencyCodes: JSON.stringify(currencyCodes),
    countryCodes: JSON.stringify(countryCodes),
    correspondentId: body.correspondentId ?? null,
    deliveryModeId: body.deliveryModeId ?? null,
  });
  const wallet = found?.wallet;
  if (!found || !wallet || !wallet.merchantServiceId) throw foreignId('walletId', 'wallet', body.walletId);
  const merchantId = wallet.merchantServiceId;
  // Reference ids are stored on the payment and read by the payout rail: one that does not exist is refused.
  if (body.correspondentId !== undefined && !found.correspondentKnown) throw unknownReference('correspondentId', 'correspondent', body.correspondentId);
  if (body.deliveryModeId !== undefined && !found.deliveryModeKnown) throw unknownReference('deliveryModeId', 'delivery mode', body.deliveryModeId);
  const problems: InvalidParameter[] = [];
  if (wallet.status !== 'ACTIVE') problems.push({ parameter: 'walletId', message: 'the wallet is blocked' });
  const sendCurrency = body.sendCurrency ?? wallet.currencyCode;
  if (sendCurrency !== wallet.currencyCode) problems.push({ parameter: 'sendCurrency', message: `must be the wallet currency ${wallet.currencyCode}` });
  const receiveCurrency = body.receiveCurrency ?? sendCurrency;
  const known = new Map(Object.entries(found.dps ?? {}).map(([code, dp]) => [code, Number(dp)]));
  if (!known.has(receiveCurrency)) problems.push({ parameter: 'receiveCurrency', message: `no currency ${receiveCurrency}` });
  const knownCountries = new Set(found.countries ?? []);
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
  // A beneficiary of another merchant is not found (404 naming beneficiaryId), never used.
  if (body.beneficiaryId !== undefined) await beneficiaryOfMerchant(db, merchantId, body.beneficiaryId);
  const crossCurrency = sendCurrency !== receiveCurrency;
  if (crossCurrency && body.quoteId === undefined) problems.push({ parameter: 'quoteId', message: 'is required when the send and receive currencies differ' });
  // A same-currency payment is priced by the TSP's fee rules, never by a quote: one named would be dropped
  // unseen, and its caller left believing the quote's rate and fees apply.
  if (!crossCurrency && body.quoteId !== undefined)
    problems.push({ parameter: 'quoteId', message: 'is only taken when the send and receive currencies differ; leave it out of a same-currency payment' });
  if (!crossCurrency && body.sendAmount === undefined && body.receiveAmount === undefined) problems.push({ parameter: 'sendAmount', message: 'is required' });
  if (problems.length > 0) throw invalid(problems);

  const sender = {
    name: body.sender?.name ?? found.merchantName ?? merchantId,
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
  let priced: Pick<PaymentValues, 'sendAmount' | 'receiveAmount' | 'exchangeRate' | 'fee' | 'feeLines' | 'holdAmount' | 'valueDate' | 'quoteId'>;
  if (crossCurrency) {
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
    priced = {
      sendAmount: quote.sendAmount,
      receiveAmount: quote.receiveAmount,
      exchangeRate: quote.exchangeRate,
      fee: hold.minus(quote.sendAmount).toFixed(),
      feeLines: lines,
      holdAmount: hold.toFixed(),
      valueDate: quote.valueDate,
      quoteId: quote.id,
    };
  } else {
    const amount = (body.sendAmount ?? body.receiveAmount) as string;
    const dp = known.get(sendCurrency) ?? 2;
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
    priced = {
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
    sendCurrency,
    receiveCurrency,
    message: body.message ?? null,
    purposeOfTransaction: body.purposeOfTransaction ?? null,
    sourceOfFunds: body.sourceOfFunds ?? null,
    expiryDate: body.expiryDate ?? null,
  };
  return { values, wallet, callerName: found.callerName, authorization: found.authorization };
}

/**
 * A create's payment row and its first timeline event, in one statement built once per set of columns
 * named (`statements`). A draftId already used inserts no payment, and then no event: the answer is empty.
 */
const insertPaymentWithEvent = statements((q, shape: string) => {
  const inserted = q.$with('inserted').as(
    q
      .insert(payments)
      .values(boundValues(payments, shape.split(',')))
      .onConflictDoNothing()
      .returning(),
  );
  const event = q.$with('event', { id: sql<string>`id` }).as(
    sql`insert into payment_events (id, payment_id, action, from_status, to_status, actor_type, actor_id, actor_name, actor_org_id, at)
      select ${sql.placeholder('eventId')}::text, inserted.id, ${sql.placeholder('action')}::text, null, inserted.status,
        ${sql.placeholder('actorType')}::text, ${sql.placeholder('actorId')}::text, ${sql.placeholder('actorName')}::text,
        ${sql.placeholder('actorOrgId')}::text, inserted.created_at
      from inserted returning id`,
  );
  return q.with(inserted, event).select().from(inserted);
});
type PaymentInsert = typeof payments.$inferInsert;

/**
 * Creates a payment (INITIATED, its funds held on the wallet in the same transaction) or a draft
 * (DRAFTED, nothing held). A draftId lands once for ever per merchant: the same id with the same body
 * answers the stored payment, with another body DRAFT_ID_REUSED; concurrent copies meet on the unique
 * index, so exactly one row is written.
 */
export async function createPayment(
  db: Db,
  book: RateBook,
  caller: PaymentCaller,
  body: PaymentCreate,
  mode: 'draft' | 'initiate',
  now: Date,
): Promise<PaymentDto> {
  const { values, wallet, callerName, authorization } = await pricePayment(db, book, caller, body, now);
  // A merchant whose authorization is paused, blocked or expired pays nothing out (a draft neither: it is a payment to come).
  // Its authorization at the wallet's TSP was read with the wallet, in this request.
  refuseUnlessMayTransact(authorization, 'walletId', now);
  const actor = await actorOf(db, caller, callerName);
  const write = async (tx: Tx): Promise<PaymentRow> => {
    const status: PaymentStatus = mode === 'draft' ? 'DRAFTED' : 'INITIATED';
    const row: PaymentInsert = {
      ...values,
      id: uuidv7(),
      paymentId: newPaymentId(now),
      status,
      createdBy: caller.userId,
      createdByName: actor.name,
      createdAt: now,
    };
    const [inserted] = await insertPaymentWithEvent(tx, shapeOf(row), {
      ...row,
      eventId: uuidv7(),
      action: mode === 'draft' ? 'draft' : 'create',
      actorType: actor.type,
      actorId: actor.userId ?? null,
      actorName: actor.name,
      actorOrgId: actor.orgId ?? null,
    });
    if (!inserted) {
      const [existing] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.merchantId, values.merchantId), eq(payments.draftId, values.draftId ?? '')));
      if (!existing) throw new AppError('INTERNAL_ERROR', 'A payment collided with another and was not found');
      if (existing.requestHash !== values.requestHash) {
        throw new AppError('DRAFT_ID_REUSED', undefined, [{ parameter: 'draftId', message: `was used for payment ${existing.paymentId} with another body` }]);
      }
      return existing;
    }
    if (mode === 'initiate') await movePaymentFunds(tx, inserted, 'hold', now, caller.userId, wallet);
    return inserted;
  };
  // Inside an idempotent request's transaction a refusal rolls the whole request back: no savepoint needed.
  const row = databaseOf(db) !== db ? await write(db as Tx) : await inTransaction(db, write);
  return paymentDto(row);
}

/** A payment the caller may see, by its row id or its paymentId; 404 naming the field otherwise. */
async function visiblePayment(db: Db | Tx, tenant: Tenant | null, id: string, field = 'id'): Promise<PaymentRow> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(or(eq(payments.id, id), eq(payments.paymentId, id)), paymentScope(tenant)));
  if (!row) throw foreignId(field, 'payment', id);
  return row;
}

export async function getPayment(db: Db, tenant: Tenant | null, id: string): Promise<PaymentDto> {
  const row = await visiblePayment(db, tenant, id);
  const events = await db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, row.id)).orderBy(asc(paymentEvents.at), asc(paymentEvents.id));
  return paymentDto(row, events);
}

/** Quotes expire: a cross-currency payment is only held again (initiate, retry) on a quote still usable. */
async function checkQuote(db: Db, tenant: Tenant | null, row: PaymentRow, now: Date): Promise<void> {
  if (row.quoteId === null || tenant === null) return;
  await usableQuote(db, row.quoteId, tenant, now);
}

/**
 * One action on one payment the caller may see. The TSP may not process a payment its own user created
 * (maker-checker); the lifecycle checks the transition table and moves the money.
 */
export async function actOnPayment(
  db: Db,
  caller: PaymentCaller,
  id: string,
  action: PaymentAction,
  now: Date,
  opts: { reason?: string | null | undefined; field?: string } = {},
): Promise<PaymentRow> {
  const row = await visiblePayment(db, caller.tenant, id, opts.field ?? 'id');
  if (action === 'process' && row.createdBy === caller.userId) {
    throw new AppError('MAKER_CHECKER', `You created payment ${row.paymentId}; another user must process it`, [
      { parameter: opts.field ?? 'id', message: 'was created by you' },
    ]);
  }
  if ((action === 'initiate' || action === 'retry') && (row.status === 'DRAFTED' || row.status === 'FAILED')) await checkQuote(db, caller.tenant, row, now);
  // Sending a payment on (initiating a draft, processing, retrying) is a transaction the merchant's authorization must allow.
  if (action === 'initiate' || action === 'retry' || action === 'process') {
    await assertMerchantMayTransact(db, row.merchantId, row.serviceProviderId, opts.field ?? 'id', now);
  }
  const actor = await actorOf(db, caller);
  return inTransaction(db, (tx) => applyPaymentAction(tx, row.id, action, actor, { reason: opts.reason ?? null, now }));
}

/** One action answered as the payment; `field` is where the id came from, so a refusal names it. */
export async function actOnPaymentDto(db: Db, caller: PaymentCaller, id: string, action: PaymentAction, now: Date, field = 'id'): Promise<PaymentDto> {
  return paymentDto(await actOnPayment(db, caller, id, action, now, { field }));
}

/** The same action on several payments, all or nothing: one refusal leaves every payment as it was. */
export async function actOnPayments(db: Db, caller: PaymentCaller, ids: string[], action: PaymentAction, now: Date, reason?: string): Promise<PaymentDto[]> {
  const rows = await Promise.all(ids.map((id) => visiblePayment(db, caller.tenant, id, 'paymentIds')));
  if (action === 'process') {
    const own = rows.find((r) => r.createdBy === caller.userId);
    if (own)
      throw new AppError('MAKER_CHECKER', `You created payment ${own.paymentId}; another user must process it`, [
        { parameter: 'paymentIds', message: `${own.paymentId} was created by you` },
      ]);
  }
  const actor = await actorOf(db, caller);
  const updated = await inTransaction(db, async (tx) => {
    const out: PaymentRow[] = [];
    for (const row of rows) out.push(await applyPaymentAction(tx, row.id, action, actor, { reason: reason ?? null, now }));
    return out;
  });
  return updated.map((r) => paymentDto(r));
}

/** Bulk processing: each payment on its own, so one refusal does not stop the others. */
export async function processPending(
  db: Db,
  caller: PaymentCaller,
  query: DraftFilter & { paymentIds?: string[] | undefined },
  now: Date,
): Promise<z.input<typeof processOutcome>> {
  let ids: string[];
  if (query.paymentIds && query.paymentIds.length > 0) {
    // Ids the caller names are its own or the whole call is the 404 naming paymentIds: a refusal in
    // `failed` is for a payment of its own the lifecycle turned down, never for another TSP's.
    await Promise.all(query.paymentIds.map((id) => visiblePayment(db, caller.tenant, id, 'paymentIds')));
    ids = query.paymentIds;
  } else {
    const where = and(resourceWhere(draftResource, { ...query, statuses: ['INITIATED'] }, paymentScope(caller.tenant)));
    ids = (await db.select({ id: payments.paymentId }).from(payments).where(where).orderBy(asc(payments.createdAt)).limit(500)).map((r) => r.id);
  }
  const processed: string[] = [];
  const failed: Array<{ paymentId: string; code: string; message: string }> = [];
  for (const id of ids) {
    try {
      const row = await actOnPayment(db, caller, id, 'process', now, { field: 'paymentIds' });
      processed.push(row.paymentId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failed.push({ paymentId: id, code: error.code, message: error.message });
    }
  }
  return { processed, failed };
}

const listScope = (tenant: Tenant | null, status?: PaymentStatus): SQL | undefined =>
  and(paymentScope(tenant), status ? eq(payments.status, status) : undefined);

/** Payments grow without end: the total is counted up to `lookahead` rows past the page (`totalKind`). */
export async function listPayments(db: Db, tenant: Tenant | null, query: PaymentFilter, lookahead = COUNT_LOOKAHEAD) {
  const page = await listResource(db, paymentResource, query, listScope(tenant), lookahead);
  return { ...page, content: page.content.map((r) => paymentDto(r)) };
}

export async function listDrafts(db: Db, tenant: Tenant | null, query: DraftFilter, status: PaymentStatus, lookahead = COUNT_LOOKAHEAD) {
  const page = await listResource(db, draftResource, query, listScope(tenant, status), lookahead);
  return { ...page, content: page.content.map((r) => paymentDto(r)) };
}

/** Count and total send amount by status and currency. */
async function summarise(db: Db, where: SQL | undefined): Promise<Array<z.input<typeof paymentSummaryRow>>> {
  const rows = await db
    .select({ status: payments.status, currency: payments.sendCurrency, count: count(), total: sum(payments.sendAmount) })
    .from(payments)
    .where(where)
    .groupBy(payments.status, payments.sendCurrency)
    .orderBy(payments.status, payments.sendCurrency);
  return rows.map((r) => ({ status: r.status, currency: r.currency, count: Number(r.count), totalAmount: new Dec(r.total ?? '0').toFixed() }));
}

export const paymentSummary = (db: Db, tenant: Tenant | null, query: PaymentFilter) => summarise(db, resourceWhere(paymentResource, query, listScope(tenant)));
export const draftSummary = (db: Db, tenant: Tenant | null, query: DraftFilter, status: PaymentStatus) =>
  summarise(db, resourceWhere(draftResource, query, listScope(tenant, status)));

/** Banks a payout can go to: the reference banks, by country and by the currencies they pay out in there. */
export async function payoutBanks(
  db: Db,
  query: { countryCode?: string | undefined; currencyCode?: string | undefined; page: number; size: number },
): Promise<{ content: Array<z.input<typeof payoutBank>>; page: number; size: number; totalElements: number; totalPages: number }> {
  const where = and(
    query.countryCode ? eq(banks.countryCode, query.countryCode) : undefined,
    query.currencyCode
      ? inArray(
          banks.code,
          db
            .select({ code: bankCountryCurrencies.bankCode })
            .from(bankCountryCurrencies)
            .where(and(eq(bankCountryCurrencies.currencyCode, query.currencyCode), eq(bankCountryCurrencies.countryCode, banks.countryCode))),
        )
      : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select({ code: banks.code, name: banks.name, countryCode: banks.countryCode })
      .from(banks)
      .where(where)
      .orderBy(asc(banks.name), asc(banks.code))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ n: count() }).from(banks).where(where),
  ]);
  const pairs = rows.length
    ? await db
        .select()
        .from(bankCountryCurrencies)
        .where(
          inArray(
            bankCountryCurrencies.bankCode,
            rows.map((r) => r.code),
          ),
        )
    : [];
  const content = rows.map((r) => ({
    ...r,
    currencyCodes: [...new Set(pairs.filter((p) => p.bankCode === r.code && p.countryCode === r.countryCode).map((p) => p.currencyCode))].sort(),
  }));
  return pageAnswer(content, query, totals[0]?.n ?? 0);
}

type CancellationRequest = z.output<typeof cancellationRequest>;

/**
 * Cancels a payment that has not reached the bank: its hold is released at once, so the cancellation
 * is COMPLETED when it is answered. The cancellation date lies between the payment's creation day and today.
 */
export async function cancelPayment(db: Db, caller: PaymentCaller, body: CancellationRequest, now: Date): Promise<CancellationStatus> {
  const row = await visiblePayment(db, caller.tenant, body.transactionId, 'transactionId');
  const day = body.cancellationDate?.slice(0, 10) ?? now.toISOString().slice(0, 10);
  const createdDay = row.createdAt.toISOString().slice(0, 10);
  if (day < createdDay || day > now.toISOString().slice(0, 10)) {
    throw invalid([{ parameter: 'cancellationDate', message: `must be between ${createdDay} and today` }]);
  }
  const actor = await actorOf(db, caller);
  const cancellation = await inTransaction(db, async (tx) => {
    await applyPaymentAction(tx, row.id, 'cancel', actor, { reason: body.reason, now });
    const [inserted] = await tx
      .insert(paymentCancellations)
      .values({
        id: uuidv7(),
        paymentId: row.id,
        status: 'COMPLETED',
        reason: body.reason,
        cancellationDate: day,
        cancelledBy: caller.userId,
        cancelledByName: actor.name,
        serviceProviderId: row.serviceProviderId,
        cancelledOn: now,
      })
      .returning();
    return inserted as typeof paymentCancellations.$inferSelect;
  });
  return cancellationDto(row, cancellation);
}

function cancellationDto(row: PaymentRow, c: typeof paymentCancellations.$inferSelect): CancellationStatus {
  return {
    transactionId: row.paymentId,
    cancellationId: c.id,
    status: c.status,
    cancelledBy: c.cancelledBy ? { id: c.cancelledBy, name: c.cancelledByName ?? c.cancelledBy } : null,
    serviceProviderId: c.serviceProviderId,
    cancelledOn: c.cancelledOn?.toISOString() ?? null,
    reason: c.reason,
  };
}

export async function cancellationOf(db: Db, tenant: Tenant | null, transactionId: string): Promise<CancellationStatus> {
  const row = await visiblePayment(db, tenant, transactionId, 'transactionId');
  const [c] = await db
    .select()
    .from(paymentCancellations)
    .where(eq(paymentCancellations.paymentId, row.id))
    .orderBy(desc(paymentCancellations.cancelledOn))
    .limit(1);
  if (!c) throw new AppError('NOT_FOUND', `Payment ${row.paymentId} has no cancellation`, [{ parameter: 'transactionId', message: 'has no cancellation' }]);
  return cancellationDto(row, c);
}
