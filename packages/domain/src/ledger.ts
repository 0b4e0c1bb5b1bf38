import { Dec, normaliseDp, requireDecimal } from './money.ts';
import type { DecimalValue } from './money.ts';

/**
 * A voucher line (spec 3: "accountName, accountCode, accountCcyCode, rate, debitORCredit (D or
 * C), amountInFC, amountInLC, description1, description2"). Amounts are decimal strings; the
 * local-currency (LC) amount is amountInFC x rate when not given.
 */
export interface VoucherLineInput {
  accountCode: string;
  accountName?: string;
  accountCcyCode: string;
  rate: string;
  debitORCredit: 'D' | 'C';
  amountInFC: string;
  amountInLC?: string;
  description1?: string;
  description2?: string;
}

/** A voucher line with its local-currency amount fixed. */
export interface VoucherLine extends VoucherLineInput {
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

function lineLc(line: VoucherLineInput, lcDp: number): DecimalValue {
  if (line.amountInLC !== undefined) return requireDecimal(line.amountInLC, 'amountInLC');
  return requireDecimal(line.amountInFC, 'amountInFC')
    .times(requireDecimal(line.rate, 'rate'))
    .toDecimalPlaces(normaliseDp(lcDp));
}

/**
 * Debit and credit totals of voucher lines in local currency.
 *
 * @example voucherTotals([{ accountCode: '1', accountCcyCode: 'USD', rate: '1', debitORCredit: 'D', amountInFC: '10' },
 *   { accountCode: '2', accountCcyCode: 'USD', rate: '1', debitORCredit: 'C', amountInFC: '10' }])
 *   // { debit: '10', credit: '10' }
 */
export function voucherTotals(
  lines: readonly VoucherLineInput[],
  lcDp: number = DEFAULT_LC_DP,
): { debit: string; credit: string } {
  let debit = new Dec(0);
  let credit = new Dec(0);
  for (const line of lines) {
    const lc = lineLc(line, lcDp);
    if (line.debitORCredit === 'D') debit = debit.plus(lc);
    else credit = credit.plus(lc);
  }
  return { debit: debit.toFixed(), credit: credit.toFixed() };
}

/**
 * True when the lines balance: "each voucher balances in local currency" (ARCHITECTURE 3),
 * i.e. the sum of debits in LC equals the sum of credits in LC.
 */
export function voucherBalances(lines: readonly VoucherLineInput[], lcDp: number = DEFAULT_LC_DP): boolean {
  const { debit, credit } = voucherTotals(lines, lcDp);
  return new Dec(debit).eq(credit);
}

/**
 * Builds a voucher, refusing input the ledger must never hold: no lines, a negative or zero
 * amount, or debits that do not equal credits in local currency.
 *
 * @example buildVoucher({ voucherNo: 'V-1', voucherDate: '2026-11-22', lines: [
 *   { accountCode: '100', accountCcyCode: 'EUR', rate: '1.1', debitORCredit: 'D', amountInFC: '100' },
 *   { accountCode: '200', accountCcyCode: 'USD', rate: '1', debitORCredit: 'C', amountInFC: '110' }] })
 *   // totals debit '110.00' = credit '110.00'
 */
export function buildVoucher(input: {
  voucherNo: string;
  voucherDate: string;
  branchName?: string | null;
  status?: string;
  lines: readonly VoucherLineInput[];
  lcDp?: number;
}): Voucher {
  const lcDp = normaliseDp(input.lcDp ?? DEFAULT_LC_DP);
  if (input.lines.length < 2) throw new Error('A voucher needs at least one debit and one credit line');
  const lines: VoucherLine[] = input.lines.map((line) => {
    const fc = requireDecimal(line.amountInFC, 'amountInFC');
    const lc = lineLc(line, lcDp);
    if (fc.lte(0) || lc.lte(0)) {
      throw new Error(`Voucher line amounts must be positive (account ${line.accountCode})`);
    }
    return { ...line, amountInLC: lc.toFixed(lcDp) };
  });
  const { debit, credit } = voucherTotals(lines, lcDp);
  if (!new Dec(debit).eq(credit)) {
    throw new Error(`Voucher ${input.voucherNo} does not balance: debit ${debit}, credit ${credit}`);
  }
  return {
    voucherNo: input.voucherNo,
    voucherDate: input.voucherDate,
    branchName: input.branchName ?? null,
    status: input.status ?? 'POSTED',
    totalDebitAmountInLc: new Dec(debit).toFixed(lcDp),
    totalCreditAmountInLc: new Dec(credit).toFixed(lcDp),
    voucherDetails: lines,
  };
}

/** The position buckets a posting can move (spec 3 "Wallet position"). */
export const POSITION_BUCKETS = [
  'balance',
  'reserve',
  'merchantReserve',
  'openPosition',
  'pendingAuthorization',
] as const;
export type PositionBucket = (typeof POSITION_BUCKETS)[number];

/**
 * A posting to a wallet bucket. A wallet is what the institution owes its holder, so a credit
 * raises the bucket and a debit lowers it.
 */
export interface Posting {
  walletId: string;
  bucket: PositionBucket;
  direction: 'D' | 'C';
  amount: string;
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
    wallet[posting.bucket] =
      posting.direction === 'C' ? wallet[posting.bucket].plus(amount) : wallet[posting.bucket].minus(amount);
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
 */
export function canDebit(position: WalletPosition, amount: string, creditLimit: string = '0'): boolean {
  return new Dec(availableToSpend(position, creditLimit)).gte(requireDecimal(amount, 'amount'));
}
