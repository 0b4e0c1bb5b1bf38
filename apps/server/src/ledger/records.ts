import { and, asc, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { recordFilter } from '@corridor/api';
import { Dec, type DecimalValue } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { ledgerAccounts, ledgerRecords, voucherLines, vouchers, wallets, type RecordKind } from '../db/schema.ts';
import { listResource, type ResourceSpec } from '../http/resource-engine.ts';
import { plain, plainOrNull } from '../lib/money-text.ts';
import { dailyRatesToLocal, LOCAL_CURRENCY } from '../rates/valuation-service.ts';

export interface RecordRange {
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

interface Computed {
  walletId: string | null;
  currency: string;
  country: string | null;
  date: string;
  amount: DecimalValue;
  details?: Record<string, string>;
}

const day = sql<string>`to_char(${voucherLines.postedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
const signedFc = sql<string>`sum(case when ${voucherLines.debitOrCredit} = 'C' then ${voucherLines.amountInFc} else -${voucherLines.amountInFc} end)`;
const inRange = (date: string, range: RecordRange) =>
  (!range.fromDate || date >= range.fromDate.slice(0, 10)) && (!range.toDate || date <= range.toDate.slice(0, 10));

/** Per wallet and day, the signed sum of the wallet's balance lines of vouchers matching `where`. */
async function walletDaily(
  db: Db,
  tspId: string,
  where: SQL | undefined,
): Promise<Array<{ walletId: string; currency: string; country: string; date: string; amount: string }>> {
  const rows = await db
    .select({ walletId: wallets.id, currency: wallets.currencyCode, country: wallets.countryCode, date: day, amount: signedFc })
    .from(voucherLines)
    .innerJoin(vouchers, eq(vouchers.id, voucherLines.voucherId))
    .innerJoin(wallets, eq(wallets.id, voucherLines.walletId))
    .where(and(eq(wallets.serviceProviderId, tspId), eq(voucherLines.bucket, 'balance'), where))
    .groupBy(wallets.id, wallets.currencyCode, wallets.countryCode, day)
    .orderBy(asc(wallets.id), asc(day));
  return rows;
}

/** Lines on the TSP's internal accounts of some kinds (charges income, FX premium...). */
function accountLines(db: Db, tspId: string, kinds: string[], where?: SQL) {
  return db
    .select({
      voucherId: vouchers.id,
      voucherNo: vouchers.voucherNo,
      transactionId: vouchers.transactionId,
      merchantId: vouchers.merchantId,
      walletId: sql<string | null>`coalesce(${vouchers.msWalletId}, ${vouchers.tspWalletId})`,
      currency: voucherLines.accountCcyCode,
      date: day,
      amount: signedFc,
    })
    .from(voucherLines)
    .innerJoin(vouchers, eq(vouchers.id, voucherLines.voucherId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.code, voucherLines.accountCode))
    .where(and(eq(vouchers.tspId, tspId), inArray(ledgerAccounts.kind, kinds), where))
    .groupBy(
      vouchers.id,
      vouchers.voucherNo,
      vouchers.transactionId,
      vouchers.merchantId,
      vouchers.msWalletId,
      vouchers.tspWalletId,
      voucherLines.accountCcyCode,
      day,
    );
}

async function countriesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: wallets.id, country: wallets.countryCode }).from(wallets).where(inArray(wallets.id, ids));
  return new Map(rows.map((r) => [r.id, r.country]));
}

/** Sums rows sharing wallet, currency and day. */
function byWalletDay(rows: Array<{ walletId: string | null; currency: string; date: string; amount: string }>, country: Map<string, string>): Computed[] {
  const out = new Map<string, Computed>();
  for (const r of rows) {
    const key = `${r.walletId ?? ''}|${r.currency}|${r.date}`;
    const acc = out.get(key) ?? {
      walletId: r.walletId,
      currency: r.currency,
      country: r.walletId ? (country.get(r.walletId) ?? null) : null,
      date: r.date,
      amount: new Dec(0),
    };
    acc.amount = acc.amount.plus(r.amount);
    out.set(key, acc);
  }
  return [...out.values()];
}

const COMPUTE: Record<RecordKind, (db: Db, tspId: string, range: RecordRange) => Promise<Computed[]>> = {
  /** Closing balance of each wallet on each day it moved. */
  WALLET_POSITION: async (db, tspId, range) => {
    const out: Computed[] = [];
    let running = new Dec(0);
    let current = '';
    for (const r of await walletDaily(db, tspId, undefined)) {
      if (r.walletId !== current) {
        current = r.walletId;
        running = new Dec(0);
      }
      running = running.plus(r.amount);
      if (inRange(r.date, range)) out.push({ walletId: r.walletId, currency: r.currency, country: r.country, date: r.date, amount: running });
    }
    return out;
  },
  /** Charges earned per wallet and day (credits to the TSP's charges accounts, net of reversals). */
  WALLET_REVENUE: async (db, tspId, range) => {
    const rows = (await accountLines(db, tspId, ['chargesAccount'])).filter((r) => inRange(r.date, range));
    return byWalletDay(
      rows,
      await countriesOf(
        db,
        rows.flatMap((r) => (r.walletId ? [r.walletId] : [])),
      ),
    );
  },
  /** Revaluation movements of each wallet and day. */
  WALLET_REVALUATION: async (db, tspId, range) =>
    (await walletDaily(db, tspId, eq(vouchers.category, 'REVALUATION')))
      .filter((r) => inRange(r.date, range))
      .map((r) => ({ ...r, amount: new Dec(r.amount) })),
  /** One record per merchant transaction that earned a charge. */
  MERCHANT_TXN_CHARGES: async (db, tspId, range) => {
    const rows = (await accountLines(db, tspId, ['chargesAccount'], isNotNull(vouchers.merchantId))).filter((r) => inRange(r.date, range));
    const country = await countriesOf(
      db,
      rows.flatMap((r) => (r.walletId ? [r.walletId] : [])),
    );
    return rows.map((r) => ({
      walletId: r.walletId,
      currency: r.currency,
      country: r.walletId ? (country.get(r.walletId) ?? null) : null,
      date: r.date,
      amount: new Dec(r.amount),
      details: { voucherNo: r.voucherNo, transactionId: r.transactionId ?? '', merchantId: r.merchantId ?? '' },
    }));
  },
  /** Income of deals (FX premium, rebates, round-off) per currency and day. */
  DEAL_PROFIT: async (db, tspId, range) => {
    const rows = (await accountLines(db, tspId, ['fxPremiumReceivable', 'rebateIncome', 'roundOff'], eq(vouchers.category, 'DEAL'))).filter((r) =>
      inRange(r.date, range),
    );
    return byWalletDay(
      rows.map((r) => ({ ...r, walletId: null })),
      new Map(),
    );
  },
  /** Net deal movements of each wallet and day. */
  DEAL_POSITION: async (db, tspId, range) =>
    (await walletDaily(db, tspId, eq(vouchers.category, 'DEAL'))).filter((r) => inRange(r.date, range)).map((r) => ({ ...r, amount: new Dec(r.amount) })),
};

/** Rebuilds one record view of a TSP (within the range when given) from the ledger; answers the rows written. */
export async function refreshRecords(db: Db, tspId: string, kind: RecordKind, range: RecordRange, now: Date): Promise<number> {
  return inTransaction(db, async (tx) => {
    // One refresh of a TSP's view at a time: two at once would each delete what the other could not see yet and
    // both insert, doubling every row. Computed after the lock, so the one that waited writes the ledger as it is then.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`corridor:records:${tspId}:${kind}`}))`);
    const computed = await COMPUTE[kind](tx as unknown as Db, tspId, range);
    const scope: SQL[] = [eq(ledgerRecords.kind, kind), eq(ledgerRecords.tspId, tspId)];
    if (range.fromDate) scope.push(gte(ledgerRecords.recordDate, range.fromDate.slice(0, 10)));
    if (range.toDate) scope.push(lte(ledgerRecords.recordDate, range.toDate.slice(0, 10)));
    await tx.delete(ledgerRecords).where(and(...scope));
    if (computed.length > 0) {
      // A day's record is valued at that day's closing served rate (read once per currency).
      const rateOn = await dailyRatesToLocal(
        tx,
        computed.map((c) => c.currency),
      );
      await tx.insert(ledgerRecords).values(
        computed.map((c) => {
          const lc = c.amount.times(rateOn(c.currency, c.date)).toDecimalPlaces(2);
          return {
            id: uuidv7(),
            kind,
            tspId,
            walletId: c.walletId,
            currency: c.currency,
            country: c.country,
            recordDate: c.date,
            amount: c.amount.toFixed(),
            amountLceq: lc.toFixed(),
            amountUsdeq: lc.toFixed(),
            details: c.details ?? null,
            refreshedAt: now,
          };
        }),
      );
    }
    return computed.length;
  });
}

