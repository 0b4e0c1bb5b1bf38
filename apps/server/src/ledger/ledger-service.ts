import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { availableToSpend, buildVoucher, Dec, type DecimalValue } from '@corridor/domain';
import type { Db, Queryable, Tx } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import {
  ledgerAccounts,
  POSITION_BUCKET_NAMES,
  voucherLines,
  vouchers,
  walletPositions,
  wallets,
  type LedgerBucket,
} from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { bookRate } from './demo-rates.ts';

/** One side of a posting. A line with walletId moves that wallet's bucket (credit raises it). */
export interface PostingLine {
  accountCode: string;
  accountName: string;
  currency: string;
  side: 'D' | 'C';
  /** Amount in the account currency (FC), a positive decimal string. */
  amount: string;
  walletId?: string;
  bucket?: LedgerBucket;
  description1?: string;
  description2?: string;
}

export interface VoucherInput {
  category: string;
  subCategory?: string;
  transactionType?: string;
  transactionId?: string;
  tspId?: string | null;
  tspWalletId?: string | null;
  merchantId?: string | null;
  msWalletId?: string | null;
  branchName?: string;
  createdBy?: string;
  /** When the movement happened (seeded history); now otherwise. */
  postedAt?: Date;
  /**
   * False only for movements that happen whatever the wallet holds, such as a credit line lapsing at
   * the end of its validity: the wallet may then show less than zero available, which is owed.
   */
  checkFunds?: boolean;
  lines: PostingLine[];
}

export interface PostedVoucher {
  id: string;
  voucherNo: string;
}

type PositionRow = typeof walletPositions.$inferSelect;

const BUCKET_COLUMNS: Record<LedgerBucket, keyof PositionRow> = {
  balance: 'balance',
  reserve: 'reserve',
  merchantReserve: 'merchantReserve',
  openPosition: 'openPosition',
  pendingAuthorization: 'pendingAuthorization',
  creditLimit: 'creditLimit',
  creditReserve: 'creditReserve',
  merchantCreditReserve: 'merchantCreditReserve',
};

/** What a wallet can still spend, from its running position (balance + credit - held amounts). */
export function availableOf(row: PositionRow): DecimalValue {
  return new Dec(
    availableToSpend(
      {
        balance: row.balance,
        reserve: row.reserve,
        merchantReserve: row.merchantReserve,
        openPosition: row.openPosition,
        pendingAuthorization: row.pendingAuthorization,
      },
      row.creditLimit,
    ),
  );
}

function voucherNumber(postedAt: Date): string {
  const day = postedAt.toISOString().slice(0, 10).replace(/-/g, '');
  return `JV${day}-${uuidv7().slice(-12).toUpperCase()}`;
}

/** Money columns are numeric(24, 8): a running position or LC amount must stay below 10^16. */
const MONEY_COLUMN_LIMIT = new Dec(10).pow(16);
const fitsMoneyColumn = (value: string): boolean => new Dec(value).abs().lt(MONEY_COLUMN_LIMIT);
const amountOutOfRange = (what: string) =>
  new AppError('AMOUNT_OUT_OF_RANGE', `The amount would take ${what} beyond what the ledger can hold`, [
    { parameter: 'amount', message: 'is too large to book' },
  ]);

/**
 * Posts one voucher inside the caller's transaction `tx`, the same one that changes the business
 * record, so a state change and its ledger entries commit or fail together. Refuses a voucher that
 * does not balance in local currency, and a debit that would take a wallet below its balance plus
 * credit. Wallet rows are locked (`FOR UPDATE`, in id order so two posts never deadlock) before the
 * running positions are read, so concurrent debits of one wallet are serialised.
 */
