import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db, Tx } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { readPage } from '../http/paging.ts';
import type { Tenant } from '../tenant/tenant.ts';
import { paymentFailures, payments } from './payment-schema.ts';

// The failure log: every step of a payment that failed (a send the bank did not take, a refusal), written where
// the step fails and read by operations.

export interface PaymentFailure {
  paymentId: string;
  step: string;
  errorCode: string;
  message: string;
  retried?: boolean;
  occurredAt: Date;
}

/** One row of the failure log, in the caller's transaction. */
export async function recordPaymentFailure(tx: Tx, failure: PaymentFailure): Promise<void> {
  await tx.insert(paymentFailures).values({ id: uuidv7(), ...failure });
}

export interface FailureLogQuery {
  paymentId?: string | undefined;
  errorCode?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  page: number;
  size: number;
}

function dayStart(value: string, parameter: string): Date {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) throw new AppError('VALIDATION_FAILED', undefined, [{ parameter, message: 'must be a date (YYYY-MM-DD) or a date-time' }]);
  // PostgreSQL has no year 0 and JavaScript does: keep to the sane window every other date filter takes.
  const year = date.getUTCFullYear();
  if (year < 1900 || year > 9999) throw new AppError('VALIDATION_FAILED', undefined, [{ parameter, message: 'must be between 1900-01-01 and 9999-12-31' }]);
  return date;
}
/** The failure log, newest first; a date-only toDate includes that whole day. */
export async function failureLog(db: Db, _tenant: Tenant | null, query: FailureLogQuery) {
  const where: SQL[] = [];
  if (query.paymentId) {
    const [payment] = await db.select({ id: payments.id }).from(payments).where(eq(payments.paymentId, query.paymentId));
    where.push(eq(paymentFailures.paymentId, payment?.id ?? query.paymentId));
  }
  if (query.errorCode) where.push(eq(paymentFailures.errorCode, query.errorCode));
  if (query.fromDate) where.push(gte(paymentFailures.occurredAt, dayStart(query.fromDate, 'fromDate')));
  if (query.toDate) {
    const end = dayStart(query.toDate, 'toDate');
    where.push(lt(paymentFailures.occurredAt, /^\d{4}-\d{2}-\d{2}$/.test(query.toDate) ? new Date(end.getTime() + 86_400_000) : end));
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const page = await readPage(
    query,
    db
      .select({ failure: paymentFailures, reference: payments.paymentId })
      .from(paymentFailures)
      .innerJoin(payments, eq(payments.id, paymentFailures.paymentId))
      .where(condition)
      .orderBy(desc(paymentFailures.occurredAt), desc(paymentFailures.id)),
    db.select({ n: count() }).from(paymentFailures).where(condition),
  );
  return {
    ...page,
    content: page.content.map(({ failure, reference }) => ({
      id: failure.id,
      paymentId: reference,
      step: failure.step,
      errorCode: failure.errorCode,
      message: failure.message,
      occurredAt: failure.occurredAt.toISOString(),
      retried: failure.retried,
    })),
  };
}
