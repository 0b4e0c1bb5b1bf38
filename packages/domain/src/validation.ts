import { startOfDay, toInstant } from './dates.ts';
import type { DateInput } from './dates.ts';
import { toDecimal } from './money.ts';
import { isBlank } from './login-validation.ts';

// ---------------------------------------------------------------- change password (spec 5)

/** Spec 5 change-password messages, word for word. */
export const CURRENT_PASSWORD_REQUIRED = 'Please input your current password!';
export const NEW_PASSWORD_POLICY = 'Your Password must be minimum 8 characters, one uppercase letter and one number';
export const CONFIRM_PASSWORD_REQUIRED = 'Please confirm your password!';
export const PASSWORD_MISMATCH = 'Password is incorrect!';
/** Spec 5: "minimum 8 characters". */
const PASSWORD_MIN_LENGTH = 8;

/**
 * New password rule (spec 5): "minimum 8 characters, at least one uppercase letter and one
 * digit". Returns the spec's message or null.
 *
 * @example validateNewPassword('Corridor2026') // null
 * @example validateNewPassword('corridor2026') // 'Your Password must be minimum 8 characters, one uppercase letter and one number'
 */
export function validateNewPassword(password: string): string | null {
  const ok = typeof password === 'string' && [...password].length >= PASSWORD_MIN_LENGTH && /[A-Z]/.test(password) && /\d/.test(password);
  return ok ? null : NEW_PASSWORD_POLICY;
}

export interface ChangePasswordErrors {
  current?: string;
  newPassword?: string;
  confirm?: string;
}

/**
 * The change-password form (spec 5): current required, new password by policy, confirm
 * required and equal to the new one. Only invalid fields appear in the result.
 *
 * @example validateChangePassword({ current: '', newPassword: 'Corridor2026', confirm: 'x' })
 *   // { current: 'Please input your current password!', confirm: 'Password is incorrect!' }
 */
export function validateChangePassword(form: { current: string; newPassword: string; confirm: string }): ChangePasswordErrors {
  const errors: ChangePasswordErrors = {};
  if (form.current === '' || form.current === null || form.current === undefined) {
    errors.current = CURRENT_PASSWORD_REQUIRED;
  }
  const policy = validateNewPassword(form.newPassword);
  if (policy !== null) errors.newPassword = policy;
  if (form.confirm === '' || form.confirm === null || form.confirm === undefined) {
    errors.confirm = CONFIRM_PASSWORD_REQUIRED;
  } else if (form.confirm !== form.newPassword) {
    errors.confirm = PASSWORD_MISMATCH;
  }
  return errors;
}

// ---------------------------------------------------------------- amounts (spec 5)

/** Spec 5: the amount-with-currency error. */
const AMOUNT_INVALID = 'invalid';

/**
 * Keeps what may be typed in an amount (spec 5: "only digits and a dot may be typed"):
 * digits and the first dot.
 *
 * @example sanitizeAmountInput('1,2a3.4.5') // '123.45'
 */
export function sanitizeAmountInput(text: string): string {
  const kept = text.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  return dot === -1 ? kept : kept.slice(0, dot + 1) + kept.slice(dot + 1).replace(/\./g, '');
}

/**
 * Amount-with-currency input (spec 5): "valid only with a non-zero amount and a currency, else
 * error 'invalid'"; numeric with minimum 0, digits and a dot only.
 *
 * @example validateAmountWithCurrency({ amount: '10.50', currency: 'EUR' }) // null
 * @example validateAmountWithCurrency({ amount: '0', currency: 'EUR' }) // 'invalid'
 * @internal
 */
export function validateAmountWithCurrency(
  value:
    | {
        amount?: string | number | null;
        currency?: string | null;
      }
    | null
    | undefined,
): typeof AMOUNT_INVALID | null {
  if (value === null || value === undefined || isBlank(value.currency)) return AMOUNT_INVALID;
  const { amount } = value;
  if (typeof amount === 'number') return Number.isFinite(amount) && amount > 0 ? null : AMOUNT_INVALID;
  const raw = (amount ?? '').trim();
  // Typed text may hold only digits and a dot (no sign, exponent or grouping).
  if (!/^(\d+\.?\d*|\.\d+)$/.test(raw)) return AMOUNT_INVALID;
  return toDecimal(raw)?.isZero() === false ? null : AMOUNT_INVALID;
}

/**
 * Spec 5: "the currency resets to the first allowed one if the current one is not in the list".
 *
 * @example pickAllowedCurrency('GBP', ['EUR', 'USD']) // 'EUR'
 * @internal
 */
export function pickAllowedCurrency(current: string | null | undefined, allowed: readonly string[]): string | null {
  if (current !== null && current !== undefined && allowed.includes(current)) return current;
  return allowed[0] ?? null;
}

/**
 * Spec 5: "the exchange-rate variant shows the paired currency when only two currencies are
 * offered".
 *
 * @example pairedCurrency('EUR', ['EUR', 'USD']) // 'USD'
 * @internal
 */
export function pairedCurrency(selected: string, offered: readonly string[]): string | null {
  if (offered.length !== 2 || !offered.includes(selected)) return null;
  return offered.find((c) => c !== selected) ?? null;
}

/** Spec 5 amount filter: "min and max amount both required". */
const AMOUNT_FILTER_REQUIRED = 'required';

interface AmountFilterErrors {
  min?: typeof AMOUNT_FILTER_REQUIRED;
  max?: typeof AMOUNT_FILTER_REQUIRED;
}

/**
 * Amount filter (spec 5): both bounds required and numeric.
 *
 * @example validateAmountFilter({ min: '10', max: '' }) // { max: 'required' }
 * @internal
 */
