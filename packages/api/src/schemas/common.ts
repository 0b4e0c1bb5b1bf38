import { z } from 'zod';
import type { ErrorBody } from '../wire/error-body.ts';
import { SORT_TOKEN_PATTERN } from '../wire/sort-token.ts';

/** Decimal amounts and rates travel as strings, never binary floats (ARCHITECTURE 2). */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number written as a string, e.g. "1234.50"');

/**
 * Money columns are numeric(24, 8): 16 digits before the point and 8 after. An amount a caller sends
 * is held to that before it reaches a service, so it can never overflow a column; the currency's own
 * decimals are checked by the server against the reference data.
 */
export const MONEY_INTEGER_DIGITS = 16;
export const MONEY_MAX_DECIMALS = 8;

const fitsMoneyColumns = (value: string): boolean => {
  const [whole = '', fraction = ''] = value.replace(/^-/, '').split('.');
  return whole.replace(/^0+(?=\d)/, '').length <= MONEY_INTEGER_DIGITS && fraction.length <= MONEY_MAX_DECIMALS;
};
const moneyBoundsMessage = `must have at most ${MONEY_INTEGER_DIGITS} digits before the decimal point and ${MONEY_MAX_DECIMALS} after it`;

/** An amount a caller sends (limits, thresholds): a decimal string that fits the money columns. */
export const amountString = decimalString.refine(fitsMoneyColumns, moneyBoundsMessage);

/** An amount a caller asks to move or grant: a decimal string above zero (no sign, no exponent). */
export const positiveDecimalString = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'must be a decimal number written as a string, e.g. "1234.50"')
  .refine((value) => /[1-9]/.test(value), 'must be more than zero')
  .refine(fitsMoneyColumns, moneyBoundsMessage);

export const money = z.object({ amount: decimalString, currency: z.string().length(3) });

/** Amount with its equivalents (part B, "Amount object"). */
export const amountObject = z.object({
  amount: amountString,
  currency: z.string().length(3),
  amountACEQ: decimalString.optional(),
  currencyACEQ: z.string().length(3).optional(),
  amountLCEQ: decimalString.optional(),
  currencyLCEQ: z.string().length(3).optional(),
  amountUSDEQ: decimalString.optional(),
});

/** Business dates: the database keeps years 1 to 294276, a payment product far less (no year 0). */
const SANE_DATE_MIN = '1900-01-01';
const SANE_DATE_MAX = '9999-12-31';
const saneDateMessage = `must be between ${SANE_DATE_MIN} and ${SANE_DATE_MAX}`;
const saneDate = (value: string): boolean => {
  const day = value.slice(0, 10);
  if (day < SANE_DATE_MIN || day > SANE_DATE_MAX) return false;
  // A real calendar day (no 30 February rolling into March) and, with a time, a real instant.
  const midnight = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(midnight.getTime()) && midnight.toISOString().slice(0, 10) === day && !Number.isNaN(Date.parse(value));
};

export const isoDate = z.iso.date().refine(saneDate, saneDateMessage);
export const isoDateTime = z.iso.datetime({ offset: true });
export const id = z.string().min(1);

/**
 * A list-valued query field: accepts repeated keys (`?a=x&a=y`) and comma-separated values (`?a=x,y`).
 * Typed on the way in as a string or a string array, so clients and OpenAPI see what is accepted.
 */
function listOf<T extends z.ZodType<string, string>>(item: T) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => {
      if (v === undefined) return undefined;
      const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => x.split(',')).filter((x) => x !== '');
      return parts.length === 0 ? undefined : parts;
    })
    .pipe(z.array(item).optional());
}

export const stringList = listOf(z.string());

/** A list-valued query field of known values: an unknown one is a 400 naming the field, not an empty page. */
export const enumList = <const T extends readonly [string, ...string[]]>(values: T) => listOf(z.enum(values));

/** A list of currency codes (three capital letters each). */
export const currencyList = listOf(z.string().regex(/^[A-Z]{3}$/, 'must be three-letter currency codes, e.g. USD'));

/**
 * A repeatable query field whose values contain commas themselves (sort tokens `field,ASC,ignorecase`):
 * only repeated keys make a list.
 */
function repeatedOf<T extends z.ZodType<string, string>>(item: T) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => {
      if (v === undefined) return undefined;
      const parts = (Array.isArray(v) ? v : [v]).filter((x) => x !== '');
      return parts.length === 0 ? undefined : parts;
    })
    .pipe(z.array(item).optional());
}

/** `true`/`false` in a query string (a boolean is accepted too). */
export const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === true || v === 'true'));

export const queryInt = z.coerce.number().int();

/**
 * Sort tokens `field,ASC,ignorecase` (shell, section 9; the rules are in wire/sort-token.ts); repeatable.
 * @internal
 */
export const sortToken = z.string().regex(SORT_TOKEN_PATTERN, 'must look like field,ASC,ignorecase');

/** Longest cursor a list accepts: a page's last sort key values and id, base64url. */
const CURSOR_MAX_LENGTH = 512;

/**
 * Paging of every list call: page is 0-based. `cursor` is the `nextCursor` of the previous answer (keyset
 * paging: the next page starts after that answer's last row, at any depth, without skipping rows); it is
 * opaque, and a list refuses one it did not give for the same sort (400 naming `cursor`).
 */
export const paging = {
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(10000).default(10),
  sort: repeatedOf(sortToken),
  cursor: z
    .string()
    .min(1, 'must not be empty')
    .max(CURSOR_MAX_LENGTH, `must be at most ${CURSOR_MAX_LENGTH} characters`)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII (the nextCursor of the previous page)')
    .optional(),
};

/**
 * How exact a page's `totalElements` is: a list that can grow large counts at most 10,000 rows past the
 * page, and past that answers `atLeast` (the total is a lower bound, there is no known last page). Absent
 * means exact.
 */
const totalKind = z.enum(['exact', 'atLeast']);
export type TotalKind = z.infer<typeof totalKind>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    /** Where the next page starts (send it back as `cursor`); absent on the last page and on lists that page by number only. */
    nextCursor: z.string().optional(),
    totalKind: totalKind.optional(),
  });
}
export interface Page<T> {
  content: T[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
  nextCursor?: string | undefined;
  totalKind?: TotalKind | undefined;
}

/** Every non-2xx answer (shell, section 3 and 8). */
export const errorBody = z.object({
  code: z.string(),
  message: z.string(),
  invalidParameters: z.array(z.object({ parameter: z.string(), message: z.string() })),
  traceId: z.string(),
}) satisfies z.ZodType<ErrorBody>;

export const noContent = z.undefined();
export const binary = z.instanceof(Uint8Array);

/** Path parameters: every placeholder is a non-empty string. */
export function pathParams<const K extends string>(...names: K[]) {
  const shape = {} as Record<K, z.ZodString>;
  for (const name of names) shape[name] = z.string().min(1, `${name} is required`);
  return z.object(shape);
}

/** Simple outcome of a command with no entity to return (refreshes, notifications, resets). */
export const accepted = z.object({
  status: z.string(),
  message: z.string().optional(),
  affected: z.number().int().optional(),
});

/** Audit fields carried by every stored record. */
export const audit = {
  createdAt: isoDateTime.optional(),
  updatedAt: isoDateTime.nullable().optional(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
};

/** A date (`yyyy-MM-dd`) or timestamp in a query string. */
export const queryDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'must be an ISO date')
  .refine(saneDate, saneDateMessage);
