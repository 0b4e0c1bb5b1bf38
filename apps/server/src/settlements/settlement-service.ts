import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { settlementBody } from '@corridor/api';
import { Dec } from '@corridor/domain';
import type { Db, Tx } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { wallets } from '../db/schema.ts';
import { isUniqueViolation } from '../db/pg-errors.ts';
import { AppError } from '../errors.ts';
import { post } from '../ledger/ledger-service.ts';
import { chargeIdOf, chargeItemKey } from '../charges/charge-service.ts';
import { assertAmountFits } from '../lib/amount-fit.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import type { SpTenant } from '../tenant/tenant.ts';
import { completedMerchantCharges } from '../transactions/transaction-access-service.ts';
import { ownWallet } from '../tenant/wallet-scope.ts';
import { settlementItems, settlements, type SettlementRow } from './settlement-schema.ts';
import { dayReference } from '../lib/references.ts';

/*
 * FX premium and rebate settlements. REBATE and FX_PREMIUM charge lines of a transfer are incentives the TSP
 * owes its merchant (they are listed on the quote but not added to what the merchant pays). They accrue on the
 * transfer's merchant_charges and are paid when the TSP settles them: one voucher moves the settled total from the
 * TSP's own wallet to the merchant's wallet, in one currency. Each charge is settled at most once (settlement_items).
 * A settlement dated ahead waits as PENDING (no voucher) and may be corrected by PUT; a correction dated today
 * or earlier posts it. A POSTED settlement is never edited (its voucher stays); it is 409.
 */

type Body = z.output<typeof settlementBody>;
type IncentiveMode = 'FX_PREMIUM' | 'REBATE';

interface Charge {
  id: string;
  amount: string;
  currency: string;
}

/** The merchant's charge lines of a mode on the TSP's COMPLETED transactions (cancelled ones earn nothing). */
async function incentivesOf(db: Db, tspId: string, merchantId: string, mode: IncentiveMode): Promise<Charge[]> {
  const rows = await completedMerchantCharges(db, tspId, merchantId);
  return rows.flatMap((r) =>
    r.charges.flatMap((c, i) => (c.chargeMode === mode ? [{ id: chargeIdOf(r.id, 'M', i + 1), amount: c.amount, currency: c.currency }] : [])),
  );
}

const invalid = (parameter: string, message: string) => new AppError('VALIDATION_FAILED', undefined, [{ parameter, message }]);

/** Claims the items for a settlement: a second claim of any of them (even a racing one) is ALREADY_SETTLED. */
export async function claimItems(tx: Tx, keys: string[], settlementId: string, tspId: string): Promise<void> {
  try {
    await inTransaction(tx, (inner) => inner.insert(settlementItems).values(keys.map((itemKey) => ({ itemKey, settlementId, serviceProviderId: tspId }))));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ALREADY_SETTLED', 'One of the items is already settled');
    throw error;
  }
}

/** Checks the body against the TSP's wallets and the merchant's open charges; answers what to settle. */
async function prepare(db: Db, tenant: SpTenant, mode: IncentiveMode, body: Body, ownSettlementId: string | null) {
  const spWallet = await ownWallet(db, tenant.own, body.spWalletId, 'spWalletId');
  const [merchantWallet] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.merchantServiceId, body.merchantServiceId), tenant.merchants))
    .limit(1);
  if (!merchantWallet) throw foreignId('merchantServiceId', 'merchant', body.merchantServiceId);
  const msWallet = await ownWallet(db, and(tenant.merchants, eq(wallets.merchantServiceId, body.merchantServiceId)), body.msWalletId, 'msWalletId');
  if (spWallet.currencyCode !== body.currency) throw invalid('currency', `must be the TSP wallet currency ${spWallet.currencyCode}`);
  if (msWallet.currencyCode !== body.currency) throw invalid('currency', `must be the merchant wallet currency ${msWallet.currencyCode}`);
  if (!new Dec(body.amount).gt(0)) throw invalid('amount', 'must be more than zero');
  await assertAmountFits(db, body.amount, body.currency, 'amount');

  const all = await incentivesOf(db, tenant.serviceProviderId, body.merchantServiceId, mode);
  const keys = all.map((c) => chargeItemKey(c.id));
  const taken = keys.length
    ? await db.select({ key: settlementItems.itemKey, by: settlementItems.settlementId }).from(settlementItems).where(inArray(settlementItems.itemKey, keys))
    : [];
  const takenByOthers = new Set(taken.filter((t) => t.by !== ownSettlementId).map((t) => t.key));
  let chosen: Charge[];
  if (body.chargeIds && body.chargeIds.length > 0) {
    const byId = new Map(all.map((c) => [c.id, c]));
    const unknown = body.chargeIds.find((id) => !byId.has(id));
    if (unknown !== undefined) throw foreignId('chargeIds', `${mode} charge`, unknown);
    chosen = [...new Set(body.chargeIds)].map((id) => byId.get(id) as Charge);
    if (chosen.some((c) => takenByOthers.has(chargeItemKey(c.id)))) throw new AppError('ALREADY_SETTLED', 'One of the charges is already settled');
    const other = chosen.find((c) => c.currency !== body.currency);
    if (other) throw invalid('chargeIds', `charge ${other.id} is in ${other.currency}, not ${body.currency}`);
  } else {
    chosen = all.filter((c) => c.currency === body.currency && !takenByOthers.has(chargeItemKey(c.id)));
    if (chosen.length === 0) throw invalid('chargeIds', `no open ${mode} charges in ${body.currency} to settle`);
  }
  const total = chosen.reduce((sum, c) => sum.plus(c.amount), new Dec(0));
  if (!total.eq(body.amount)) throw invalid('amount', `must be the settled charges' total ${total.toFixed()}`);
  return { spWallet, msWallet, chargeIds: chosen.map((c) => c.id), amount: total.toFixed() };
}

