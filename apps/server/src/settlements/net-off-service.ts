import { and, asc, eq, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { netOffBody } from '@corridor/api';
import { Dec } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { walletPositions } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { readPage, type PageRequest } from '../http/paging.ts';
import { post } from '../ledger/ledger-service.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import type { SpTenant } from '../tenant/tenant.ts';
import { storedTransactions } from '../transactions/transaction-access-service.ts';
import type { TransactionRow } from '../transactions/transaction-types.ts';
import { bookingAccount } from '../ledger/tsp-account-service.ts';
import { ownWallet } from '../tenant/wallet-scope.ts';
import { claimItems, newSettlementTransactionId } from './settlement-service.ts';
import { settlementItems, settlements } from './settlement-schema.ts';

/*
 * Net-off. A COMPLETED transfer between two TSPs leaves one owing the other: the target TSP's pool paid the
 * target amount for the source TSP, so it is RECEIVABLE for the target side and PAYABLE for the source side, in
 * the target currency. A TSP's open items for one of its own wallets are those transfers, in the wallet's
 * currency, not yet netted. Netting a set of them settles only the difference: one voucher moves the net between
 * the wallet and the TSP's transit account (money due in or out), and every item is marked netted
 * (settlement_items `NETOFF:<row id>`), so it never nets twice. A set that nets to zero posts nothing.
 */

interface CandidateQuery extends PageRequest {
  spWalletId: string;
  merchantServiceIds?: string[] | undefined;
  targetCurrencyCodes?: string[] | undefined;
  transactionIds?: string[] | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

const netOffKey = (rowId: string) => `NETOFF:${rowId}`;

/** The TSP's cross-TSP COMPLETED transfers in a currency that no net-off has taken. */
function openItems(tspId: string, currency: string): SQL {
  return and(
    eq(storedTransactions.status, 'COMPLETED'),
    eq(storedTransactions.category, 'TRANSFER'),
    ne(storedTransactions.serviceProviderId, sql`coalesce(${storedTransactions.targetSpId}, ${storedTransactions.serviceProviderId})`),
    or(eq(storedTransactions.serviceProviderId, tspId), eq(storedTransactions.targetSpId, tspId)),
    eq(storedTransactions.targetCurrency, currency),
    sql`not exists (select 1 from ${settlementItems} where ${settlementItems.itemKey} = 'NETOFF:' || ${storedTransactions.id})`,
  ) as SQL;
}

function candidateDto(row: TransactionRow, tspId: string) {
  return {
    transactionId: row.transactionId,
    merchantServiceId: row.merchantId ?? row.serviceProviderId,
    targetCurrency: row.targetCurrency,
    amount: new Dec(row.targetAmount).toFixed(),
    direction: row.targetSpId === tspId ? ('RECEIVABLE' as const) : ('PAYABLE' as const),
    valueDate: row.valueDate ?? row.createdAt.toISOString().slice(0, 10),
  };
}

export async function netOffCandidates(db: Db, tenant: SpTenant, q: CandidateQuery) {
  const wallet = await ownWallet(db, tenant.own, q.spWalletId, 'spWalletId');
  const valueDay = sql`coalesce(${storedTransactions.valueDate}, (${storedTransactions.createdAt} at time zone 'UTC')::date)`;
  const where = and(
    openItems(tenant.serviceProviderId, wallet.currencyCode),
    // The candidate names a TSP's own transfer by the TSP (see candidateDto): the filter matches what it shows.
    q.merchantServiceIds?.length
      ? inArray(sql`coalesce(${storedTransactions.merchantId}, ${storedTransactions.serviceProviderId})`, q.merchantServiceIds)
      : undefined,
    q.targetCurrencyCodes?.length ? inArray(storedTransactions.targetCurrency, q.targetCurrencyCodes) : undefined,
    q.transactionIds?.length ? inArray(storedTransactions.transactionId, q.transactionIds) : undefined,
    q.fromDate ? gte(valueDay, q.fromDate) : undefined,
    q.toDate ? lte(valueDay, q.toDate) : undefined,
  );
  const page = await readPage(
    q,
    db.select().from(storedTransactions).where(where).orderBy(asc(storedTransactions.createdAt), asc(storedTransactions.id)).$dynamic(),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(storedTransactions)
      .where(where),
  );
  return { ...page, content: page.content.map((r) => candidateDto(r, tenant.serviceProviderId)) };
}

/** Nets off the named transactions of one TSP wallet: one voucher for the difference, every item marked netted. */
export async function netOff(db: Db, tenant: SpTenant, body: z.output<typeof netOffBody>, by: string, now: Date) {
  const tspId = tenant.serviceProviderId;
  const wallet = await ownWallet(db, tenant.own, body.spWalletId, 'spWalletId');
  const ids = [...new Set(body.transactionIds)];
  if (ids.length < 2) throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'transactionIds', message: 'net-off needs at least two transactions' }]);
  // In the order the request names them: the settlement's items and the answer list them so, whatever order
  // the database reads them in.
  const rows = (
    await db
      .select()
      .from(storedTransactions)
      .where(and(inArray(storedTransactions.transactionId, ids), or(eq(storedTransactions.serviceProviderId, tspId), eq(storedTransactions.targetSpId, tspId))))
  ).sort((a, b) => ids.indexOf(a.transactionId) - ids.indexOf(b.transactionId));
  const missing = ids.find((id) => !rows.some((r) => r.transactionId === id));
  if (missing !== undefined) throw foreignId('transactionIds', 'transaction', missing);
  const open = await db
    .select({ id: storedTransactions.id })
    .from(storedTransactions)
    .where(and(inArray(storedTransactions.transactionId, ids), openItems(tspId, wallet.currencyCode)));
  const openIds = new Set(open.map((o) => o.id));
  const closed = rows.find((r) => !openIds.has(r.id));
  if (closed) {
    const netted = await db
      .select({ key: settlementItems.itemKey })
      .from(settlementItems)
      .where(eq(settlementItems.itemKey, netOffKey(closed.id)));
    if (netted.length > 0) throw new AppError('ALREADY_SETTLED', `Transaction ${closed.transactionId} is already netted off`);
    throw new AppError('VALIDATION_FAILED', undefined, [
      { parameter: 'transactionIds', message: `${closed.transactionId} is not a completed transfer between TSPs in ${wallet.currencyCode}` },
    ]);
  }
  const net = rows.reduce((sum, r) => (r.targetSpId === tspId ? sum.plus(r.targetAmount) : sum.minus(r.targetAmount)), new Dec(0));
  const netOffId = uuidv7();
  const settlementTransactionId = newSettlementTransactionId('NET', now);
  const voucherNo = await inTransaction(db, async (tx) => {
    await tx.insert(settlements).values({
      id: netOffId,
      settlementTransactionId,
      serviceProviderId: tspId,
      type: 'NET_OFF',
      status: 'POSTED',
      spWalletId: wallet.id,
      currency: wallet.currencyCode,
      amount: net.toFixed(),
      itemIds: rows.map((r) => r.transactionId),
      settlementDate: body.valueDate ?? now.toISOString().slice(0, 10),
      remarks: body.remarks ?? null,
      createdBy: by,
      createdAt: now,
    });
    await claimItems(
      tx,
      rows.map((r) => netOffKey(r.id)),
      netOffId,
      tspId,
    );
    if (net.isZero()) return null;
    const transit = await bookingAccount(tx, wallet.id, tspId, 'transitAccount', wallet.currencyCode);
    const inward = net.gt(0);
    const amount = net.abs().toFixed();
    const posted = await post(
      tx,
      {
        category: 'SETTLEMENT',
        subCategory: 'NET_OFF',
        transactionType: 'NET_OFF',
        transactionId: settlementTransactionId,
        tspId,
        tspWalletId: wallet.id,
        createdBy: by,
        lines: [
          {
            accountCode: transit.code,
            accountName: transit.name,
            currency: wallet.currencyCode,
            side: inward ? 'D' : 'C',
            amount,
            description1: 'Net-off',
            description2: settlementTransactionId,
          },
          {
            accountCode: wallet.ledgerCode,
            accountName: wallet.alias,
            currency: wallet.currencyCode,
            side: inward ? 'C' : 'D',
            amount,
            walletId: wallet.id,
            bucket: 'balance',
            description1: 'Net-off',
            description2: settlementTransactionId,
          },
        ],
      },
      now,
    );
    await tx
      .update(settlements)
      .set({ vouchers: [posted.voucherNo] })
      .where(eq(settlements.id, netOffId));
    return posted.voucherNo;
  });
  return {
    netOffId,
    transactionIds: rows.map((r) => r.transactionId),
    currency: wallet.currencyCode,
    netAmount: net.toFixed(),
    settlementTransactionId: voucherNo === null ? null : settlementTransactionId,
  };
}

