import { isTransactionCategory, startOfDay, toCalendarDate, transactionTransition, type TransactionStatus } from '@corridor/domain';
import type { CancellationWindow } from '@corridor/state-machines';

/**
 * Whether the merchant may ask to cancel a transaction: a TSP on either side could still cancel it from
 * its status (the server's own rule, read from the one transition table), and no request is open already.
 */
export function canRequestCancel(category: string, status: TransactionStatus, cancellation: { status: string } | null): boolean {
  if (cancellation?.status === 'REQUESTED') return false;
  if (!isTransactionCategory(category)) return false;
  return (['SOURCE_TSP', 'TARGET_TSP'] as const).some((actor) => transactionTransition(category, status, 'cancel', actor) !== null);
}

/** The days a cancellation date may take (spec 1 section 5): the transaction's day, from its start, to today. */
export function cancellationWindow(createdAt: string, now: Date, timeZone: string): CancellationWindow {
  return { from: toCalendarDate(new Date(startOfDay(createdAt, timeZone)), timeZone), to: toCalendarDate(now, timeZone) };
}
