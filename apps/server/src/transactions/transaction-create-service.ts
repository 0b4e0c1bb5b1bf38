import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { v7 as uuidv7 } from 'uuid';
import type { creditTopUp, transactionCreate } from '@corridor/api';
import { Dec, isTransactionCategory, transactionFlow, writtenDecimals, type TransactionCategory } from '@corridor/domain';
import { compactDay, randomTail } from '../lib/references.ts';
import type { Db, Tx } from '../db/database.ts';
import { databaseOf, inTransaction } from '../db/transaction.ts';
import { bound, boundValues, shapeOf, statements } from '../db/statement.ts';
import { noticeValues, toldWith } from '../notifications/notification-service.ts';
import { correspondents, wallets } from '../db/schema.ts';
import { isUniqueViolation } from '../db/pg-errors.ts';
import { tspFundingPartyId } from '../pricing-config/settings-service.ts';
import { AppError, type InvalidParameter } from '../errors.ts';
import { currencyDecimals, usableQuote } from '../quotes/quote-service.ts';
import type { RateBook } from '../rates/rate-service.ts';
import { foreignId, unknownReference } from '../tenant/foreign-id.ts';
import { type Tenant } from '../tenant/tenant.ts';
import { transactionDto, type TransactionDto } from './transaction-dto.ts';
import { applyTransactionAction } from './transaction-lifecycle.ts';
import { actorOf, invalid, userName, type TransactionCaller } from './transaction-caller.ts';
import { walletTopUpValues } from './wallet-top-up-values.ts';
import { createdNotices } from './transaction-notices.ts';
import { moveTransactionFunds } from './transaction-ledger.ts';
import { transactionEvents, QUOTE_USED_INDEX, transactionsV2, type TransactionCharge } from './transaction-schema.ts';
import {
  assertMerchantMayTransact,
  merchantAuthorizationSql,
  refuseUnlessMayTransact,
  type MerchantAuthorization,
} from '../merchant-profiles/merchant-authorization-service.ts';

// Creating transactions: a caller's top-up or transfer (priced, checked and held in one database transaction),
// and operations' credit top-ups.

type TransactionCreate = z.output<typeof transactionCreate>;
type WalletRow = typeof wallets.$inferSelect;

function newTransactionId(now: Date): string {
  return `TXN${compactDay(now)}${randomTail(10)}`;
}

/** A wallet the caller may move money from (merchant: its own; TSP: one it runs); 404 naming the field otherwise. */
/**
 * Wallets by id, each with its merchant's authorization at the wallet's TSP (null: none, or a TSP's own wallet),
 * built once (`statement`): a create reads its wallets and the authorization it must check in one round trip,
 * as it stands (never cached: a merchant paused a moment ago moves no money). Unknown ids are simply absent.
 */
const walletsWithAuthorizationBy = statements((q, count: string) =>
  q
    .select({ ...getTableColumns(wallets), authorization: merchantAuthorizationSql(sql`${wallets.merchantServiceId}`, sql`${wallets.serviceProviderId}`) })
    .from(wallets)
    .where(
      inArray(
        wallets.id,
        Array.from({ length: Number(count) }, (_, i) => sql.placeholder(`id${i}`)),
      ),
    ),
);
type WalletWithAuthorization = WalletRow & { authorization: MerchantAuthorization };

/**
 * One statement per number of wallets (one or two), each id its own parameter: PostgreSQL then plans it once per
 * connection. With the ids as one array its generic plan guessed ten rows, each with the authorization's sub-select,
 * so it planned the statement afresh on every create (0.11 ms of PostgreSQL per transfer).
 */
function walletsWithAuthorization(db: Db, ids: Array<string | undefined>): Promise<WalletWithAuthorization[]> {
  const distinct = [...new Set(ids.filter((id): id is string => id !== undefined))];
  return walletsWithAuthorizationBy(db, String(distinct.length), Object.fromEntries(distinct.map((id, i) => [`id${i}`, id])));
}