/**
 * What a net-off of all the wallet's open items would settle, with the credit the wallet has drawn (how far its
 * balance is below zero) counted as payable: the net is what would be left to the wallet once credit is repaid.
 */
export async function creditNetOffPreview(db: Db, tenant: SpTenant, walletId: string) {
  const wallet = await ownWallet(db, tenant.own, walletId, 'walletId');
  const rows = await db
    .select()
    .from(storedTransactions)
    .where(openItems(tenant.serviceProviderId, wallet.currencyCode))
    .orderBy(asc(storedTransactions.createdAt));
  const [position] = await db.select({ balance: walletPositions.balance }).from(walletPositions).where(eq(walletPositions.walletId, wallet.id));
  const balance = new Dec(position?.balance ?? '0');
  const creditUsed = balance.isNegative() ? balance.neg() : new Dec(0);
  let receivable = new Dec(0);
  let payable = creditUsed;
  for (const r of rows) {
    if (r.targetSpId === tenant.serviceProviderId) receivable = receivable.plus(r.targetAmount);
    else payable = payable.plus(r.targetAmount);
  }
  return {
    walletId: wallet.id,
    currency: wallet.currencyCode,
    payable: payable.toFixed(),
    receivable: receivable.toFixed(),
    net: receivable.minus(payable).toFixed(),
    transactionIds: rows.map((r) => r.transactionId),
  };
}
