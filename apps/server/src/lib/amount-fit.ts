import { eq, sql } from 'drizzle-orm';
import { MONEY_INTEGER_DIGITS, MONEY_MAX_DECIMALS } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { currencies } from '../db/schema.ts';
import { statement } from '../db/statement.ts';
import { AppError, type InvalidParameter } from '../errors.ts';

/** A currency's decimals: every booked amount reads them, so the statement is built once. */
const currencyDpOf = statement((q) =>
  q
    .select({ dp: currencies.dp })
    .from(currencies)
    .where(eq(currencies.code, sql.placeholder('code'))),
);

/**
 * Why `amount` cannot be booked in `currencyCode`, or null when it can: more digits than the money
 * columns hold, or more decimals than the currency has (reference data, `currencies.dp`). An amount is
 * refused rather than rounded: a client that sends 1.005 USD must learn that it asked for what cannot
 * be paid. Trailing zeros are not decimals (10.50 USD, 100.00 JPY are fine). An unknown currency is
 * the caller's own check to make (each service names it against the wallet's currency).
 */
export async function amountProblem(db: Db, amount: string, currencyCode: string, parameter: string): Promise<InvalidParameter | null> {
  const shape = shapeProblem(amount, parameter);
  if (shape) return shape;
  const [currency] = await currencyDpOf(db, { code: currencyCode });
  return decimalsProblem(amount, currency?.dp, currencyCode, parameter);
}

/**
 * `amountProblem` for a caller that read the currency's decimals already (with its other inputs, in
 * one statement): undefined decimals (an unknown currency) leave that check to the caller, as there.
 */
function amountProblemIn(amount: string, dp: number | undefined, currencyCode: string, parameter: string): InvalidParameter | null {
  return shapeProblem(amount, parameter) ?? decimalsProblem(amount, dp, currencyCode, parameter);
}

function digitsOf(amount: string): { integerDigits: number; decimals: number } | null {
  const [whole = '', fraction = ''] = amount.replace(/^[-+]/, '').split('.');
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction)) return null;
  return { integerDigits: whole.replace(/^0+/, '').length, decimals: fraction.replace(/0+$/, '').length };
}

function shapeProblem(amount: string, parameter: string): InvalidParameter | null {
  const digits = digitsOf(amount);
  if (!digits) return { parameter, message: 'must be a decimal number' };
  if (digits.integerDigits > MONEY_INTEGER_DIGITS) {
    return { parameter, message: `must have at most ${MONEY_INTEGER_DIGITS} digits before the decimal point` };
  }
  if (digits.decimals > MONEY_MAX_DECIMALS) return { parameter, message: `must have at most ${MONEY_MAX_DECIMALS} decimals` };
  return null;
}

function decimalsProblem(amount: string, dp: number | undefined, currencyCode: string, parameter: string): InvalidParameter | null {
  const decimals = digitsOf(amount)?.decimals ?? 0;
  if (dp === undefined || decimals <= dp) return null;
  return { parameter, message: dp === 0 ? `must be a whole number of ${currencyCode}` : `must have at most ${dp} decimals in ${currencyCode}` };
}

/** Refuses (400 naming `parameter`) an amount that cannot be booked in its currency; see `amountProblem`. */
export async function assertAmountFits(db: Db, amount: string, currencyCode: string, parameter: string): Promise<void> {
  refuse(await amountProblem(db, amount, currencyCode, parameter));
}

/** `assertAmountFits` with the currency's decimals read already (`amountProblemIn`). */
export function assertAmountFitsIn(amount: string, dp: number | undefined, currencyCode: string, parameter: string): void {
  refuse(amountProblemIn(amount, dp, currencyCode, parameter));
}

function refuse(problem: InvalidParameter | null): void {
  if (problem) throw new AppError('VALIDATION_FAILED', undefined, [problem]);
}
