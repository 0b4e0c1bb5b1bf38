import { z } from 'zod';
import { startOfDay, toCalendarDate } from '@corridor/domain';

/**
 * dd/MM/yyyy as typed, or null when it is not a real calendar date.
 * @internal used by its tests
 */
export function parseShownDate(text: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/**
 * The extra-details form of a cancellation (spec 1 section 5): 'Reason (required)' and 'Cancellation Date'
 * both required; the date, dd/MM/yyyy, between the start of the payment's day and now. Dates are compared
 * as calendar days in the user's time zone, so today is always allowed.
 */
export function cancelDetailsSchema(createdAt: string, now: Date, timeZone: string) {
  const first = toCalendarDate(new Date(startOfDay(createdAt, timeZone)), timeZone);
  const last = toCalendarDate(now, timeZone);
  return z.object({
    reason: z.string().trim().min(1, 'paymentList.modal.errors.required'),
    cancellationDate: z
      .string()
      .min(1, 'paymentList.modal.errors.required')
      .refine((v) => parseShownDate(v) !== null, 'paymentList.modal.errors.invalidDate')
      .refine((v) => {
        const d = parseShownDate(v);
        if (!d) return true;
        const iso = `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
        return iso >= first && iso <= last;
      }, 'paymentList.modal.errors.outOfRange'),
  });
}

/** A dd/MM/yyyy date as the wire's yyyy-MM-dd. */
export function toWireDate(shown: string): string {
  const d = parseShownDate(shown);
  if (!d) throw new Error('Invalid date format');
  return `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** The reject variant of the modal: a reason only. */
export const reasonOnlySchema = z.object({ reason: z.string().trim().min(1, 'paymentList.modal.errors.required'), cancellationDate: z.string() });
