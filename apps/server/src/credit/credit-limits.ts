import { and, eq, inArray, lt, lte, or } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { Dec, toCalendarDate } from '@corridor/domain';
import type { Db, Tx } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { creditLimits, wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { assertAmountFits } from '../lib/amount-fit.ts';
import { post } from '../ledger/ledger-service.ts';
import { tspAccount } from '../ledger/tsp-account-service.ts';
import type { CreditLimitRow } from './credit-reads.ts';

/*
 * A wallet's credit limits: granting, changing and the daily validity, each posting the credit line it moves.
 */

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

export async function grantCreditLimit(tx: Tx, input: NewCreditLimit, now: Date): Promise<CreditLimitRow> {
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
export const GRANTABLE_LIMIT_STATUSES = new Set(['ACTIVE', 'SCHEDULED']);

/** A limit counts on the wallet while ACTIVE; changing it or its status posts the difference. */
export async function changeCreditLimit(
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
