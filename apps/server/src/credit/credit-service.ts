import { and, asc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { creditLimitFilter, creditRequestFilter } from '@corridor/api';
import { Dec, toCalendarDate } from '@corridor/domain';
import type { Db, Tx } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { creditLimits, creditRequests, walletPositions, wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { assertAmountFits } from '../reference/amount-fit.ts';
import { listResource, type ResourceSpec } from '../http/resource-engine.ts';
import { post } from '../ledger/ledger-service.ts';
import { plain, plainOrNull } from '../lib/money-text.ts';
import { tspAccount } from '../ledger/tsp-account-service.ts';
import type { WalletRow } from '../wallets/wallet-dto.ts';
import { ownWallet, scopes, walletIn } from '../tenant/wallet-scope.ts';
import { ownMerchant, ownServiceProvider } from '../organisations/organisation-service.ts';
import type { MerchantTenant, SpTenant } from '../tenant/tenant.ts';
import { noticeCreditStep } from './credit-notices.ts';
import { dayEndOf } from '../lib/day-range.ts';

export type CreditRequestRow = typeof creditRequests.$inferSelect;
export type CreditLimitRow = typeof creditLimits.$inferSelect;
type CreditStatus = CreditRequestRow['status'];

export function creditRequestDto(r: CreditRequestRow) {
  return {
    id: r.id,
    merchantId: r.merchantId,
    walletId: r.walletId,
    transactionId: r.transactionId,
    tspId: r.tspId,
    tspWalletId: r.tspWalletId,
    currency: r.currency,
    amount: plain(r.amount),
    approvedAmount: plainOrNull(r.approvedAmount),
    validFrom: r.validFrom,
    validTo: r.validTo,
    allocationMode: r.allocationMode,
    status: r.status,
    remarks: r.remarks,
    linked: r.linked,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt?.toISOString() ?? null,
  };
}

/** Credit used on a wallet: how far its balance is below zero, up to the limit. */
async function usedOn(db: Db, walletIds: string[]): Promise<Map<string, string>> {
  if (walletIds.length === 0) return new Map();
  const rows = await db
    .select({ walletId: walletPositions.walletId, balance: walletPositions.balance })
    .from(walletPositions)
    .where(inArray(walletPositions.walletId, walletIds));
  return new Map(rows.map((r) => [r.walletId, new Dec(r.balance).isNegative() ? new Dec(r.balance).neg().toFixed() : '0']));
}

async function creditLimitDtos(db: Db, rows: CreditLimitRow[]) {
  const used = await usedOn(db, [...new Set(rows.map((r) => r.walletId))]);
  return rows.map((r) => ({
    id: r.id,
    walletId: r.walletId,
    transactionId: r.transactionId,
    tspId: r.tspId,
    currency: r.currency,
    limit: plain(r.limit),
    used: Dec.min(new Dec(used.get(r.walletId) ?? '0'), new Dec(r.limit)).toFixed(),
    validFrom: r.validFrom,
    validTo: r.validTo,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt?.toISOString() ?? null,
  }));
}

const creditRequestResource: ResourceSpec<typeof creditRequests, z.output<typeof creditRequestFilter>> = {
  table: creditRequests,
  filters: {
    merchantIds: (ids) => inArray(creditRequests.merchantId, ids),
    walletId: (id) => eq(creditRequests.walletId, id),
    transactionId: (id) => eq(creditRequests.transactionId, id),
    tspId: (id) => eq(creditRequests.tspId, id),
    tspWalletId: (id) => eq(creditRequests.tspWalletId, id),
    currencyCodes: (c) => inArray(creditRequests.currency, c),
    validFrom: (d) => gte(creditRequests.validFrom, d.slice(0, 10)),
    validTo: (d) => lte(creditRequests.validTo, d.slice(0, 10)),
    statuses: (s) => inArray(creditRequests.status, s as CreditStatus[]),
    allocationMode: (m) => eq(creditRequests.allocationMode, m),
  },
  sortKeys: {
    createdAt: creditRequests.createdAt,
    amount: creditRequests.amount,
    status: creditRequests.status,
    currency: creditRequests.currency,
    validFrom: creditRequests.validFrom,
    validTo: creditRequests.validTo,
    transactionId: creditRequests.transactionId,
    remarks: creditRequests.remarks,
    walletId: creditRequests.walletId,
    approvedAmount: creditRequests.approvedAmount,
  },
  defaultSort: [sql`${creditRequests.createdAt} desc`, asc(creditRequests.id)],
};

const creditLimitResource: ResourceSpec<typeof creditLimits, z.output<typeof creditLimitFilter>> = {
  table: creditLimits,
  filters: {
    walletId: (id) => eq(creditLimits.walletId, id),
    transactionId: (id) => eq(creditLimits.transactionId, id),
    tspId: (id) => eq(creditLimits.tspId, id),
    currency: (c) => eq(creditLimits.currency, c),
    validFrom: (d) => gte(creditLimits.validFrom, d.slice(0, 10)),
    validTo: (d) => lte(creditLimits.validTo, d.slice(0, 10)),
    createdFromDate: (d) => gte(creditLimits.createdAt, new Date(d)),
    createdToDate: (d) => lte(creditLimits.createdAt, dayEndOf(d)),
    statuses: (s) => inArray(creditLimits.status, s),
  },
  sortKeys: {
    createdAt: creditLimits.createdAt,
    limit: creditLimits.limit,
    currency: creditLimits.currency,
    validFrom: creditLimits.validFrom,
    validTo: creditLimits.validTo,
    status: creditLimits.status,
    walletId: creditLimits.walletId,
  },
  defaultSort: [sql`${creditLimits.createdAt} desc`, asc(creditLimits.id)],
};

export async function listCreditRequests(db: Db, scope: SQL, q: z.output<typeof creditRequestFilter>) {
  const page = await listResource(db, creditRequestResource, q, scope);
  return { ...page, content: page.content.map(creditRequestDto) };
}

export async function listCreditLimits(db: Db, scope: SQL, q: z.output<typeof creditLimitFilter>) {
  const page = await listResource(db, creditLimitResource, q, scope);
  return { ...page, content: await creditLimitDtos(db, page.content) };
}

export async function creditRequestIn(db: Db, id: string, scope: SQL): Promise<CreditRequestRow> {
  const [row] = await db
    .select()
    .from(creditRequests)
    .where(and(eq(creditRequests.id, id), scope));
  if (!row) throw new AppError('NOT_FOUND', `No credit request ${id}`);
  return row;
}

export async function creditLimitIn(db: Db, id: string, scope: SQL): Promise<CreditLimitRow> {
  const [row] = await db
    .select()
    .from(creditLimits)
    .where(and(eq(creditLimits.id, id), scope));
  if (!row) throw new AppError('NOT_FOUND', `No credit limit ${id}`);
  return row;
}

export interface NewCreditRequest {
  wallet: WalletRow;
  tspWalletId?: string | undefined;
  amount: string;
  currency: string;
  validFrom: string;
  validTo: string;
  allocationMode?: string | undefined;
  remarks?: string | undefined;
  linked?: boolean;
  status?: CreditStatus;
  createdBy: string;
}

function checkTerms(amount: string, currency: string, wallet: WalletRow, validFrom: string, validTo: string): void {
  const problems: Array<{ parameter: string; message: string }> = [];
  if (!new Dec(amount).gt(0)) problems.push({ parameter: 'amount', message: 'must be more than zero' });
  if (currency !== wallet.currencyCode) problems.push({ parameter: 'currency', message: `must be the wallet currency ${wallet.currencyCode}` });
  if (validTo < validFrom) problems.push({ parameter: 'validTo', message: 'must not be before validFrom' });
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', undefined, problems);
}

export async function createCreditRequest(db: Db, input: NewCreditRequest, now: Date): Promise<CreditRequestRow> {
  const { wallet } = input;
  const merchantId = wallet.merchantServiceId;
  if (!merchantId) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'walletId', message: 'credit is requested on a merchant wallet' }]);
  }
  // The TSP wallet backing the credit is one of the wallet's own TSP, never another TSP's.
  if (input.tspWalletId) await ownWallet(db, scopes.spOwn(wallet.serviceProviderId), input.tspWalletId, 'tspWalletId');
  checkTerms(input.amount, input.currency, wallet, input.validFrom, input.validTo);
  await assertAmountFits(db, input.amount, input.currency, 'amount');
  const id = uuidv7();
  // The request and the notice to the TSP that decides it, together.
  const [row] = await inTransaction(db, async (tx) => {
    const inserted = await tx
      .insert(creditRequests)
      .values({
        id,
        merchantId,
        walletId: wallet.id,
        transactionId: `CR-${id.slice(-12).toUpperCase()}`,
        tspId: wallet.serviceProviderId,
        tspWalletId: input.tspWalletId ?? wallet.spWalletId,
        currency: input.currency,
        amount: input.amount,
        validFrom: input.validFrom,
        validTo: input.validTo,
        allocationMode: input.allocationMode ?? null,
        status: input.status ?? 'REQUESTED',
        remarks: input.remarks ?? null,
        linked: input.linked ?? false,
        createdBy: input.createdBy,
        createdAt: now,
      })
      .returning();
    const [created] = inserted;
    if (created && (created.status === 'REQUESTED' || created.status === 'IN_VERIFICATION')) await noticeCreditStep(tx, created, now);
    return inserted;
  });
  if (!row) throw new AppError('INTERNAL_ERROR');
  return row;
}

