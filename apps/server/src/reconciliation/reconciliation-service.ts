import { createHash } from 'node:crypto';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { reconciliationDay, reconciliationException, reconciliationExceptionFilter, reconciliationFilter, resolveExceptionBody } from '@corridor/api';
import { Dec, type DecimalValue } from '@corridor/domain';
import type { Caller } from '../tenant/caller.ts';
import { chargesBySettlement } from '../charges/charge-service.ts';
import type { Db, Tx } from '../db/database.ts';
import { isUniqueViolation } from '../db/pg-errors.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { post, walletMovements } from '../ledger/ledger-service.ts';
import { incentiveSettlements, type IncentiveSettlement, type IncentiveSettlementFilter } from '../settlements/settlement-service.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import type { SpTenant } from '../tenant/tenant.ts';
import { ownWallet } from '../tenant/wallet-scope.ts';
import { reconciliationResolutions, type ExceptionKind, type ResolutionRow } from './reconciliation-schema.ts';

/*
 * Reconciliation of a TSP's incentive settlements (FX premium and rebate paid to its merchants).
 * For each settlement: expected is what the charges it took add up to (the charges' own figures, from the charges
 * service), settled is what the ledger moved out of the TSP's settlement wallet on the settlement's vouchers
 * (debits less credits on the wallet's balance). Exceptions:
 * - EXCESS: more moved than owed (difference = settled - expected);
 * - SHORTFALL: a posted settlement moved less than owed (difference = expected - settled);
 * - UNSETTLED: a settlement due (dated today or earlier) that is not posted: nothing moved, the merchant waits.
 * An exception's id is derived from its settlement, kind and difference, so the same mismatch keeps its id and
 * a new mismatch on the same settlement gets a new one.
 * Resolving records a reason with who and when. A resolution that posts an adjustment (moving the difference
 * back to the wallet, or paying the shortfall) moves money: it waits for a second user's approval, and the user
 * who asked for it cannot approve it (403 MAKER_CHECKER). The adjustment posts through the ledger's `post` on the
 * settlement's transaction id, so once posted the settlement matches and the exception is kept as RESOLVED.
 */

type DayDto = z.input<typeof reconciliationDay>;
type ExceptionDto = z.input<typeof reconciliationException>;
type Filter = z.output<typeof reconciliationFilter>;
type ExceptionFilter = z.output<typeof reconciliationExceptionFilter>;
type ResolveBody = z.output<typeof resolveExceptionBody>;

interface Reckoned {
  settlement: IncentiveSettlement;
  walletAlias: string;
  expected: DecimalValue;
  settled: DecimalValue;
  isReconciled: boolean;
  due: boolean;
  exception: { id: string; kind: ExceptionKind; difference: DecimalValue } | null;
}

const today = (now: Date) => now.toISOString().slice(0, 10);

function exceptionIdOf(settlementTransactionId: string, kind: ExceptionKind, difference: string): string {
  const hash = createHash('sha256').update(`${settlementTransactionId}|${kind}|${difference}`).digest('hex');
  return `RX-${hash.slice(0, 20).toUpperCase()}`;
}

/** Every wallet id of a filter must be one of the TSP's own wallets: anything else is the 404 naming walletIds. */
async function checkWallets(db: Db, tenant: SpTenant, walletIds: string[] | undefined): Promise<void> {
  for (const id of walletIds ?? []) await ownWallet(db, tenant.own, id, 'walletIds');
}