export function validateAmountFilter(form: { min?: string | number | null; max?: string | number | null }): AmountFilterErrors {
  const errors: AmountFilterErrors = {};
  if (toDecimal(form.min) === null) errors.min = AMOUNT_FILTER_REQUIRED;
  if (toDecimal(form.max) === null) errors.max = AMOUNT_FILTER_REQUIRED;
  return errors;
}

/**
 * Spec 5: "applying sends from and to". Throws when the filter is not valid.
 *
 * @example amountFilterQuery({ min: '10', max: 20 }) // { from: '10', to: '20' }
 * @internal
 */
export function amountFilterQuery(form: { min?: string | number | null; max?: string | number | null }): { from: string; to: string } {
  const min = toDecimal(form.min);
  const max = toDecimal(form.max);
  if (min === null || max === null) throw new Error('Amount filter needs both min and max');
  return { from: min.toFixed(), to: max.toFixed() };
}

/**
 * Fee edit inputs (spec 5: "Fee edit inputs numeric (placeholder 0.00)").
 *
 * @example isNumericInput('12.5') // true
 * @internal
 */
export function isNumericInput(value: string | number | null | undefined): boolean {
  return toDecimal(value) !== null;
}

// ---------------------------------------------------------------- extra details (spec 5)

/**
 * Spec 5: "the date must be between the transaction date (start of day) and now". A date-only
 * value (dd/MM/yyyy) counts from the start of that day in the user's zone.
 *
 * @example isCancellationDateAllowed('21/11/2026', '2026-11-21T15:00:00Z', new Date('2026-11-22T00:00:00Z'), 'UTC') // true
 * @internal
 */
export function isCancellationDateAllowed(date: DateInput, transactionDate: DateInput, now: Date, timeZone?: string | null): boolean {
  const at = toInstant(date, timeZone);
  return at >= startOfDay(transactionDate, timeZone) && at <= now.getTime();
}

// ---------------------------------------------------------------- comments (spec 5)

/** A comment as the thread shows it (spec 3). */
interface CommentLike {
  id?: string;
  content: string;
  createdBy: { id: string; name: string };
}

/** Error key of an empty comment. */
const COMMENT_REQUIRED = 'required';
/** Spec 5: "the creator's comment is marked '(You)'". */
const OWN_COMMENT_MARK = '(You)';

/**
 * Spec 5: "content required for new and edited comments".
 *
 * @example validateComment('  ') // 'required'
 * @internal
 */
export function validateComment(content: string | null | undefined): typeof COMMENT_REQUIRED | null {
  return isBlank(content) ? COMMENT_REQUIRED : null;
}

/**
 * Spec 5/6: "only the creator may edit or delete".
 * @internal
 */
export function canModifyComment(comment: CommentLike, userId: string | null | undefined): boolean {
  return userId !== null && userId !== undefined && comment.createdBy.id === userId;
}

/**
 * Author line of a comment: the creator's name, with ' (You)' for the current user.
 *
 * @example commentAuthorLabel({ content: 'x', createdBy: { id: 'u1', name: 'Ada' } }, 'u1') // 'Ada (You)'
 * @internal
 */
export function commentAuthorLabel(comment: CommentLike, userId: string | null | undefined): string {
  const name = comment.createdBy.name;
  return canModifyComment(comment, userId) ? `${name} ${OWN_COMMENT_MARK}` : name;
}

// ---------------------------------------------------------------- accounting codes (spec 5)

/**
 * The accounting code that cannot be combined with others.
 * @internal
 */
export const OPEN_POSITION_DEAL = 'OPEN_POSITION_DEAL';
/** Spec 5: "Selection containing OPEN_POSITION_DEAL must be alone". */
const OPEN_POSITION_DEAL_ALONE = 'OPEN_POSITION_DEAL must be alone';
/** Spec 5: "a code without currency gives error currencyRequired". */
const CURRENCY_REQUIRED = 'currencyRequired';

/**
 * Spec 5: "Selection containing OPEN_POSITION_DEAL must be alone".
 *
 * @example validateCodeSelection(['OPEN_POSITION_DEAL', 'FEES']) // 'OPEN_POSITION_DEAL must be alone'
 * @internal
 */
export function validateCodeSelection(codes: readonly string[]): typeof OPEN_POSITION_DEAL_ALONE | null {
  return codes.includes(OPEN_POSITION_DEAL) && codes.length > 1 ? OPEN_POSITION_DEAL_ALONE : null;
}

/**
 * Spec 5: "a code without currency gives error currencyRequired".
 *
 * @example validateCodeCurrency({ code: 'FEES', currency: '' }) // 'currencyRequired'
 * @internal
 */
export function validateCodeCurrency(entry: { code?: string | null; currency?: string | null }): typeof CURRENCY_REQUIRED | null {
  return !isBlank(entry.code) && isBlank(entry.currency) ? CURRENCY_REQUIRED : null;
}

// ---------------------------------------------------------------- selectors and filters (spec 5)

/** Spec 5: "Country select: an 'Any' option (empty code) added unless required". */
const ANY_COUNTRY = { code: '', name: 'Any' } as const;

/**
 * @example countrySelectOptions([{ code: 'AE', name: 'UAE' }], false) // [{ code: '', name: 'Any' }, { code: 'AE', name: 'UAE' }]
 * @internal
 */
export function countrySelectOptions<T extends { code: string; name: string }>(countries: readonly T[], required: boolean): (T | typeof ANY_COUNTRY)[] {
  return required ? [...countries] : [ANY_COUNTRY, ...countries];
}