/** REQUESTED -> IN_VERIFICATION -> APPROVED | REJECTED; ON_HOLD parks a request under verification. */
const TRANSITIONS: Partial<Record<CreditStatus, CreditStatus[]>> = {
  REQUESTED: ['IN_VERIFICATION', 'REJECTED'],
  IN_VERIFICATION: ['APPROVED', 'REJECTED', 'ON_HOLD'],
  ON_HOLD: ['IN_VERIFICATION', 'APPROVED', 'REJECTED'],
};

/**
 * Moves a credit request. Approving creates the credit limit and posts it through the ledger in the
 * same transaction, so the wallet's creditLimit shows it the moment the approval commits.
 */
export async function decideCreditRequest(
  db: Db,
  row: CreditRequestRow,
  decision: {
    status: 'IN_VERIFICATION' | 'APPROVED' | 'REJECTED' | 'ON_HOLD';
    approvedAmount?: string | undefined;
    validFrom?: string | undefined;
    validTo?: string | undefined;
    remarks?: string | undefined;
  },
  by: string,
  now: Date,
): Promise<CreditRequestRow> {
  if (!(TRANSITIONS[row.status] ?? []).includes(decision.status)) {
    throw new AppError('INVALID_STATE_TRANSITION', `A ${row.status} credit request cannot become ${decision.status}`);
  }
  if (decision.status === 'REJECTED' && !decision.remarks?.trim()) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'remarks', message: 'a rejection needs a reason' }]);
  }
  const approvedAmount = decision.status === 'APPROVED' ? (decision.approvedAmount ?? row.amount) : null;
  if (approvedAmount !== null && (!new Dec(approvedAmount).gt(0) || new Dec(approvedAmount).gt(row.amount))) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'approvedAmount', message: 'must be more than zero and at most the requested amount' }]);
  }
  if (approvedAmount !== null) await assertAmountFits(db, approvedAmount, row.currency, 'approvedAmount');
  // The approver may grant the credit for another period; it is kept on the request and the limit.
  const approving = decision.status === 'APPROVED';
  const validFrom = approving ? (decision.validFrom ?? row.validFrom) : row.validFrom;
  const validTo = approving ? (decision.validTo ?? row.validTo) : row.validTo;
  if (validTo < validFrom) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'validTo', message: 'must not be before validFrom' }]);
  }
  return inTransaction(db, async (tx) => {
    // The status check is repeated under the row lock: two approvals of one request grant credit once.
    const [locked] = await tx.select().from(creditRequests).where(eq(creditRequests.id, row.id)).for('update');
    if (!locked || locked.status !== row.status) {
      throw new AppError('INVALID_STATE_TRANSITION', 'The credit request changed meanwhile; reload it');
    }
    const [updated] = await tx
      .update(creditRequests)
      .set({
        status: decision.status,
        approvedAmount,
        validFrom,
        validTo,
        remarks: decision.remarks ?? row.remarks,
        updatedAt: now,
      })
      .where(eq(creditRequests.id, row.id))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND');
    await noticeCreditStep(tx, updated, now);
    if (decision.status === 'APPROVED' && approvedAmount !== null) {
      await grantCreditLimit(
        tx,
        {
          walletId: row.walletId,
          tspId: row.tspId,
          currency: row.currency,
          limit: approvedAmount,
          validFrom,
          validTo,
          transactionId: row.transactionId,
          creditRequestId: row.id,
          merchantId: row.merchantId,
          createdBy: by,
        },
        now,
      );
    }
    return updated;
  });
}

