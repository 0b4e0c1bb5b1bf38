import { Dec, normaliseDp, requireDecimal } from './money.ts';
import type { DecimalValue } from './money.ts';

/**
 * A voucher line (spec 3: "accountName, accountCode, accountCcyCode, rate, debitORCredit (D or
 * C), amountInFC, amountInLC, description1, description2"). Amounts are decimal strings; the
 * local-currency (LC) amount is amountInFC x rate (rate 1 when absent) when not given.
 */
export interface VoucherLineInput {
  accountCode?: string;
  accountName?: string;
  accountCcyCode?: string;
  rate?: string;
  debitORCredit: 'D' | 'C';
  amountInFC?: string;
  amountInLC?: string;
  description1?: string;
  description2?: string;
}

/** A voucher line with its amounts fixed. */
interface VoucherLine extends VoucherLineInput {
  rate: string;
  amountInFC: string;
  amountInLC: string;
}

/** A voucher (spec 3 "Voucher"), balanced by construction. */
export interface Voucher {
  voucherNo: string;
  voucherDate: string;
  branchName: string | null;
  status: string;
  totalDebitAmountInLc: string;
  totalCreditAmountInLc: string;
  voucherDetails: VoucherLine[];
}

/** Local-currency decimals used when none is given (the ledger's local currency is USD-like). */
export const DEFAULT_LC_DP = 2;

function lineRate(line: VoucherLineInput): DecimalValue {
  return line.rate === undefined ? new Dec(1) : requireDecimal(line.rate, 'rate');
}

function lineLc(line: VoucherLineInput, lcDp: number, rate: DecimalValue = lineRate(line)): DecimalValue {
  if (line.amountInLC !== undefined) return requireDecimal(line.amountInLC, 'amountInLC');
  return requireDecimal(line.amountInFC, 'amountInFC').times(rate).toDecimalPlaces(normaliseDp(lcDp));
}

function isDebit(line: VoucherLineInput): boolean {
  const side = String(line.debitORCredit).trim().toUpperCase();
  if (side === 'D' || side === 'DEBIT') return true;
  if (side === 'C' || side === 'CREDIT') return false;
  throw new Error(`debitORCredit must be D or C, got ${String(line.debitORCredit)}`);
}

/**
 * Debit and credit totals of voucher lines in local currency.
 *
 * @example voucherTotals([{ debitORCredit: 'D', amountInLC: '10' }, { debitORCredit: 'C', amountInFC: '10', rate: '1' }])
 *   // { debit: '10', credit: '10' }
 */
export function voucherTotals(lines: readonly VoucherLineInput[], lcDp: number = DEFAULT_LC_DP): { debit: string; credit: string } {
  let debit = new Dec(0);
  let credit = new Dec(0);
  for (const line of lines) {
    const lc = lineLc(line, lcDp);
    if (isDebit(line)) debit = debit.plus(lc);
    else credit = credit.plus(lc);
  }
  return { debit: debit.toFixed(), credit: credit.toFixed() };
}

/**
 * True when the lines balance: "each voucher balances in local currency" (ARCHITECTURE 3),
 * i.e. the sum of debits in LC equals the sum of credits in LC.
 *
 * @example voucherBalances([{ debitORCredit: 'D', amountInLC: '10.50' }, { debitORCredit: 'C', amountInLC: '10.5' }]) // true
 * @internal
 */
export function voucherBalances(lines: readonly VoucherLineInput[], lcDp: number = DEFAULT_LC_DP): boolean {
  const { debit, credit } = voucherTotals(lines, lcDp);
  return new Dec(debit).eq(credit);
}

/** Voucher header fields and options of {@link buildVoucher}. */
export interface VoucherHeader {
  voucherNo?: string;
  voucherDate?: string;
  branchName?: string | null;
  status?: string;
  lcDp?: number;
}

/**
 * Builds a voucher, refusing input the ledger must never hold: fewer than one debit and one
 * credit line, a negative or zero amount, or debits that do not equal credits in local currency.
 * Takes `{ ...header, lines }` or `(lines, header?)`.
 *
 * @example buildVoucher({ voucherNo: 'V-1', voucherDate: '2026-11-22', lines: [
 *   { accountCode: '100', accountCcyCode: 'EUR', rate: '1.1', debitORCredit: 'D', amountInFC: '100' },
 *   { accountCode: '200', accountCcyCode: 'USD', rate: '1', debitORCredit: 'C', amountInFC: '110' }] })
 *   // totals debit '110.00' = credit '110.00'
 */