/** Each settlement with its expected and settled figures and its exception, if any. */
async function reckon(db: Db, tenant: SpTenant, filter: IncentiveSettlementFilter, now: Date): Promise<Reckoned[]> {
  const rows = await incentiveSettlements(db, tenant.serviceProviderId, filter);
  const ids = rows.map((r) => r.settlementTransactionId);
  const walletIds = [...new Set(rows.map((r) => r.spWalletId))];
  const [charges, moves] = await Promise.all([chargesBySettlement(db, tenant.serviceProviderId, ids), walletMovements(db, walletIds, ids)]);
  const aliases = new Map<string, string>();
  for (const id of walletIds) aliases.set(id, (await ownWallet(db, tenant.own, id, 'walletId')).alias);
  const chargeOf = new Map(charges.map((c) => [c.settlementTransactionId, c]));
  const moveOf = new Map(moves.map((m) => [`${m.transactionId}|${m.walletId}`, m]));
  return rows.map((s) => {
    const charged = chargeOf.get(s.settlementTransactionId);
    const expected = new Dec(charged?.amount ?? s.amount);
    const move = moveOf.get(`${s.settlementTransactionId}|${s.spWalletId}`);
    const settled = move ? new Dec(move.debit).minus(move.credit) : new Dec(0);
    const posted = s.status === 'POSTED';
    const due = s.settlementDate <= today(now);
    let exception: Reckoned['exception'] = null;
    const diff = settled.minus(expected);
    let kind: ExceptionKind | null = null;
    let difference = diff.abs();
    if (!posted) {
      if (due) {
        kind = 'UNSETTLED';
        difference = expected.minus(settled);
      }
    } else if (diff.gt(0)) kind = 'EXCESS';
    else if (diff.lt(0)) kind = 'SHORTFALL';
    if (kind) exception = { id: exceptionIdOf(s.settlementTransactionId, kind, difference.toFixed()), kind, difference };
    return {
      settlement: s,
      walletAlias: aliases.get(s.spWalletId) ?? s.spWalletId,
      expected,
      settled,
      isReconciled: posted && (charged?.isReconciled ?? false),
      due,
      exception,
    };
  });
}

async function resolutionsOf(db: Db, tspId: string, filter: IncentiveSettlementFilter): Promise<ResolutionRow[]> {
  const t = reconciliationResolutions;
  const where = [eq(t.serviceProviderId, tspId)];
  if (filter.fromDate) where.push(gte(t.settlementDate, filter.fromDate.slice(0, 10)));
  if (filter.toDate) where.push(lte(t.settlementDate, filter.toDate.slice(0, 10)));
  if (filter.walletIds?.length) where.push(inArray(t.walletId, filter.walletIds));
  if (filter.currencyCodes?.length) where.push(inArray(t.currency, filter.currencyCodes));
  return db
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(asc(t.settlementDate), asc(t.requestedAt));
}

function exceptionDto(r: Reckoned | undefined, res: ResolutionRow | undefined): ExceptionDto {
  if (r?.exception) {
    const s = r.settlement;
    return {
      id: r.exception.id,
      kind: r.exception.kind,
      status: res ? res.status : 'OPEN',
      settlementTransactionId: s.settlementTransactionId,
      settlementType: s.type,
      walletId: s.spWalletId,
      walletAlias: r.walletAlias,
      merchantId: s.merchantId,
      currency: s.currency,
      settlementDate: s.settlementDate,
      expectedAmount: r.expected.toFixed(),
      settledAmount: r.settled.toFixed(),
      differenceAmount: r.exception.difference.toFixed(),
      isReconciled: r.isReconciled,
      ...resolutionFields(res),
    };
  }
  // A resolution whose adjustment made the settlement match: the exception as it was when resolved.
  const row = res as ResolutionRow;
  return {
    id: row.exceptionId,
    kind: row.kind,
    status: row.status,
    settlementTransactionId: row.settlementTransactionId,
    settlementType: r?.settlement.type ?? 'FX_PREMIUM',
    walletId: row.walletId,
    walletAlias: r?.walletAlias ?? row.walletId,
    merchantId: r?.settlement.merchantId ?? null,
    currency: row.currency,
    settlementDate: row.settlementDate,
    expectedAmount: new Dec(row.expectedAmount).toFixed(),
    settledAmount: new Dec(row.settledAmount).toFixed(),
    differenceAmount: new Dec(row.differenceAmount).toFixed(),
    isReconciled: r?.isReconciled ?? false,
    ...resolutionFields(row),
  };
}