interface NewCreditLimit {
  walletId: string;
  tspId: string;
  currency: string;
  limit: string;
  validFrom: string;
  validTo: string;
  transactionId?: string | null;
  creditRequestId?: string | null;
  merchantId?: string | null;
  status?: string;
  createdBy: string;
  postedAt?: Date;
}

/** Posts a change of a wallet's credit line: memo account against the wallet's creditLimit bucket. */
async function postCreditLine(
  tx: Tx,
  limit: { walletId: string; tspId: string; currency: string; merchantId?: string | null; transactionId?: string | null; createdBy: string },
  delta: string,
  now: Date,
  postedAt?: Date,
  lapse = false,
) {
  const amount = new Dec(delta);
  if (amount.isZero()) return;
  const memo = await tspAccount(tx, limit.tspId, 'creditLines', limit.currency);
  const [wallet] = await tx.select().from(wallets).where(eq(wallets.id, limit.walletId));
  if (!wallet) throw new AppError('NOT_FOUND', `No wallet ${limit.walletId}`);
  const raise = amount.gt(0);
  await post(
    tx,
    {
      category: 'CREDIT_REQUEST',
      transactionType: lapse ? 'CREDIT_LIMIT_EXPIRED' : raise ? 'CREDIT_LIMIT_GRANTED' : 'CREDIT_LIMIT_REDUCED',
      // A lapsing line is withdrawn whatever the wallet used of it; what is drawn beyond zero is owed.
      ...(lapse ? { checkFunds: false } : {}),
      transactionId: limit.transactionId ?? undefined,
      tspId: limit.tspId,
      merchantId: limit.merchantId ?? wallet.merchantServiceId,
      msWalletId: wallet.merchantServiceId ? wallet.id : null,
      tspWalletId: wallet.merchantServiceId ? wallet.spWalletId : wallet.id,
      createdBy: limit.createdBy,
      ...(postedAt ? { postedAt } : {}),
      lines: [
        {
          accountCode: memo.code,
          accountName: memo.name,
          currency: limit.currency,
          side: raise ? 'D' : 'C',
          amount: amount.abs().toFixed(),
          description1: 'Credit line',
        },
        {
          accountCode: wallet.ledgerCode,
          accountName: wallet.alias,
          currency: limit.currency,
          side: raise ? 'C' : 'D',
          amount: amount.abs().toFixed(),
          walletId: wallet.id,
          bucket: 'creditLimit',
          description1: lapse ? 'Credit limit expired' : raise ? 'Credit limit granted' : 'Credit limit reduced',
        },
      ],
    },
    now,
  );
}

