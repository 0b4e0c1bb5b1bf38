import { INVALID_DATE_FORMAT, MS_PER_HOUR, MS_PER_MINUTE, MS_PER_SECOND } from './dates.ts';
import { toDecimal } from './money.ts';

/** Spec 9: "Quote long-dated threshold 86,400,000 ms". */
export const QUOTE_LONG_DATED_MS = 86_400_000;
/** Spec 4: "A one-second countdown". */
export const QUOTE_COUNTDOWN_TICK_MS = 1000;
/** Spec 4: the countdown message key. */
export const QUOTE_EXPIRE_MESSAGE_KEY = 'transaction.status.quoteExpire';
/** Spec 4: "the tag switches to transaction.status.quoteExpired". */
export const QUOTE_EXPIRED_TAG_KEY = 'transaction.status.quoteExpired';

function expiryMs(expireAt: string): number {
  const ms = Date.parse(expireAt);
  if (Number.isNaN(ms)) throw new Error(INVALID_DATE_FORMAT);
  return ms;
}

/** The quote countdown: two digits each (spec 9 "Countdown numbers 2 digits"). */
export interface QuoteCountdown {
  hours: string;
  minutes: string;
  seconds: string;
  expired: boolean;
}

const twoDigits = (n: number): string => String(n).padStart(2, '0');

/**
 * Time left on a quote (spec 4: "A one-second countdown shows hours, minutes and seconds left
 * ... At zero the quote is reported invalid"). Floored, never negative; expired when
 * now >= expireAt. Hours past 99 keep all their digits.
 *
 * @example quoteCountdown('2026-11-22T03:00:00Z', new Date('2026-11-22T01:58:59.500Z'))
 *   // { hours: '01', minutes: '01', seconds: '00', expired: false }
 */
export function quoteCountdown(expireAt: string, now: Date): QuoteCountdown {
  const left = Math.max(0, expiryMs(expireAt) - now.getTime());
  return {
    hours: twoDigits(Math.floor(left / MS_PER_HOUR)),
    minutes: twoDigits(Math.floor((left % MS_PER_HOUR) / MS_PER_MINUTE)),
    seconds: twoDigits(Math.floor((left % MS_PER_MINUTE) / MS_PER_SECOND)),
    expired: left === 0,
  };
}

/** Whether the negotiate button shows, and whether it can be pressed. */
export type NegotiateState = 'hidden' | 'disabled' | 'enabled';

/**
 * Negotiate button (spec 4): "If expiry is more than 1 day away the negotiate button is hidden.
 * Otherwise it is shown but disabled while the quote is not expired."
 *
 * @example negotiateState('2026-11-24T00:00:00Z', new Date('2026-11-22T00:00:00Z')) // 'hidden'
 * @example negotiateState('2026-11-22T00:01:00Z', new Date('2026-11-22T00:00:00Z')) // 'disabled'
 */
export function negotiateState(expireAt: string, now: Date): NegotiateState {
  const left = expiryMs(expireAt) - now.getTime();
  if (left > QUOTE_LONG_DATED_MS) return 'hidden';
  return left > 0 ? 'disabled' : 'enabled';
}

/** True when a quote's expiry is more than a day away (spec 9 long-dated threshold). */
export function isLongDatedQuote(expireAt: string, now: Date): boolean {
  return expiryMs(expireAt) - now.getTime() > QUOTE_LONG_DATED_MS;
}

/** Spec 4: fee values are keyed OUR, BEN, REBATE and FX_PREMIUM when a TSP saves edited fees. */
export const EDITABLE_FEE_KEYS = ['OUR', 'BEN', 'REBATE', 'FX_PREMIUM'] as const;
export type EditableFeeKey = (typeof EDITABLE_FEE_KEYS)[number];

/**
 * Body of a fee edit save (spec 4 "Saving sends the numeric fee values keyed OUR, BEN, REBATE
 * and FX_PREMIUM"; spec 5 "only values that are numbers are sent on save"), as decimal strings.
 *
 * @example feeEditPayload({ OUR: '12.5', BEN: '', REBATE: 'abc', FX_PREMIUM: 3 }) // { OUR: '12.5', FX_PREMIUM: '3' }
 */
export function feeEditPayload(values: Partial<Record<EditableFeeKey, string | number | null | undefined>>): Partial<Record<EditableFeeKey, string>> {
  const payload: Partial<Record<EditableFeeKey, string>> = {};
  for (const key of EDITABLE_FEE_KEYS) {
    const value = toDecimal(values[key]);
    if (value !== null) payload[key] = value.toFixed();
  }
  return payload;
}

/** Payment roles (spec 6: "payment roles MSP and TSP"). */
export type PaymentRole = 'MSP' | 'TSP';

/** Spec 6: "Only TSP can edit fees"; spec 4: "Only a TSP can enter fee edit mode". */
export function canEditFees(role: PaymentRole): boolean {
  return role === 'TSP';
}

/** Spec 6: "The rebate label is 'Rebate Receivables' for MSP and 'Rebate Payables' otherwise". */
export function rebateLabel(role: PaymentRole): 'Rebate Receivables' | 'Rebate Payables' {
  return role === 'MSP' ? 'Rebate Receivables' : 'Rebate Payables';
}