export function buildVoucher(
  input: (VoucherHeader & { lines: readonly VoucherLineInput[] }) | readonly VoucherLineInput[],
  header: VoucherHeader = {},
): Voucher {
  const isList = (value: typeof input): value is readonly VoucherLineInput[] => Array.isArray(value);
  const meta: VoucherHeader = isList(input) ? header : input;
  const inputLines = isList(input) ? input : input.lines;
  const lcDp = normaliseDp(meta.lcDp ?? DEFAULT_LC_DP);
  const debits = inputLines.filter(isDebit).length;
  if (debits === 0 || debits === inputLines.length) {
    throw new Error('A voucher needs at least one debit and one credit line');
  }
  // Each amount read once: the totals add the rounded LC amounts the lines carry, as `voucherTotals` of them would.
  let debit = new Dec(0);
  let credit = new Dec(0);
  const lines: VoucherLine[] = inputLines.map((line) => {
    const rate = lineRate(line);
    const lc = lineLc(line, lcDp, rate);
    const fc = line.amountInFC === undefined ? lc.div(rate) : requireDecimal(line.amountInFC, 'amountInFC');
    if (fc.lte(0) || lc.lte(0) || rate.lte(0)) {
      throw new Error(`Voucher line amounts must be positive (account ${line.accountCode ?? '?'})`);
    }
    const carried = lc.toDecimalPlaces(lcDp);
    if (isDebit(line)) debit = debit.plus(carried);
    else credit = credit.plus(carried);
    return { ...line, rate: rate.toFixed(), amountInFC: fc.toFixed(), amountInLC: carried.toFixed(lcDp) };
  });
  const voucherNo = meta.voucherNo ?? '';
  if (!debit.eq(credit)) {
    const name = voucherNo === '' ? 'Voucher' : `Voucher ${voucherNo}`;
    throw new Error(`${name} does not balance: debit ${debit.toFixed()}, credit ${credit.toFixed()}`);
  }
  return {
    voucherNo,
    voucherDate: meta.voucherDate ?? '',
    branchName: meta.branchName ?? null,
    status: meta.status ?? 'POSTED',
    totalDebitAmountInLc: debit.toFixed(lcDp),
    totalCreditAmountInLc: credit.toFixed(lcDp),
    voucherDetails: lines,
  };
}

/** The position buckets a posting can move (spec 3 "Wallet position"). */
const POSITION_BUCKETS = ['balance', 'reserve', 'merchantReserve', 'openPosition', 'pendingAuthorization'] as const;
type PositionBucket = (typeof POSITION_BUCKETS)[number];

/**
 * A posting to a wallet bucket. A wallet is what the institution owes its holder, so a credit
 * raises the bucket and a debit lowers it. Without a direction the amount is signed (positive
 * raises); without a bucket the posting moves the balance.
 * @internal
 */
export interface Posting {
  walletId: string;
  bucket?: PositionBucket;
  direction?: 'D' | 'C' | 'DEBIT' | 'CREDIT';
  amount: string;
}

/** +1 for a credit or a signed posting, -1 for a debit. */
function postingSign(posting: Posting): 1 | -1 {
  if (posting.direction === undefined) return 1;
  const side = String(posting.direction).trim().toUpperCase();
  if (side === 'D' || side === 'DEBIT') return -1;
  if (side === 'C' || side === 'CREDIT') return 1;
  throw new Error(`Posting direction must be D or C, got ${String(posting.direction)}`);
}

/** A wallet's derived position, as decimal strings. */
export type WalletPosition = Record<PositionBucket, string>;

/**
 * Derives every wallet's position from its postings: per bucket, credits minus debits.
 *
 * @example positionsFromPostings([
 *   { walletId: 'w1', bucket: 'balance', direction: 'C', amount: '500' },
 *   { walletId: 'w1', bucket: 'balance', direction: 'D', amount: '120.5' },
 *   { walletId: 'w1', bucket: 'reserve', direction: 'C', amount: '20' }])
 *   // { w1: { balance: '379.5', reserve: '20', merchantReserve: '0', openPosition: '0', pendingAuthorization: '0' } }
 * @internal
 */
export function positionsFromPostings(postings: readonly Posting[]): Record<string, WalletPosition> {
  const sums = new Map<string, Record<PositionBucket, DecimalValue>>();
  for (const posting of postings) {
    let wallet = sums.get(posting.walletId);
    if (wallet === undefined) {
      wallet = {
        balance: new Dec(0),
        reserve: new Dec(0),
        merchantReserve: new Dec(0),
        openPosition: new Dec(0),
        pendingAuthorization: new Dec(0),
      };
      sums.set(posting.walletId, wallet);
    }
    const amount = requireDecimal(posting.amount, 'posting amount');
    const bucket = posting.bucket ?? 'balance';
    if (!(POSITION_BUCKETS as readonly string[]).includes(bucket)) {
      throw new Error(`Unknown position bucket: ${String(bucket)}`);
    }
    wallet[bucket] = wallet[bucket].plus(postingSign(posting) === -1 ? amount.neg() : amount);
  }
  const result: Record<string, WalletPosition> = {};
  for (const [walletId, wallet] of sums) {
    result[walletId] = {
      balance: wallet.balance.toFixed(),
      reserve: wallet.reserve.toFixed(),
      merchantReserve: wallet.merchantReserve.toFixed(),
      openPosition: wallet.openPosition.toFixed(),
      pendingAuthorization: wallet.pendingAuthorization.toFixed(),
    };
  }
  return result;
}

/**
 * What a wallet can still spend: balance - reserve - merchantReserve - pendingAuthorization +
 * creditLimit (ARCHITECTURE 3: "a wallet never goes below what its credit allows").
 *
 * @example availableToSpend({ balance: '100', reserve: '10', merchantReserve: '5', openPosition: '0', pendingAuthorization: '20' }, '50') // '115'
 */
export function availableToSpend(position: WalletPosition, creditLimit: string = '0'): string {
  return requireDecimal(position.balance, 'balance')
    .minus(position.reserve)
    .minus(position.merchantReserve)
    .minus(position.pendingAuthorization)
    .plus(requireDecimal(creditLimit, 'creditLimit'))
    .toFixed();
}

/**
 * True when debiting `amount` keeps the wallet within what its credit allows.
 *
 * @example canDebit({ balance: '100', reserve: '0', merchantReserve: '0', openPosition: '0', pendingAuthorization: '0' }, '150', '50') // true
 * @internal
 */
export function canDebit(position: WalletPosition, amount: string, creditLimit: string = '0'): boolean {
  return new Dec(availableToSpend(position, creditLimit)).gte(requireDecimal(amount, 'amount'));
}