/** The UTC calendar day of `at`, as validFrom and validTo are written. */
const dayOf = (at: Date): string => toCalendarDate(at, 'UTC');

/**
 * The one validity rule of a credit limit: a limit meant to count (ACTIVE, or SCHEDULED waiting for
 * its start) counts only from validFrom to validTo, both included; before that it is SCHEDULED, after
 * it EXPIRED. Other statuses (CANCELLED, EXPIRED...) stay as they are. Granting, changing and the
 * periodic `applyCreditValidity` all go through it.
 */
function statusOnDay(status: string, validFrom: string, validTo: string, today: string): string {
  if (status !== 'ACTIVE' && status !== 'SCHEDULED') return status;
  if (validTo < today) return 'EXPIRED';
  return validFrom > today ? 'SCHEDULED' : 'ACTIVE';
}

async function grantCreditLimit(tx: Tx, input: NewCreditLimit, now: Date): Promise<CreditLimitRow> {
  const [row] = await tx
    .insert(creditLimits)
    .values({
      id: uuidv7(),
      walletId: input.walletId,
      transactionId: input.transactionId ?? null,
      creditRequestId: input.creditRequestId ?? null,
      tspId: input.tspId,
      currency: input.currency,
      limit: input.limit,
      validFrom: input.validFrom,
      validTo: input.validTo,
      status: statusOnDay(input.status ?? 'ACTIVE', input.validFrom, input.validTo, dayOf(input.postedAt ?? now)),
      createdBy: input.createdBy,
      createdAt: input.postedAt ?? now,
    })
    .returning();
  if (!row) throw new AppError('INTERNAL_ERROR');
  if (row.status === 'ACTIVE') await postCreditLine(tx, input, input.limit, now, input.postedAt);
  return row;
}

