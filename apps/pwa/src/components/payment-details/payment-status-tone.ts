import type { PaymentStatus, StatusTone } from '@corridor/domain';

/**
 * Tag colour of a payment status, in the colours of spec 4's status tags: waiting on someone is yellow,
 * with the bank blue, done green, refused or failed red, drafts and cancellations gray.
 */
export const PAYMENT_STATUS_TONE: Readonly<Record<PaymentStatus, StatusTone>> = {
  DRAFTED: 'gray',
  INITIATED: 'yellow',
  PROCESSING: 'blue',
  COMPLETED: 'green',
  CANCELLED: 'gray',
  REJECTED: 'red',
  FAILED: 'red',
};

export const TONE_CLASSES: Readonly<Record<StatusTone, string>> = {
  gray: 'border-transparent bg-muted text-muted-foreground',
  yellow: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  blue: 'border-transparent bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100',
  green: 'border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  red: 'border-transparent bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
};

/** The dot of a timeline step, same colour family as the tag. */
export const TONE_DOT: Readonly<Record<StatusTone, string>> = {
  gray: 'bg-muted-foreground',
  yellow: 'bg-amber-500',
  blue: 'bg-sky-600',
  green: 'bg-emerald-600',
  red: 'bg-red-600',
};