function resolutionFields(res: ResolutionRow | undefined) {
  return {
    reason: res?.reason ?? null,
    adjustment: res?.adjustment ?? false,
    requestedBy: res?.requestedByName ?? null,
    requestedAt: res?.requestedAt.toISOString() ?? null,
    resolvedBy: res?.resolvedByName ?? null,
    resolvedAt: res?.resolvedAt?.toISOString() ?? null,
    adjustmentVoucherNo: res?.adjustmentVoucherNo ?? null,
  };
}

/** The exceptions of the filter: the current ones with their resolutions, and the ones an adjustment resolved. */
async function allExceptions(db: Db, tenant: SpTenant, filter: IncentiveSettlementFilter, now: Date): Promise<ExceptionDto[]> {
  const [reckoned, resolutions] = await Promise.all([reckon(db, tenant, filter, now), resolutionsOf(db, tenant.serviceProviderId, filter)]);
  const byId = new Map(resolutions.map((r) => [r.exceptionId, r]));
  const bySettlement = new Map(reckoned.map((r) => [r.settlement.settlementTransactionId, r]));
  const current = reckoned.flatMap((r) => (r.exception ? [exceptionDto(r, byId.get(r.exception.id))] : []));
  const seen = new Set(current.map((e) => e.id));
  const past = resolutions.filter((r) => !seen.has(r.exceptionId)).map((r) => exceptionDto(bySettlement.get(r.settlementTransactionId), r));
  return [...current, ...past].sort((a, b) => b.settlementDate.localeCompare(a.settlementDate) || a.id.localeCompare(b.id));
}

/** Expected against settled per settlement wallet, currency and day, newest day first. */
export async function reconciliationDays(db: Db, tenant: SpTenant, query: Filter, now: Date): Promise<DayDto[]> {
  await checkWallets(db, tenant, query.walletIds);
  const [reckoned, exceptions] = await Promise.all([reckon(db, tenant, query, now), allExceptions(db, tenant, query, now)]);
  const days = new Map<string, { rows: Reckoned[]; exceptions: ExceptionDto[] }>();
  const keyOf = (walletId: string, currency: string, date: string) => `${walletId}|${currency}|${date}`;
  for (const r of reckoned) {
    const key = keyOf(r.settlement.spWalletId, r.settlement.currency, r.settlement.settlementDate);
    const day = days.get(key) ?? { rows: [], exceptions: [] };
    day.rows.push(r);
    days.set(key, day);
  }
  for (const e of exceptions) days.get(keyOf(e.walletId, e.currency, e.settlementDate))?.exceptions.push(e);
  const out: DayDto[] = [];
  for (const { rows, exceptions: found } of days.values()) {
    const first = rows[0] as Reckoned;
    const expected = rows.reduce((sum, r) => sum.plus(r.expected), new Dec(0));
    const settled = rows.reduce((sum, r) => sum.plus(r.settled), new Dec(0));
    const excess = rows.reduce((sum, r) => (r.exception?.kind === 'EXCESS' ? sum.plus(r.exception.difference) : sum), new Dec(0));
    const open = found.filter((e) => e.status !== 'RESOLVED').length;
    const scheduled = rows.some((r) => !r.due && r.settlement.status !== 'POSTED');
    out.push({
      walletId: first.settlement.spWalletId,
      walletAlias: first.walletAlias,
      currency: first.settlement.currency,
      settlementDate: first.settlement.settlementDate,
      settlements: rows.length,
      expectedAmount: expected.toFixed(),
      settledAmount: settled.toFixed(),
      excessAmount: excess.toFixed(),
      exceptions: found.length,
      openExceptions: open,
      isReconciled: open === 0 && rows.every((r) => r.isReconciled),
      status: open > 0 ? 'EXCEPTIONS' : scheduled ? 'SCHEDULED' : found.length > 0 ? 'RESOLVED' : 'RECONCILED',
      settlementTransactionIds: rows.map((r) => r.settlement.settlementTransactionId),
    });
  }
  return out.sort((a, b) => b.settlementDate.localeCompare(a.settlementDate) || a.walletAlias.localeCompare(b.walletAlias));
}