/**
 * A lapsed or cancelled limit is history: its validity and amount were what the ledger posted and
 * withdrew. Reviving it by a status change would grant credit without a grant; a new limit is made.
 */
const FINAL_LIMIT_STATUSES = new Set(['EXPIRED', 'CANCELLED']);

/** Statuses a new limit may be granted with: it counts now, or from its validFrom. */
const GRANTABLE_LIMIT_STATUSES = new Set(['ACTIVE', 'SCHEDULED']);

/** A limit counts on the wallet while ACTIVE; changing it or its status posts the difference. */
async function changeCreditLimit(
  db: Db,
  row: CreditLimitRow,
  patch: { limit?: string | undefined; validFrom?: string | undefined; validTo?: string | undefined; status?: string | undefined },
  by: string,
  now: Date,
): Promise<CreditLimitRow> {
  if (patch.limit !== undefined && new Dec(patch.limit).lt(0)) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'limit', message: 'must not be negative' }]);
  }
  if (patch.limit !== undefined) await assertAmountFits(db, patch.limit, row.currency, 'limit');
  return inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(creditLimits).where(eq(creditLimits.id, row.id)).for('update');
    if (!current) throw new AppError('NOT_FOUND');
    const counted = (status: string, limit: string) => (status === 'ACTIVE' ? new Dec(limit) : new Dec(0));
    const validFrom = patch.validFrom ?? current.validFrom;
    const validTo = patch.validTo ?? current.validTo;
    if (validTo < validFrom) throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'validTo', message: 'must not be before validFrom' }]);
    if (FINAL_LIMIT_STATUSES.has(current.status) && patch.status !== undefined && patch.status !== current.status) {
      throw new AppError('VALIDATION_FAILED', undefined, [
        { parameter: 'status', message: `a ${current.status} credit limit stays ${current.status}; grant a new limit instead` },
      ]);
    }
    const nextStatus = statusOnDay(patch.status ?? current.status, validFrom, validTo, dayOf(now));
    const nextLimit = patch.limit ?? current.limit;
    const delta = counted(nextStatus, nextLimit).minus(counted(current.status, current.limit));
    const [updated] = await tx
      .update(creditLimits)
      .set({ limit: nextLimit, status: nextStatus, validFrom, validTo, updatedAt: now })
      .where(eq(creditLimits.id, row.id))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND');
    // Ending the validity withdraws the line like a lapse, drawn or not; a mere reduction below what
    // is drawn is refused.
    const lapse = nextStatus === 'EXPIRED' && current.status === 'ACTIVE';
    await postCreditLine(tx, { ...current, createdBy: by }, delta.toFixed(), now, undefined, lapse);
    return updated;
  });
}