function callerWallet(tenant: Tenant, found: WalletWithAuthorization[], id: string, field: string): WalletWithAuthorization {
  const wallet = found.find((w) => w.id === id);
  const own = wallet && (tenant.kind === 'merchant' ? wallet.merchantServiceId === tenant.merchantId : wallet.serviceProviderId === tenant.serviceProviderId);
  if (!wallet || !own) throw foreignId(field, 'wallet', id);
  if (wallet.status !== 'ACTIVE') throw invalid([{ parameter: field, message: 'the wallet is blocked' }]);
  return wallet;
}

type Values = typeof transactionsV2.$inferInsert;
/**
 * A priced transaction's values, the wallet its money moves from (read once, passed to its posting) and its
 * merchant's authorization at the wallet's TSP, read with it.
 */
interface Priced {
  values: Omit<Values, 'id' | 'transactionId' | 'createdAt'>;
  wallet: WalletRow;
  authorization: MerchantAuthorization;
}

/** A top-up: money arriving from outside into one wallet, approved by that wallet's TSP. */
async function priceTopUp(db: Db, book: RateBook, tenant: Tenant, body: TransactionCreate, category: TransactionCategory): Promise<Priced> {
  // A top-up names the wallet it fills (targetWalletId); an older form names it sourceWalletId.
  const field = body.sourceWalletId && !body.targetWalletId ? 'sourceWalletId' : 'targetWalletId';
  const id = body.targetWalletId ?? body.sourceWalletId;
  if (!id) throw invalid([{ parameter: field, message: 'is required' }]);
  const { authorization, ...wallet } = callerWallet(tenant, await walletsWithAuthorization(db, [id]), id, field);
  const given = body.targetAmount ?? body.sourceAmount;
  const amountField = body.targetAmount ? 'targetAmount' : 'sourceAmount';
  const problems: InvalidParameter[] = [];
  if (!given) problems.push({ parameter: 'targetAmount', message: 'is required' });
  else {
    if (given.currency !== wallet.currencyCode)
      problems.push({ parameter: `${amountField}.currency`, message: `must be the wallet currency ${wallet.currencyCode}` });
    if (!new Dec(given.amount).gt(0)) problems.push({ parameter: `${amountField}.amount`, message: 'must be more than zero' });
    const dp = (await currencyDecimals(db, book)).get(wallet.currencyCode);
    if (dp !== undefined && writtenDecimals(given.amount) > dp)
      problems.push({ parameter: `${amountField}.amount`, message: `${wallet.currencyCode} amounts have at most ${dp} decimals` });
  }
  if (problems.length > 0 || !given) throw invalid(problems);
  return {
    wallet,
    authorization,
    values: {
      category,
      type: body.type,
      status: 'PENDING',
      sourceApprovalStatus: 'PENDING',
      targetApprovalStatus: null,
      ...walletTopUpValues(wallet, given.amount),
      holdAmount: '0',
      valueDate: body.valueDate ?? null,
    },
  };
}

const chargeOf = (c: {
  feeType: TransactionCharge['chargeMode'];
  chargeMode: TransactionCharge['chargeMode'] | null;
  amount: string;
  currency: string;
  tax: { details: Array<{ name: string; amount: string }> };
}): TransactionCharge => ({
  feeType: c.feeType,
  chargeMode: c.chargeMode ?? c.feeType,
  amount: c.amount,
  currency: c.currency,
  tax: c.tax.details.map((t) => ({ name: t.name, amount: t.amount })),
});

/**
 * A transfer: priced by its quote (rate, fees, value date). The source wallet is the quote's and the caller's;
 * the target wallet belongs to the same merchant (a TSP's own wallet may send to any TSP's own wallet: an
 * interbank deal, approved by each side's TSP). Anything else is not found, naming targetWalletId.
 */