export async function post(tx: Tx, input: VoucherInput, now: Date): Promise<PostedVoucher> {
  const postedAt = input.postedAt ?? now;
  const voucherNo = voucherNumber(postedAt);
  let built;
  try {
    built = buildVoucher({
      voucherNo,
      voucherDate: postedAt.toISOString().slice(0, 10),
      branchName: input.branchName ?? null,
      lines: input.lines.map((l) => ({
        accountCode: l.accountCode,
        accountName: l.accountName,
        accountCcyCode: l.currency,
        rate: bookRate(l.currency).toFixed(),
        debitORCredit: l.side,
        amountInFC: l.amount,
      })),
    });
  } catch (error) {
    throw new AppError('VOUCHER_UNBALANCED', error instanceof Error ? error.message : undefined);
  }
  if (![built.totalDebitAmountInLc, built.totalCreditAmountInLc, ...built.voucherDetails.map((l) => l.amountInLC)].every(fitsMoneyColumn)) {
    throw amountOutOfRange('its local-currency equivalent');
  }

  const walletIds = [...new Set(input.lines.flatMap((l) => (l.walletId ? [l.walletId] : [])))].sort();
  const deltas = new Map<string, Map<LedgerBucket, DecimalValue>>();
  for (const line of input.lines) {
    if (!line.walletId) continue;
    const bucket = line.bucket ?? 'balance';
    const perWallet = deltas.get(line.walletId) ?? new Map<LedgerBucket, DecimalValue>();
    const signed = line.side === 'C' ? new Dec(line.amount) : new Dec(line.amount).neg();
    perWallet.set(bucket, (perWallet.get(bucket) ?? new Dec(0)).plus(signed));
    deltas.set(line.walletId, perWallet);
  }

  if (walletIds.length > 0) {
    const locked = await tx
      .select({ id: wallets.id, currencyCode: wallets.currencyCode })
      .from(wallets)
      .where(inArray(wallets.id, walletIds))
      .orderBy(asc(wallets.id))
      .for('update');
    if (locked.length !== walletIds.length) throw new AppError('NOT_FOUND', 'A wallet of the voucher does not exist');
    const currencyOf = new Map(locked.map((w) => [w.id, w.currencyCode]));
    for (const line of input.lines) {
      if (line.walletId && currencyOf.get(line.walletId) !== line.currency) {
        throw new AppError('VALIDATION_FAILED', undefined, [
          { parameter: 'currency', message: `must be the wallet currency ${currencyOf.get(line.walletId) ?? ''}` },
        ]);
      }
    }
    await tx
      .insert(walletPositions)
      .values(walletIds.map((walletId) => ({ walletId })))
      .onConflictDoNothing();
    const rows = await tx.select().from(walletPositions).where(inArray(walletPositions.walletId, walletIds));
    for (const row of rows) {
      const delta = deltas.get(row.walletId);
      if (!delta) continue;
      const next: PositionRow = { ...row };
      for (const [bucket, change] of delta) {
        const column = BUCKET_COLUMNS[bucket];
        next[column] = new Dec(row[column] as string).plus(change).toFixed() as never;
        if (!fitsMoneyColumn(next[column] as string)) throw amountOutOfRange(`the ${bucket} of wallet ${row.walletId}`);
      }
      const before = availableOf(row);
      const after = availableOf(next);
      // Only a movement that lowers what is available can be refused: a credit always posts.
      if (input.checkFunds !== false && after.lt(before) && after.lt(0)) {
        throw new AppError(
          'INSUFFICIENT_FUNDS',
          `Wallet ${row.walletId} can spend ${before.toFixed()} ${currencyOf.get(row.walletId) ?? ''}; the debit needs ${before.minus(after).toFixed()}`,
        );
      }
      const patch: Record<string, unknown> = { updatedAt: postedAt > now ? postedAt : now };
      for (const bucket of delta.keys()) {
        const column = BUCKET_COLUMNS[bucket];
        patch[column] = sql`${walletPositions[column]} + ${delta.get(bucket)?.toFixed() ?? '0'}::numeric`;
      }
      await tx.update(walletPositions).set(patch).where(eq(walletPositions.walletId, row.walletId));
    }
  }

  const voucherId = uuidv7();
  await tx.insert(vouchers).values({
    id: voucherId,
    voucherNo,
    branchName: input.branchName ?? null,
    status: built.status,
    voucherDate: built.voucherDate,
    totalCreditAmountInLc: built.totalCreditAmountInLc,
    totalDebitAmountInLc: built.totalDebitAmountInLc,
    transactionId: input.transactionId ?? null,
    tspId: input.tspId ?? null,
    tspWalletId: input.tspWalletId ?? null,
    merchantId: input.merchantId ?? null,
    msWalletId: input.msWalletId ?? null,
    category: input.category,
    subCategory: input.subCategory ?? null,
    transactionType: input.transactionType ?? null,
    postedAt,
    createdBy: input.createdBy ?? null,
    createdAt: now,
  });
  await tx.insert(voucherLines).values(
    built.voucherDetails.map((line, i) => {
      const source = input.lines[i] as PostingLine;
      return {
        id: uuidv7(),
        voucherId,
        lineNo: i + 1,
        accountName: source.accountName,
        accountCode: source.accountCode,
        accountCcyCode: source.currency,
        rate: line.rate,
        debitOrCredit: source.side,
        amountInFc: line.amountInFC,
        amountInLc: line.amountInLC,
        description1: source.description1 ?? null,
        description2: source.description2 ?? null,
        walletId: source.walletId ?? null,
        bucket: source.walletId ? (source.bucket ?? 'balance') : null,
        transactionId: input.transactionId ?? null,
        postedAt,
      };
    }),
  );
  return { id: voucherId, voucherNo };
}