/**
 * Starts credit limits whose validity has begun and lapses those whose validTo has passed, each in
 * its own transaction with its posting, so a wallet's creditLimit only ever holds lines valid today.
 * The server runs it at start and then every `CREDIT_VALIDITY_INTERVAL_MS`; it is idempotent.
 */
export async function applyCreditValidity(db: Db, now: Date): Promise<{ started: number; expired: number }> {
  const today = dayOf(now);
  const due = await db
    .select()
    .from(creditLimits)
    .where(
      or(
        and(eq(creditLimits.status, 'SCHEDULED'), lte(creditLimits.validFrom, today)),
        and(inArray(creditLimits.status, ['ACTIVE', 'SCHEDULED']), lt(creditLimits.validTo, today)),
      ),
    );
  let started = 0;
  let expired = 0;
  for (const limit of due) {
    const moved = await inTransaction(db, async (tx) => {
      // Re-read under the lock: a concurrent run or a TSP's change may have moved it already.
      const [current] = await tx.select().from(creditLimits).where(eq(creditLimits.id, limit.id)).for('update');
      if (!current) return null;
      const next = statusOnDay(current.status, current.validFrom, current.validTo, today);
      if (next === current.status) return null;
      await tx.update(creditLimits).set({ status: next, updatedAt: now }).where(eq(creditLimits.id, current.id));
      const by = { ...current, createdBy: 'system' };
      if (next === 'ACTIVE') await postCreditLine(tx, by, current.limit, now);
      else if (current.status === 'ACTIVE') await postCreditLine(tx, by, new Dec(current.limit).neg().toFixed(), now, undefined, true);
      return next;
    });
    if (moved === 'ACTIVE') started += 1;
    if (moved === 'EXPIRED') expired += 1;
  }
  return { started, expired };
}

/** How often the server re-checks credit validity: validity is by day, so a quarter hour is ample. */
export const CREDIT_VALIDITY_INTERVAL_MS = 15 * 60_000;

export async function limitDto(db: Db, row: CreditLimitRow) {
  const [dto] = await creditLimitDtos(db, [row]);
  if (!dto) throw new AppError('INTERNAL_ERROR');
  return dto;
}

interface LimitBody {
  walletId: string;
  currency: string;
  limit: string;
  validFrom: string;
  validTo: string;
  status?: string | undefined;
}

type RequestBody = Omit<NewCreditRequest, 'wallet' | 'createdBy' | 'linked'> & { walletId: string };

/** A merchant asks its TSP for credit on one of its own wallets. */
export async function requestCreditAsMerchant(db: Db, tenant: MerchantTenant, body: RequestBody, by: string, now: Date) {
  const wallet = await ownWallet(db, tenant.scope, body.walletId, 'walletId');
  return creditRequestDto(await createCreditRequest(db, { ...body, wallet, createdBy: by }, now));
}

/** A TSP raises credit for one of its merchants, on that merchant's wallet. */
export async function requestCreditAsTsp(db: Db, tenant: SpTenant, body: RequestBody & { merchantId: string }, linked: boolean, by: string, now: Date) {
  const merchant = await ownMerchant(db, tenant.serviceProviderId, body.merchantId, 'merchantId');
  const wallet = await ownWallet(db, scopes.merchant(merchant.id), body.walletId, 'walletId');
  return creditRequestDto(await createCreditRequest(db, { ...body, wallet, linked, createdBy: by }, now));
}

