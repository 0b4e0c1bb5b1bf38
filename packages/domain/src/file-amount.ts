import { Dec, writtenDecimals } from './money.ts';

/**
 * The one way an amount (or a rate) is written in a file Corridor reads: ASCII digits, then
 * optionally a dot and more digits. No thousands separators, no comma for decimals, no spaces
 * inside, no exponent, and no sign unless the reader allows a minus.
 *
 * One rule because a file has no locale: "12,50" is 12.50 to one author and 1250 to another, and
 * guessing paid 1,250 instead of 12.50. A value the rule does not read is refused, never guessed.
 */
export const FILE_AMOUNT_RULE = 'use a dot for decimals and no thousands separators, e.g. 1250.50';

/** Why a file's amount was refused. */
type FileAmountProblem =
  /** The cell is empty. */
  | 'required'
  /** Not written as {@link FILE_AMOUNT_RULE} says. */
  | 'notAmount'
  /** More decimals written than allowed (a currency's dp): refused, never rounded. */
  | 'tooManyDecimals';

export type FileAmount = { ok: true; value: string } | { ok: false; problem: FileAmountProblem };

export interface FileAmountOptions {
  /** Most decimals allowed, e.g. the currency's dp; no limit when undefined. */
  decimals?: number | undefined;
  /** A leading minus is read (a signed figure); otherwise any sign is refused. */
  signed?: boolean;
}

const UNSIGNED = /^\d+(\.\d+)?$/;
const SIGNED = /^-?\d+(\.\d+)?$/;

/**
 * Reads an amount from a file cell under {@link FILE_AMOUNT_RULE}: the plain decimal string it
 * holds (leading zeros and trailing fraction zeros dropped), or why it was refused. Spaces around
 * the value are a cell's padding and are ignored; nothing else is cleaned up.
 *
 * @example readFileAmount('1250.50', { decimals: 2 }) // { ok: true, value: '1250.5' }
 * @example readFileAmount('12,50', { decimals: 2 }) // { ok: false, problem: 'notAmount' }
 * @example readFileAmount('12.345', { decimals: 2 }) // { ok: false, problem: 'tooManyDecimals' }
 */
export function readFileAmount(text: string | null | undefined, options: FileAmountOptions = {}): FileAmount {
  const trimmed = (text ?? '').replace(/^[ \t]+|[ \t]+$/g, '');
  if (trimmed === '') return { ok: false, problem: 'required' };
  if (!(options.signed ? SIGNED : UNSIGNED).test(trimmed)) return { ok: false, problem: 'notAmount' };
  // Decimals are counted as written, trailing zeros too: the rule is the one a user reads
  // ("USD amounts have at most 2 decimals"), with no exception to explain.
  const decimals = writtenDecimals(trimmed);
  if (options.decimals !== undefined && decimals > options.decimals) return { ok: false, problem: 'tooManyDecimals' };
  const value = new Dec(trimmed);
  return { ok: true, value: value.isZero() ? '0' : value.toFixed() };
}
