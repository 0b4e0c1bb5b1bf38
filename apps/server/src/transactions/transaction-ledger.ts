import { and, asc, eq, sql } from 'drizzle-orm';
import { Dec, type TransactionFunds } from '@corridor/domain';
import type { Db, Tx } from '../db/database.ts';
import { statement } from '../db/statement.ts';
import { accountingConfigs, currencies, ledgerAccounts, voucherLines, vouchers, wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { post, type PostingLine } from '../ledger/ledger-service.ts';
import { bookingAccount, bookingsOf, tspAccount, type WalletBooks } from '../ledger/tsp-account-service.ts';
import type { TransactionRow } from './transaction-types.ts';

type WalletRow = typeof wallets.$inferSelect;

/** Voucher category of every transactions v2 posting; the type tells hold, release, conversion, credit and reversal apart. */
const CATEGORY = 'TRANSACTION';
const TYPE_OF: Record<Exclude<TransactionFunds, 'none'>, string> = {
  hold: 'TXN_HOLD',
  release: 'TXN_RELEASE',
  convert: 'TXN_CONVERT',
  credit: 'TXN_CREDIT',
  reverse: 'TXN_REVERSE',
};

/** Wallets by id, built once (`statement`): the ids are one text[] value; unknown ids are simply absent. */
const walletsWithIds = statement((q) =>
  q
    .select()
    .from(wallets)
    .where(sql`${wallets.id} = any(${sql.placeholder('ids')}::text[])`),
);

/** The wallets of these ids, on the database or the caller's transaction (one statement for a transfer's two). */
async function walletsById(db: Db | Tx, ids: string[]): Promise<WalletRow[]> {
  return walletsWithIds(db, { ids });
}

async function walletOf(tx: Tx, id: string | null, field: string): Promise<WalletRow> {
  const [wallet] = id ? await walletsById(tx, [id]) : [];
  if (!wallet) throw new AppError('NOT_FOUND', `No wallet ${id ?? ''}`, [{ parameter: field, message: 'does not exist' }]);
  return wallet;
}

/** What the caller already holds, so a posting does not read it again: the source wallet, the currencies' decimals. */
export interface KnownFunds {
  source?: WalletRow;
  /** Decimals by currency, from the held pricing state. */
  dps?: Map<string, number>;
}

async function dpOf(tx: Tx, currency: string, known: KnownFunds): Promise<number> {
  const held = known.dps?.get(currency);
  if (held !== undefined) return held;
  const [row] = await tx.select({ dp: currencies.dp }).from(currencies).where(eq(currencies.code, currency));
  return row?.dp ?? 2;
}

/** Wallets by id with their accounting configs, built once (`statement`): the ids are one text[] value. */
const walletsWithBooks = statement((q) =>
  q
    .select({ wallet: wallets, accounts: accountingConfigs.accounts })
    .from(wallets)
    .leftJoin(accountingConfigs, eq(accountingConfigs.walletId, wallets.id))
    .where(sql`${wallets.id} = any(${sql.placeholder('ids')}::text[])`),
);

/** Both wallets of a conversion with the accounts each books against, in one statement. */
async function conversionWallets(
  tx: Tx,
  txn: TransactionRow,
): Promise<{ source: WalletRow; target: WalletRow; sourceBooks: WalletBooks; targetBooks: WalletBooks }> {
  const ids = [txn.sourceWalletId, txn.targetWalletId].filter((id): id is string => id !== null);
  const rows = ids.length ? await walletsWithBooks(tx, { ids }) : [];
  const found = (id: string | null, field: string) => {
    const row = rows.find((r) => r.wallet.id === id);
    if (!row) throw new AppError('NOT_FOUND', `No wallet ${id ?? ''}`, [{ parameter: field, message: 'does not exist' }]);
    return { wallet: row.wallet, books: bookingsOf(tx, row.accounts ?? undefined, row.wallet.serviceProviderId) };
  };
  const source = found(txn.sourceWalletId, 'sourceWalletId');
  const target = found(txn.targetWalletId, 'targetWalletId');
  return { source: source.wallet, target: target.wallet, sourceBooks: source.books, targetBooks: target.books };
}

const walletLine = (
  wallet: WalletRow,
  side: 'D' | 'C',
  bucket: 'balance' | 'pendingAuthorization',
  amount: string,
  what: string,
  ref: string,
): PostingLine => ({
  accountCode: wallet.ledgerCode,
  accountName: wallet.alias,
  currency: wallet.currencyCode,
  side,
  amount,
  walletId: wallet.id,
  bucket,
  description1: what,
  description2: ref,
});

const accountLine = (account: { code: string; name: string }, currency: string, side: 'D' | 'C', amount: string, what: string, ref: string): PostingLine => ({
  accountCode: account.code,
  accountName: account.name,
  currency,
  side,
  amount,
  description1: what,
  description2: ref,
});

/**
 * The TSP's deal margin on a conversion, in the target currency: what the source amount buys at the
 * interbank rate less what the target wallet receives at the quoted rate. Below zero when the quote gave
 * more than the interbank rate (a markup set in the customer's favour): a loss, booked and reported as
 * one, so the deal-profit account always agrees with the pools.
 * @internal used by its tests
 */
export function dealMargin(txn: Pick<TransactionRow, 'sourceAmount' | 'targetAmount' | 'ibrRate'>, dp: number): string {
  if (!txn.ibrRate) return '0';
  return new Dec(txn.sourceAmount).times(txn.ibrRate).toDecimalPlaces(dp, Dec.ROUND_HALF_UP).minus(txn.targetAmount).toFixed();
}

/**
 * What the beneficiary bears: every BEN charge line (merchant or correspondent) with its tax, in the target
 * currency, i.e. the target amount less the quote's net credit.
 */
function beneficiaryCharges(txn: Pick<TransactionRow, 'merchantCharges' | 'correspondentCharges' | 'targetCurrency'>): string {
  let total = new Dec(0);
  for (const line of [...txn.merchantCharges, ...txn.correspondentCharges]) {
    if (line.chargeMode !== 'BEN') continue;
    // Pricing converts a BEN charge into the target currency; a line in another currency would unbalance the voucher.
    if (line.currency !== txn.targetCurrency) throw new AppError('INTERNAL_ERROR', `BEN charge in ${line.currency}, not the target ${txn.targetCurrency}`);
    total = line.tax.reduce((sum, t) => sum.plus(t.amount), total.plus(line.amount));
  }
  return total.toFixed();
}

/**
 * Moves a transaction's money for one transition, inside the caller's transaction (the one that changes
 * its status); every voucher carries the transactionId, so wallet statements show each step:
 * - hold: credit the source wallet's pendingAuthorization by source amount + fees against the source TSP's
 *   memo account (`post` refuses it with INSUFFICIENT_FUNDS and locks the wallet, so no money is spent twice);
 * - release: the reverse of the hold;
 * - convert: release the hold; debit the source wallet the source amount (to the source TSP's pool) and the
 *   fees (to its charges income); the target TSP's pool pays the target amount: the target wallet receives it
 *   less the charges the beneficiary bears (BEN, with tax), which go to the target TSP's charges income;
 *   book the margin against the interbank rate from the target pool to the TSP's deal profit account;
 * - credit: a top-up lands: the TSP's pool pays the wallet's balance;
 * - reverse: every convert or credit voucher of the transaction is posted again with its sides swapped.
 * Each pair of lines is in one currency, so every voucher balances in local currency line pair by line pair.
 */
export async function moveTransactionFunds(
  tx: Tx,
  txn: TransactionRow,
  funds: TransactionFunds,
  now: Date,
  createdBy?: string | null,
  known: KnownFunds = {},
): Promise<void> {
  if (funds === 'none') return;
  const ref = txn.transactionId;
  let lines: PostingLine[];
  let walletForHeader: WalletRow;
  if (funds === 'reverse') {
    lines = await reversalLines(tx, txn);
    if (lines.length === 0) return;
    walletForHeader = await walletOf(tx, txn.sourceWalletId ?? txn.targetWalletId, 'sourceWalletId');
  } else if (funds === 'credit') {
    const wallet = await walletOf(tx, txn.targetWalletId ?? txn.sourceWalletId, 'targetWalletId');
    walletForHeader = wallet;
    const pool = await bookingAccount(tx, wallet.id, wallet.serviceProviderId, 'poolAccount', wallet.currencyCode);
    lines = [
      accountLine(pool, wallet.currencyCode, 'D', txn.targetAmount, 'Top-up received', ref),
      walletLine(wallet, 'C', 'balance', txn.targetAmount, 'Top-up', ref),
    ];
  } else {
    // Only a transfer holds: a top-up's money arrives from outside, so it has nothing to hold or release.
    const hold = new Dec(txn.holdAmount);
    if (hold.lte(0)) return;
    // A conversion reads both wallets with their accounts at once; a hold is given the wallet its creation checked.
    const converting = funds === 'convert' ? await conversionWallets(tx, txn) : null;
    const source =
      converting?.source ?? (known.source && known.source.id === txn.sourceWalletId ? known.source : await walletOf(tx, txn.sourceWalletId, 'sourceWalletId'));
    walletForHeader = source;
    const memo = await tspAccount(tx, txn.serviceProviderId, 'transactionsPendingAuthorisation', source.currencyCode);
    const release = [
      walletLine(source, 'D', 'pendingAuthorization', hold.toFixed(), 'Transfer hold released', ref),
      accountLine(memo, source.currencyCode, 'C', hold.toFixed(), 'Transfer pending authorisation', ref),
    ];
    if (funds === 'hold') {
      lines = [
        accountLine(memo, source.currencyCode, 'D', hold.toFixed(), 'Transfer pending authorisation', ref),
        walletLine(source, 'C', 'pendingAuthorization', hold.toFixed(), 'Transfer held', ref),
      ];
    } else if (funds === 'release') {
      lines = release;
    } else {
      // A conversion: its wallets and their accounts were read together above.
      const { target, sourceBooks, targetBooks } = converting ?? (await conversionWallets(tx, txn));
      const sourcePool = await sourceBooks('poolAccount', source.currencyCode);
      const targetPool = await targetBooks('poolAccount', target.currencyCode);
      lines = [
        ...release,
        walletLine(source, 'D', 'balance', txn.sourceAmount, 'Transfer sent', ref),
        accountLine(sourcePool, source.currencyCode, 'C', txn.sourceAmount, 'Transfer bought', ref),
        accountLine(targetPool, target.currencyCode, 'D', txn.targetAmount, 'Transfer sold', ref),
      ];
      // The beneficiary bears the BEN charges: the target wallet receives the quote's net credit and the
      // target TSP (whose side collects them) books the charges and their tax as income, in the target currency.
      const ben = new Dec(beneficiaryCharges(txn));
      const received = new Dec(txn.targetAmount).minus(ben);
      if (received.gt(0)) lines.push(walletLine(target, 'C', 'balance', received.toFixed(), 'Transfer received', ref));
      if (ben.gt(0)) {
        const benCharges = await targetBooks('chargesAccount', target.currencyCode);
        lines.push(accountLine(benCharges, target.currencyCode, 'C', ben.toFixed(), 'Beneficiary charges and tax', ref));
      }
      const fee = new Dec(txn.feeAmount);
      if (fee.gt(0)) {
        const charges = await sourceBooks('chargesAccount', source.currencyCode);
        lines.push(
          walletLine(source, 'D', 'balance', fee.toFixed(), 'Transfer fees and tax', ref),
          accountLine(charges, source.currencyCode, 'C', fee.toFixed(), 'Transfer fees and tax', ref),
        );
      }
      const margin = new Dec(dealMargin(txn, await dpOf(tx, target.currencyCode, known)));
      if (!margin.isZero()) {
        const profit = await tspAccount(tx, txn.serviceProviderId, 'dealProfit', target.currencyCode);
        // A profit moves from the target pool to the deal-profit account; a loss the other way.
        const [pool, gain] = margin.gt(0) ? (['D', 'C'] as const) : (['C', 'D'] as const);
        lines.push(
          accountLine(targetPool, target.currencyCode, pool, margin.abs().toFixed(), 'Deal margin', ref),
          accountLine(profit, target.currencyCode, gain, margin.abs().toFixed(), margin.gt(0) ? 'Deal profit' : 'Deal loss', ref),
        );
      }
    }
  }
  await post(
    tx,
    {
      category: CATEGORY,
      subCategory: txn.category,
      transactionType: TYPE_OF[funds],
      transactionId: ref,
      tspId: txn.serviceProviderId,
      merchantId: txn.merchantId,
      msWalletId: walletForHeader.merchantServiceId ? walletForHeader.id : null,
      tspWalletId: walletForHeader.merchantServiceId ? walletForHeader.spWalletId : walletForHeader.id,
      ...(createdBy ? { createdBy } : {}),
      lines,
    },
    now,
  );
}

/**
 * The mirror of every conversion or credit the transaction posted: the same lines with their sides swapped,
 * less the conversion's release of the hold (the wallet's pending-authorisation line and its memo line). That
 * hold ended when the transfer completed; mirrored, it would hold the amount again on a cancelled transaction.
 */
async function reversalLines(tx: Tx, txn: TransactionRow): Promise<PostingLine[]> {
  const rows = await tx
    .select({ line: voucherLines, type: vouchers.transactionType, kind: ledgerAccounts.kind })
    .from(voucherLines)
    .innerJoin(vouchers, eq(vouchers.id, voucherLines.voucherId))
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.code, voucherLines.accountCode))
    // By the voucher's transaction (indexed), not the line's copy of it (no index: every line of the ledger read).
    .where(and(eq(vouchers.transactionId, txn.transactionId), eq(vouchers.category, CATEGORY)))
    .orderBy(asc(vouchers.postedAt), asc(voucherLines.voucherId), asc(voucherLines.lineNo));
  return rows
    .filter((r) => r.type === TYPE_OF.convert || r.type === TYPE_OF.credit)
    .filter((r) => r.line.bucket !== 'pendingAuthorization' && r.kind !== 'transactionsPendingAuthorisation')
    .map(({ line }) => ({
      accountCode: line.accountCode,
      accountName: line.accountName,
      currency: line.accountCcyCode,
      side: line.debitOrCredit === 'D' ? ('C' as const) : ('D' as const),
      amount: new Dec(line.amountInFc).toFixed(),
      ...(line.walletId ? { walletId: line.walletId } : {}),
      ...(line.bucket ? { bucket: line.bucket } : {}),
      description1: 'Reversal',
      description2: txn.transactionId,
    }));
}