/** A credit limit on a wallet the TSP runs. */
export async function createLimitFor(db: Db, tspId: string, body: LimitBody, by: string, now: Date) {
  const wallet = await ownWallet(db, scopes.spAll(tspId), body.walletId, 'walletId');
  const problems: Array<{ parameter: string; message: string }> = [];
  if (body.currency !== wallet.currencyCode) problems.push({ parameter: 'currency', message: `must be the wallet currency ${wallet.currencyCode}` });
  if (!new Dec(body.limit).gt(0)) problems.push({ parameter: 'limit', message: 'must be more than zero' });
  if (body.validTo < body.validFrom) problems.push({ parameter: 'validTo', message: 'must not be before validFrom' });
  if (body.status !== undefined && !GRANTABLE_LIMIT_STATUSES.has(body.status)) {
    problems.push({ parameter: 'status', message: 'a new credit limit is ACTIVE or SCHEDULED' });
  }
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', undefined, problems);
  await assertAmountFits(db, body.limit, body.currency, 'limit');
  const row = await inTransaction(db, async (tx) =>
    grantCreditLimit(
      tx,
      {
        walletId: wallet.id,
        tspId,
        currency: body.currency,
        limit: body.limit,
        validFrom: body.validFrom,
        validTo: body.validTo,
        merchantId: wallet.merchantServiceId,
        ...(body.status !== undefined ? { status: body.status } : {}),
        createdBy: by,
      },
      now,
    ),
  );
  return limitDto(db, row);
}

/** Operations set a limit for a TSP: the TSP must exist, the wallet must be one it runs. */
export async function createLimitForTsp(db: Db, tspId: string, body: LimitBody, by: string, now: Date) {
  await ownServiceProvider(db, null, tspId, 'tspId');
  return createLimitFor(db, tspId, body, by, now);
}

/** A TSP changes one of its limits; the wallet and currency stay. */
export async function updateLimitOf(db: Db, tenant: SpTenant, id: string, body: Partial<LimitBody>, by: string, now: Date) {
  const row = await creditLimitIn(db, id, eq(creditLimits.tspId, tenant.serviceProviderId));
  if (body.walletId !== undefined && body.walletId !== row.walletId) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'walletId', message: 'a credit limit stays on its wallet' }]);
  }
  if (body.currency !== undefined && body.currency !== row.currency) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'currency', message: `must stay ${row.currency}` }]);
  }
  return limitDto(db, await changeCreditLimit(db, row, body, by, now));
}

/** Credit granted to merchants against one TSP wallet (operations). */
export async function tspWalletLimitSummary(db: Db, tspWalletId: string) {
  const tspWallet = await walletIn(db, tspWalletId, scopes.anySpWallet());
  const linked = db.select({ id: wallets.id }).from(wallets).where(eq(wallets.spWalletId, tspWallet.id));
  const rows = await db
    .select()
    .from(creditLimits)
    .where(and(inArray(creditLimits.walletId, linked), eq(creditLimits.status, 'ACTIVE')));
  const dtos = await creditLimitDtos(db, rows);
  const total = dtos.reduce((a, l) => a.plus(l.limit), new Dec(0));
  const used = dtos.reduce((a, l) => a.plus(l.used), new Dec(0));
  const merchantIds = new Set(
    (rows.length > 0
      ? await db
          .select({ m: wallets.merchantServiceId })
          .from(wallets)
          .where(
            inArray(
              wallets.id,
              rows.map((l) => l.walletId),
            ),
          )
      : []
    ).map((w) => w.m),
  );
  return {
    tspWalletId: tspWallet.id,
    currency: tspWallet.currencyCode,
    totalLimit: total.toFixed(),
    totalUsed: used.toFixed(),
    available: total.minus(used).toFixed(),
    merchantCount: merchantIds.size,
  };
}
