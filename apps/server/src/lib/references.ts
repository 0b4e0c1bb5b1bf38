import { v7 as uuidv7 } from 'uuid';

/** The UTC day of an instant as yyyyMMdd: the day part of the references people read and quote. */
export function compactDay(now: Date): string {
  return now.toISOString().slice(0, 10).replace(/-/g, '');
}

/** `length` (at most 12) upper-case hex characters from the random end of a fresh uuidv7. */
export function randomTail(length: number): string {
  return uuidv7().slice(-length).toUpperCase();
}

/** A reference of the form PREFIX-yyyyMMdd-TAIL: readable, dated, and with a random tail so two never clash. */
export function dayReference(prefix: string, now: Date, tailLength: number): string {
  return `${prefix}-${compactDay(now)}-${randomTail(tailLength)}`;
}