async function priceTransfer(db: Db, tenant: Tenant, body: TransactionCreate, category: TransactionCategory, now: Date): Promise<Priced> {
  if (!body.quoteId) throw invalid([{ parameter: 'quoteId', message: 'is required for a transfer' }]);
  if (!body.targetWalletId) throw invalid([{ parameter: 'targetWalletId', message: 'is required for a transfer' }]);
  const quote = await usableQuote(db, body.quoteId, tenant, now);
  const sourceId = body.sourceWalletId ?? quote.sourceWalletId;
  if (!sourceId) throw invalid([{ parameter: 'sourceWalletId', message: 'is required' }]);
  // Both wallets in one statement; the source is checked against the caller first, as it always was.
  const found = await walletsWithAuthorization(db, [sourceId, body.targetWalletId]);
  const { authorization, ...source } = callerWallet(tenant, found, sourceId, 'sourceWalletId');
  const target = found.find((w) => w.id === body.targetWalletId);
  const sameOwner =
    target !== undefined && (source.merchantServiceId !== null ? target.merchantServiceId === source.merchantServiceId : target.merchantServiceId === null);
  if (!target || !sameOwner) throw foreignId('targetWalletId', 'wallet', body.targetWalletId);
  const problems: InvalidParameter[] = [];
  if (target.status !== 'ACTIVE') problems.push({ parameter: 'targetWalletId', message: 'the wallet is blocked' });
  if (target.id === source.id) problems.push({ parameter: 'targetWalletId', message: 'must differ from the source wallet' });
  if (quote.sourceWalletId !== source.id) problems.push({ parameter: 'quoteId', message: 'the quote is for another wallet' });
  if (quote.sendCurrency !== source.currencyCode)
    problems.push({ parameter: 'quoteId', message: `the quote sends ${quote.sendCurrency}, the wallet holds ${source.currencyCode}` });
  if (quote.receiveCurrency !== target.currencyCode) problems.push({ parameter: 'targetWalletId', message: `must hold the quote's ${quote.receiveCurrency}` });
  if (body.sourceAmount && !new Dec(body.sourceAmount.amount).eq(quote.sendAmount))
    problems.push({ parameter: 'sourceAmount.amount', message: `must be the quoted ${quote.sendAmount}` });
  if (body.targetAmount && !new Dec(body.targetAmount.amount).eq(quote.receiveAmount))
    problems.push({ parameter: 'targetAmount.amount', message: `must be the quoted ${quote.receiveAmount}` });
  // The beneficiary's charges are taken from what the target wallet receives: they cannot exceed it.
  if (new Dec(quote.totals.netCredit.amount).isNegative())
    problems.push({ parameter: 'quoteId', message: `the charges the beneficiary bears exceed the ${quote.receiveAmount} ${quote.receiveCurrency} received` });
  if (problems.length > 0) throw invalid(problems);
  // The source wallet pays the quote's total debit: the send amount plus the fees and tax the sender bears.
  const totalDebit = quote.totals.totalDebit.currency === quote.sendCurrency ? new Dec(quote.totals.totalDebit.amount) : new Dec(quote.sendAmount);
  const hold = Dec.max(totalDebit, quote.sendAmount);
  return {
    wallet: source,
    authorization,
    values: {
      category,
      type: body.type,
      status: 'PENDING',
      sourceApprovalStatus: 'PENDING',
      targetApprovalStatus: 'PENDING',
      merchantId: source.merchantServiceId,
      serviceProviderId: source.serviceProviderId,
      targetSpId: target.serviceProviderId,
      sourceWalletId: source.id,
      targetWalletId: target.id,
      quoteId: quote.id,
      sourceAmount: new Dec(quote.sendAmount).toFixed(),
      sourceCurrency: quote.sendCurrency,
      targetAmount: new Dec(quote.receiveAmount).toFixed(),
      targetCurrency: quote.receiveCurrency,
      exchangeRate: new Dec(quote.exchangeRate).toFixed(),
      ibrRate: quote.rates.ibr,
      feeAmount: hold.minus(quote.sendAmount).toFixed(),
      holdAmount: hold.toFixed(),
      merchantCharges: quote.merchantCharges.map(chargeOf),
      correspondentCharges: quote.correspondentCharges.map(chargeOf),
      valueDate: quote.valueDate,
    },
  };
}

