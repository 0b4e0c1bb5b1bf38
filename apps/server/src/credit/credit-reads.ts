import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { creditLimitFilter, creditRequestFilter } from '@corridor/api';
import { Dec } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { creditLimits, creditRequests, walletPositions, wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { listResource, type ResourceSpec } from '../http/resource-engine.ts';
import { plain, plainOrNull } from '../lib/money-text.ts';
import { scopes, walletIn } from '../tenant/wallet-scope.ts';
import { dayEndOf } from '../lib/day-range.ts';

/* The credit requests and limits as the calls answer them (with what each limit has used), and their lists. */

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

export async function limitDto(db: Db, row: CreditLimitRow) {
  const [dto] = await creditLimitDtos(db, [row]);
  if (!dto) throw new AppError('INTERNAL_ERROR');
  return dto;
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