type RecordFilter = z.output<typeof recordFilter>;

const onlyLocal = (c: string) => (c === LOCAL_CURRENCY ? undefined : sql`false`);
const recordResource: ResourceSpec<typeof ledgerRecords, RecordFilter> = {
  table: ledgerRecords,
  filters: {
    walletId: (id) => eq(ledgerRecords.walletId, id),
    currency: (c) => eq(ledgerRecords.currency, c),
    country: (c) => eq(ledgerRecords.country, c),
    // Every record is valued in the ledger's local currency, which is also its accounting currency.
    accountingCurrency: onlyLocal,
    localCurrency: onlyLocal,
    inRange: (range) => {
      const [from = '', to = ''] = range.split(',');
      const bounds: SQL[] = [];
      if (from !== '') bounds.push(gte(ledgerRecords.amount, from));
      if (to !== '') bounds.push(lte(ledgerRecords.amount, to));
      return bounds.length > 0 ? and(...bounds) : undefined;
    },
    fromDate: (d) => gte(ledgerRecords.recordDate, d.slice(0, 10)),
    toDate: (d) => lte(ledgerRecords.recordDate, d.slice(0, 10)),
  },
  sortKeys: { date: ledgerRecords.recordDate, amount: ledgerRecords.amount, currency: ledgerRecords.currency, walletId: ledgerRecords.walletId },
  defaultSort: [sql`${ledgerRecords.recordDate} desc`, asc(ledgerRecords.id)],
};

export async function recordPage(db: Db, tspId: string, kind: RecordKind, q: RecordFilter) {
  const page = await listResource(db, recordResource, q, and(eq(ledgerRecords.kind, kind), eq(ledgerRecords.tspId, tspId)));
  return {
    ...page,
    content: page.content.map((r) => ({
      id: r.id,
      walletId: r.walletId,
      currency: r.currency,
      country: r.country,
      accountingCurrency: LOCAL_CURRENCY,
      localCurrency: LOCAL_CURRENCY,
      date: r.recordDate,
      amount: plain(r.amount),
      amountLCEQ: plainOrNull(r.amountLceq),
      amountUSDEQ: plainOrNull(r.amountUsdeq),
      ...(r.details ? { details: r.details } : {}),
    })),
  };
}