/**
 * The funding party a transaction names is one of its TSP's (another TSP's, or none, is the 404 naming
 * fundingPartyId); the correspondent is one of the reference list.
 */
async function checkCounterparties(db: Db, body: TransactionCreate, serviceProviderId: string): Promise<void> {
  // One after the other: the handle may be a transaction's, and
  // node-postgres deprecates concurrent queries on one client.
  const fundingParty = body.fundingPartyId === undefined ? null : await tspFundingPartyId(db, serviceProviderId, body.fundingPartyId);
  const correspondent =
    body.correspondentId === undefined
      ? null
      : ((await db.select({ id: correspondents.correspondentId }).from(correspondents).where(eq(correspondents.correspondentId, body.correspondentId)))[0] ??
        null);
  if (body.fundingPartyId !== undefined && !fundingParty) throw foreignId('fundingPartyId', 'funding party', body.fundingPartyId);
  if (body.correspondentId !== undefined && !correspondent) throw unknownReference('correspondentId', 'correspondent', body.correspondentId);
}

/**
 * A transaction's row, its creation's record and the notice to its TSP in one statement (the record and the
 * notice data-modifying CTEs of the insert), built once per set of the row's columns and count of notices
 * (`statements`, keyed by `shapeOf` the row and the count). The record takes the row's id, creator and time;
 * its own id, actor type and organisation are `event*` values.
 */
const insertCreated = statements((q, shape: string) => {
  const [columns = '', notices = '0'] = shape.split('|');
  const created = q.$with('created').as(
    q.insert(transactionEvents).values({
      id: bound('eventId', transactionEvents.id),
      transactionRowId: bound('id', transactionEvents.transactionRowId),
      action: sql`'create'`,
      fromStatus: sql`null`,
      toStatus: sql`'PENDING'`,
      actorType: bound('eventActorType', transactionEvents.actorType),
      actorId: bound('createdBy', transactionEvents.actorId),
      actorName: bound('createdByName', transactionEvents.actorName),
      actorOrgId: bound('eventActorOrgId', transactionEvents.actorOrgId),
      at: bound('createdAt', transactionEvents.at),
    }),
  );
  return q
    .with(created, ...toldWith(q, Number(notices)))
    .insert(transactionsV2)
    .values(boundValues(transactionsV2, columns.split(',')))
    .returning();
});

/**
 * Creates a top-up (PENDING, nothing moves until its TSP approves) or a transfer (PENDING, the source amount
 * plus fees held on the source wallet in the same database transaction; INSUFFICIENT_FUNDS refuses it whole).
 */