type Prepared = Awaited<ReturnType<typeof prepare>>;

async function postSettlement(tx: Tx, row: SettlementRow, p: Prepared, by: string, now: Date): Promise<string> {
  const what = row.type === 'FX_PREMIUM' ? 'FX premium settlement' : 'Rebate settlement';
  const voucher = await post(
    tx,
    {
      category: 'SETTLEMENT',
      subCategory: row.type,
      transactionType: `${row.type}_SETTLEMENT`,
      transactionId: row.settlementTransactionId,
      tspId: row.serviceProviderId,
      tspWalletId: p.spWallet.id,
      merchantId: row.merchantId,
      msWalletId: p.msWallet.id,
      createdBy: by,
      lines: [
        {
          accountCode: p.spWallet.ledgerCode,
          accountName: p.spWallet.alias,
          currency: row.currency,
          side: 'D',
          amount: p.amount,
          walletId: p.spWallet.id,
          bucket: 'balance',
          description1: what,
          description2: row.settlementTransactionId,
        },
        {
          accountCode: p.msWallet.ledgerCode,
          accountName: p.msWallet.alias,
          currency: row.currency,
          side: 'C',
          amount: p.amount,
          walletId: p.msWallet.id,
          bucket: 'balance',
          description1: what,
          description2: row.settlementTransactionId,
        },
      ],
    },
    now,
  );
  return voucher.voucherNo;
}

/** Posts a due settlement's voucher and records its number on the settlement, in the caller's transaction. */
async function postAndRecord(tx: Tx, row: SettlementRow, p: Prepared, by: string, now: Date): Promise<SettlementRow> {
  const voucherNo = await postSettlement(tx, row, p, by, now);
  const [done] = await tx
    .update(settlements)
    .set({ vouchers: [voucherNo] })
    .where(eq(settlements.id, row.id))
    .returning();
  return done ?? row;
}

const today = (now: Date) => now.toISOString().slice(0, 10);

function settlementDto(row: SettlementRow) {
  return {
    settlementTransactionId: row.settlementTransactionId,
    type: row.type,
    status: row.status,
    currency: row.currency,
    amount: new Dec(row.amount).toFixed(),
    vouchers: row.vouchers,
  };
}

export function newSettlementTransactionId(prefix: string, now: Date): string {
  return dayReference(prefix, now, 10);
}

/** POST: settles the merchant's open charges of a mode; posts at once unless dated ahead. */
export async function settleIncentives(db: Db, tenant: SpTenant, mode: IncentiveMode, body: Body, by: string, now: Date) {
  const p = await prepare(db, tenant, mode, body, null);
  const settlementDate = body.settlementDate ?? today(now);
  const due = settlementDate <= today(now);
  const row = await inTransaction(db, async (tx) => {
    const [inserted] = await tx
      .insert(settlements)
      .values({
        id: uuidv7(),
        settlementTransactionId: newSettlementTransactionId(mode === 'FX_PREMIUM' ? 'FXS' : 'RBS', now),
        serviceProviderId: tenant.serviceProviderId,
        merchantId: body.merchantServiceId,
        type: mode,
        status: due ? 'POSTED' : 'PENDING',
        spWalletId: p.spWallet.id,
        msWalletId: p.msWallet.id,
        currency: body.currency,
        amount: p.amount,
        itemIds: p.chargeIds,
        settlementDate,
        remarks: body.remarks ?? null,
        createdBy: by,
        createdAt: now,
      })
      .returning();
    if (!inserted) throw new AppError('INTERNAL_ERROR', 'The settlement was not stored');
    await claimItems(tx, p.chargeIds.map(chargeItemKey), inserted.id, tenant.serviceProviderId);
    return due ? postAndRecord(tx, inserted, p, by, now) : inserted;
  });
  return settlementDto(row);
}

