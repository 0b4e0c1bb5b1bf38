import { eq, sql } from 'drizzle-orm';
import { MONEY_INTEGER_DIGITS, MONEY_MAX_DECIMALS } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { currencies } from '../db/schema.ts';
import { statement } from '../db/statement.ts';
import { AppError, type InvalidParameter } from '../errors.ts';

/** A currency's decimals: every booked amount reads them, so the statement is built once. */
const decimalsOf = statement((q) =>
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
  const [whole = '', fraction = ''] = amount.replace(/^[-+]/, '').split('.');
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction)) return { parameter, message: 'must be a decimal number' };
  const integerDigits = whole.replace(/^0+/, '').length;
  const decimals = fraction.replace(/0+$/, '').length;
  if (integerDigits > MONEY_INTEGER_DIGITS) {
    return { parameter, message: `must have at most ${MONEY_INTEGER_DIGITS} digits before the decimal point` };
  }
  if (decimals > MONEY_MAX_DECIMALS) return { parameter, message: `must have at most ${MONEY_MAX_DECIMALS} decimals` };
  const [currency] = await decimalsOf(db, { code: currencyCode });
  if (currency && decimals > currency.dp) {
    return {
      parameter,
      message: currency.dp === 0 ? `must be a whole number of ${currencyCode}` : `must have at most ${currency.dp} decimals in ${currencyCode}`,
    };
  }
  return null;
}

/** Refuses (400 naming `parameter`) an amount that cannot be booked in its currency; see `amountProblem`. */
export async function assertAmountFits(db: Db, amount: string, currencyCode: string, parameter: string): Promise<void> {
  const problem = await amountProblem(db, amount, currencyCode, parameter);
  if (problem) throw new AppError('VALIDATION_FAILED', undefined, [problem]);
}