/** A page of the exceptions, newest settlement day first, filtered by kind and status. */
export async function reconciliationExceptions(db: Db, tenant: SpTenant, query: ExceptionFilter, now: Date) {
  await checkWallets(db, tenant, query.walletIds);
  if (query.cursor !== undefined) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'cursor', message: 'this list pages by page number only; send page instead' }]);
  }
  const all = (await allExceptions(db, tenant, query, now)).filter(
    (e) => (!query.kinds?.length || query.kinds.includes(e.kind)) && (!query.statuses?.length || query.statuses.includes(e.status)),
  );
  const content = all.slice(query.page * query.size, (query.page + 1) * query.size);
  return { content, page: query.page, size: query.size, totalElements: all.length, totalPages: Math.ceil(all.length / query.size) };
}

async function exceptionById(db: Db, tenant: SpTenant, exceptionId: string, now: Date): Promise<ExceptionDto> {
  const found = (await allExceptions(db, tenant, {}, now)).find((e) => e.id === exceptionId);
  if (!found) throw foreignId('exceptionId', 'reconciliation exception', exceptionId);
  return found;
}

/** Resolves an open exception with a reason; with `adjust` it waits for a second user to approve the adjustment. */
export async function resolveException(db: Db, tenant: SpTenant, exceptionId: string, body: ResolveBody, caller: Caller, now: Date): Promise<ExceptionDto> {
  const e = await exceptionById(db, tenant, exceptionId, now);
  if (e.status !== 'OPEN')
    throw new AppError('INVALID_STATE_TRANSITION', `Exception ${exceptionId} is already ${e.status === 'RESOLVED' ? 'resolved' : 'waiting for approval'}`);
  if (body.adjust && e.kind === 'UNSETTLED') {
    throw new AppError('VALIDATION_FAILED', undefined, [
      { parameter: 'adjust', message: 'an unsettled settlement is paid by posting the settlement, not by an adjustment' },
    ]);
  }
  const name = caller.name ?? caller.userId;
  try {
    await db.insert(reconciliationResolutions).values({
      exceptionId,
      serviceProviderId: tenant.serviceProviderId,
      settlementTransactionId: e.settlementTransactionId,
      kind: e.kind,
      status: body.adjust ? 'PENDING_APPROVAL' : 'RESOLVED',
      walletId: e.walletId,
      currency: e.currency,
      settlementDate: e.settlementDate,
      expectedAmount: e.expectedAmount,
      settledAmount: e.settledAmount,
      differenceAmount: e.differenceAmount,
      reason: body.reason,
      adjustment: body.adjust,
      requestedBy: caller.userId,
      requestedByName: name,
      requestedAt: now,
      resolvedBy: body.adjust ? null : caller.userId,
      resolvedByName: body.adjust ? null : name,
      resolvedAt: body.adjust ? null : now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('INVALID_STATE_TRANSITION', `Exception ${exceptionId} is already resolved`);
    throw error;
  }
  return exceptionById(db, tenant, exceptionId, now);
}

async function pendingResolution(tx: Tx, tenant: SpTenant, exceptionId: string): Promise<ResolutionRow> {
  const [row] = await tx
    .select()
    .from(reconciliationResolutions)
    .where(and(eq(reconciliationResolutions.exceptionId, exceptionId), eq(reconciliationResolutions.serviceProviderId, tenant.serviceProviderId)))
    .for('update');
  if (!row) throw foreignId('exceptionId', 'resolution waiting for approval', exceptionId);
  if (row.status !== 'PENDING_APPROVAL') throw new AppError('INVALID_STATE_TRANSITION', `Exception ${exceptionId} is not waiting for approval`);
  return row;
}

/** The adjustment's two lines: an excess comes back from the merchant's wallet, a shortfall is paid to it. */
async function postAdjustment(tx: Tx, tenant: SpTenant, row: ResolutionRow, by: string, now: Date): Promise<string> {
  const [settlement] = await incentiveSettlements(tx, tenant.serviceProviderId, {}).then((all) =>
    all.filter((s) => s.settlementTransactionId === row.settlementTransactionId),
  );
  if (!settlement?.msWalletId) throw foreignId('exceptionId', 'settlement', row.settlementTransactionId);
  const sp = await ownWallet(tx, tenant.own, settlement.spWalletId, 'walletId');
  const ms = await ownWallet(tx, tenant.merchants, settlement.msWalletId, 'msWalletId');
  const back = row.kind === 'EXCESS';
  const line = (wallet: typeof sp, side: 'D' | 'C') => ({
    accountCode: wallet.ledgerCode,
    accountName: wallet.alias,
    currency: row.currency,
    side,
    amount: new Dec(row.differenceAmount).toFixed(),
    walletId: wallet.id,
    bucket: 'balance' as const,
    description1: back ? 'Reconciliation: excess returned' : 'Reconciliation: shortfall paid',
    description2: row.settlementTransactionId,
  });
  const voucher = await post(
    tx,
    {
      category: 'SETTLEMENT',
      subCategory: 'RECONCILIATION',
      transactionType: 'RECONCILIATION_ADJUSTMENT',
      transactionId: row.settlementTransactionId,
      tspId: tenant.serviceProviderId,
      tspWalletId: sp.id,
      merchantId: settlement.merchantId,
      msWalletId: ms.id,
      createdBy: by,
      lines: back ? [line(ms, 'D'), line(sp, 'C')] : [line(sp, 'D'), line(ms, 'C')],
    },
    now,
  );
  return voucher.voucherNo;
}

/** A second user approves an adjustment: it posts, and the exception is resolved. The requester cannot approve. */
export async function approveResolution(db: Db, tenant: SpTenant, exceptionId: string, caller: Caller, now: Date): Promise<ExceptionDto> {
  // The exception must still be what was asked about: an adjustment of a figure that has since moved would be wrong.
  await exceptionById(db, tenant, exceptionId, now);
  await inTransaction(db, async (tx) => {
    const row = await pendingResolution(tx, tenant, exceptionId);
    if (row.requestedBy === caller.userId) {
      throw new AppError('MAKER_CHECKER', 'You asked for this adjustment; another user must approve it', [
        { parameter: 'exceptionId', message: `the adjustment of ${exceptionId} was asked for by you` },
      ]);
    }
    const voucherNo = await postAdjustment(tx, tenant, row, caller.userId, now);
    await tx
      .update(reconciliationResolutions)
      .set({ status: 'RESOLVED', resolvedBy: caller.userId, resolvedByName: caller.name ?? caller.userId, resolvedAt: now, adjustmentVoucherNo: voucherNo })
      .where(eq(reconciliationResolutions.exceptionId, exceptionId));
  });
  return exceptionById(db, tenant, exceptionId, now);
}

/** A second user refuses an adjustment: nothing moves, the exception is open again. */
export async function rejectResolution(db: Db, tenant: SpTenant, exceptionId: string, caller: Caller, now: Date): Promise<ExceptionDto> {
  await inTransaction(db, async (tx) => {
    const row = await pendingResolution(tx, tenant, exceptionId);
    if (row.requestedBy === caller.userId) {
      throw new AppError('MAKER_CHECKER', 'You asked for this adjustment; another user must decide on it', [
        { parameter: 'exceptionId', message: `the adjustment of ${exceptionId} was asked for by you` },
      ]);
    }
    await tx.delete(reconciliationResolutions).where(eq(reconciliationResolutions.exceptionId, exceptionId));
  });
  return exceptionById(db, tenant, exceptionId, now);
}