/** Posts in a transaction of its own (a call whose only state change is the voucher). */
export async function postAlone(db: Queryable, input: VoucherInput, now: Date): Promise<PostedVoucher> {
  return inTransaction(db, async (tx) => post(tx, input, now));
}

/** Opens (or finds) an internal ledger account of a TSP, e.g. its pool account in a currency. */
export async function ensureLedgerAccount(
  db: Db,
  account: { code: string; name: string; currencyCode: string; tspId: string | null; walletId?: string | null; kind: string },
): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values({ ...account, walletId: account.walletId ?? null })
    .onConflictDoNothing();
}

export interface DerivedPositionCheck {
  walletId: string;
  bucket: LedgerBucket;
  stored: string;
  derived: string;
}

/**
 * Ledger invariants, for tests and operators: vouchers whose lines do not balance in LC (or whose
 * totals disagree with the lines), and running positions that differ from the sums of postings.
 */
export async function ledgerDiscrepancies(db: Db): Promise<{ unbalanced: string[]; positions: DerivedPositionCheck[] }> {
  const sums = await db
    .select({
      voucherId: voucherLines.voucherId,
      debit: sql<string>`coalesce(sum(${voucherLines.amountInLc}) filter (where ${voucherLines.debitOrCredit} = 'D'), 0)`,
      credit: sql<string>`coalesce(sum(${voucherLines.amountInLc}) filter (where ${voucherLines.debitOrCredit} = 'C'), 0)`,
      totalDebit: sql<string>`min(${vouchers.totalDebitAmountInLc})`,
      totalCredit: sql<string>`min(${vouchers.totalCreditAmountInLc})`,
      voucherNo: sql<string>`min(${vouchers.voucherNo})`,
    })
    .from(voucherLines)
    .innerJoin(vouchers, eq(vouchers.id, voucherLines.voucherId))
    .groupBy(voucherLines.voucherId);
  const unbalanced = sums
    .filter((s) => !new Dec(s.debit).eq(s.credit) || !new Dec(s.debit).eq(s.totalDebit) || !new Dec(s.credit).eq(s.totalCredit))
    .map((s) => s.voucherNo);
  const orphanVouchers = await db
    .select({ voucherNo: vouchers.voucherNo })
    .from(vouchers)
    .where(sql`not exists (select 1 from ${voucherLines} where ${voucherLines.voucherId} = ${vouchers.id})`);
  unbalanced.push(...orphanVouchers.map((v) => v.voucherNo));

  const derivedRows = await db
    .select({
      walletId: voucherLines.walletId,
      bucket: voucherLines.bucket,
      total: sql<string>`sum(case when ${voucherLines.debitOrCredit} = 'C' then ${voucherLines.amountInFc} else -${voucherLines.amountInFc} end)`,
    })
    .from(voucherLines)
    .where(and(sql`${voucherLines.walletId} is not null`))
    .groupBy(voucherLines.walletId, voucherLines.bucket);
  const derived = new Map(derivedRows.map((r) => [`${r.walletId ?? ''}|${r.bucket ?? ''}`, r.total]));
  const stored = await db.select().from(walletPositions);
  const positions: DerivedPositionCheck[] = [];
  const seen = new Set<string>();
  for (const row of stored) {
    for (const bucket of POSITION_BUCKET_NAMES) {
      const key = `${row.walletId}|${bucket}`;
      seen.add(key);
      const want = derived.get(key) ?? '0';
      const have = row[BUCKET_COLUMNS[bucket]] as string;
      if (!new Dec(want).eq(have)) positions.push({ walletId: row.walletId, bucket, stored: have, derived: want });
    }
  }
  for (const [key, total] of derived) {
    if (!seen.has(key) && !new Dec(total).eq(0)) {
      const [walletId = '', bucket = 'balance'] = key.split('|');
      positions.push({ walletId, bucket: bucket as LedgerBucket, stored: '0', derived: total });
    }
  }
  return { unbalanced, positions };
}