export async function createTransaction(db: Db, book: RateBook, caller: TransactionCaller, body: TransactionCreate, now: Date): Promise<TransactionDto> {
  const tenant = caller.tenant;
  if (tenant === null) throw new AppError('FORBIDDEN');
  const category = body.category;
  if (!isTransactionCategory(category)) throw invalid([{ parameter: 'category', message: 'must be TOPUP, TOPUP_CREDIT, TRANSFER or CONSUMER_PAYOUT' }]);
  const {
    values: priced,
    wallet,
    authorization,
  } = transactionFlow(category) === 'TWO_SIDED' ? await priceTransfer(db, tenant, body, category, now) : await priceTopUp(db, book, tenant, body, category);
  await checkCounterparties(db, body, priced.serviceProviderId);
  // A merchant whose authorization is paused, blocked or expired moves no money: its top-ups and transfers are refused.
  if (wallet.merchantServiceId !== null) {
    const twoSided = transactionFlow(category) === 'TWO_SIDED';
    const field = twoSided || (body.sourceWalletId && !body.targetWalletId) ? 'sourceWalletId' : 'targetWalletId';
    // Its authorization at the wallet's TSP was read with the wallet, in this request.
    refuseUnlessMayTransact(authorization, field, now);
    const targetSp = priced.targetSpId;
    if (twoSided && targetSp && targetSp !== wallet.serviceProviderId) {
      await assertMerchantMayTransact(db, wallet.merchantServiceId, targetSp, 'targetWalletId', now);
    }
  }
  const actor = await actorOf(db, caller, null);
  const write = async (tx: Tx) => {
    const rowId = uuidv7();
    const row = {
      ...priced,
      id: rowId,
      transactionId: newTransactionId(now),
      fundingPartyId: body.fundingPartyId ?? null,
      correspondentId: body.correspondentId ?? null,
      collectionMode: body.collectionMode ?? null,
      referenceNumber: body.referenceNumber ?? null,
      purposeOfTransaction: body.purposeOfTransaction ?? null,
      sourceOfIncome: body.sourceOfIncome ?? null,
      remarks: body.remarks ?? null,
      createdBy: caller.userId,
      createdByName: actor.name ?? null,
      createdAt: now,
      updatedBy: caller.userId,
      updatedAt: now,
    };
    const told = noticeValues(createdNotices(row), now);
    const [inserted] = await insertCreated(tx, `${shapeOf(row)}|${told.count}`, {
      ...told.values,
      ...row,
      eventId: uuidv7(),
      eventActorType: actor.type,
      eventActorOrgId: actor.orgId ?? null,
    }).catch((error: unknown) => {
      if (isUniqueViolation(error, QUOTE_USED_INDEX)) {
        throw new AppError('QUOTE_EXPIRED', 'The quote was already used for a transfer; ask for a new one', [
          { parameter: 'quoteId', message: 'was already used for a transfer' },
        ]);
      }
      throw error;
    });
    if (!inserted) throw new AppError('INTERNAL_ERROR', 'The transaction was not stored');
    await moveTransactionFunds(tx, inserted, 'hold', now, caller.userId, { source: wallet });
    return inserted;
  };
  // Inside an idempotent request's transaction a refusal rolls the whole request back: no savepoint needed.
  const row = databaseOf(db) !== db ? await write(db as Tx) : await inTransaction(db, write);
  return transactionDto(row);
}

// Operations ----------------------------------------------------------------------------------------

/**
 * A credit top-up posted by operations: created and completed at once by the server (actor SYSTEM), the
 * wallet credited in the same database transaction.
 */
export async function creditTopUpByOperations(db: Db, book: RateBook, userId: string, body: z.output<typeof creditTopUp>, kind: 'tsp' | 'merchant', now: Date) {
  const [wallet] = await db.select().from(wallets).where(eq(wallets.id, body.walletId));
  if (!wallet || (kind === 'merchant') !== (wallet.merchantServiceId !== null))
    throw foreignId('walletId', kind === 'merchant' ? 'merchant wallet' : 'TSP wallet', body.walletId);
  if (body.currency !== wallet.currencyCode) throw invalid([{ parameter: 'currency', message: `must be the wallet currency ${wallet.currencyCode}` }]);
  // The amount is stored as given and booked to the ledger: both in the currency's own decimals, so they agree.
  const dp = (await currencyDecimals(db, book)).get(wallet.currencyCode);
  if (dp !== undefined && writtenDecimals(body.amount) > dp)
    throw invalid([{ parameter: 'amount', message: `${wallet.currencyCode} amounts have at most ${dp} decimals` }]);
  const name = await userName(db, userId);
  const row = await inTransaction(db, async (tx) => {
    const [inserted] = await tx
      .insert(transactionsV2)
      .values({
        id: uuidv7(),
        transactionId: newTransactionId(now),
        category: 'TOPUP_CREDIT',
        type: 'CREDIT_TOPUP',
        status: 'PENDING',
        sourceApprovalStatus: 'PENDING',
        ...walletTopUpValues(wallet, body.amount),
        referenceNumber: body.referenceNumber ?? null,
        remarks: body.remarks ?? null,
        createdBy: userId,
        createdByName: name,
        createdAt: now,
      })
      .returning();
    if (!inserted) throw new AppError('INTERNAL_ERROR', 'The top-up was not stored');
    return applyTransactionAction(tx, inserted.id, 'complete', { type: 'SYSTEM', userId, name }, { now });
  });
  return transactionDto(row);
}