/** PUT: corrects a PENDING settlement (charges, amount, date, remarks); dated today or earlier, it posts. */
export async function updateIncentives(db: Db, tenant: SpTenant, mode: IncentiveMode, body: Body & { settlementTransactionId: string }, by: string, now: Date) {
  const row = await inTransaction(db, async (tx) => {
    // Locked: two corrections of one settlement run one after the other, the second sees the first's status.
    const [current] = await tx
      .select()
      .from(settlements)
      .where(
        and(
          eq(settlements.settlementTransactionId, body.settlementTransactionId),
          eq(settlements.serviceProviderId, tenant.serviceProviderId),
          eq(settlements.type, mode),
        ),
      )
      .for('update');
    if (!current) throw foreignId('settlementTransactionId', `${mode} settlement`, body.settlementTransactionId);
    if (current.status !== 'PENDING') throw new AppError('INVALID_STATE_TRANSITION', `Settlement ${current.settlementTransactionId} is already posted`);
    const p = await prepare(tx, tenant, mode, body, current.id);
    const settlementDate = body.settlementDate ?? current.settlementDate;
    const due = settlementDate <= today(now);
    await tx.delete(settlementItems).where(eq(settlementItems.settlementId, current.id));
    await claimItems(tx, p.chargeIds.map(chargeItemKey), current.id, tenant.serviceProviderId);
    const [updated] = await tx
      .update(settlements)
      .set({
        merchantId: body.merchantServiceId,
        spWalletId: p.spWallet.id,
        msWalletId: p.msWallet.id,
        currency: body.currency,
        amount: p.amount,
        itemIds: p.chargeIds,
        settlementDate,
        remarks: body.remarks ?? current.remarks,
        status: due ? 'POSTED' : 'PENDING',
        updatedBy: by,
        updatedAt: now,
      })
      .where(eq(settlements.id, current.id))
      .returning();
    if (!updated) throw new AppError('INTERNAL_ERROR', 'The settlement was not stored');
    return due ? postAndRecord(tx, updated, p, by, now) : updated;
  });
  return settlementDto(row);
}

/** The filters reconciliation reads settlements by. */
export interface IncentiveSettlementFilter {
  fromDate?: string | undefined;
  toDate?: string | undefined;
  walletIds?: string[] | undefined;
  currencyCodes?: string[] | undefined;
}

/** A TSP's FX premium and rebate settlements (either status), oldest settlement day first. */
export async function incentiveSettlements(db: Db, serviceProviderId: string, filter: IncentiveSettlementFilter) {
  const where = [eq(settlements.serviceProviderId, serviceProviderId), inArray(settlements.type, ['FX_PREMIUM', 'REBATE'])];
  if (filter.fromDate) where.push(gte(settlements.settlementDate, filter.fromDate.slice(0, 10)));
  if (filter.toDate) where.push(lte(settlements.settlementDate, filter.toDate.slice(0, 10)));
  if (filter.walletIds?.length) where.push(inArray(settlements.spWalletId, filter.walletIds));
  if (filter.currencyCodes?.length) where.push(inArray(settlements.currency, filter.currencyCodes));
  const rows = await db
    .select()
    .from(settlements)
    .where(and(...where))
    .orderBy(asc(settlements.settlementDate), asc(settlements.settlementTransactionId));
  return rows.map((r) => ({
    settlementTransactionId: r.settlementTransactionId,
    type: r.type as IncentiveMode,
    status: r.status,
    merchantId: r.merchantId,
    spWalletId: r.spWalletId,
    msWalletId: r.msWalletId,
    currency: r.currency,
    amount: new Dec(r.amount).toFixed(),
    settlementDate: r.settlementDate,
  }));
}
export type IncentiveSettlement = Awaited<ReturnType<typeof incentiveSettlements>>[number];
