import { and, eq, gte, inArray, lte, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { approvalBody, approvalsFilter } from '@corridor/api';
import { approvalAction } from '@corridor/domain';
import { dayEndOf } from '../lib/day-range.ts';
import type { Db, Tx } from '../db/database.ts';
import { databaseOf, inTransaction } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { boundedCount, COUNT_LOOKAHEAD } from '../http/bounded-count.ts';
import { readPage } from '../http/paging.ts';
import type { Keyset } from '../http/keyset.ts';
import { currencyDecimals, heldInputs } from '../quotes/quote-service.ts';
import type { RateBook } from '../rates/rate-service.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { type Tenant } from '../tenant/tenant.ts';
import { approvalDto, transactionDto, transactionScope, type TransactionDto } from './transaction-dto.ts';
import { applyTransactionAction, bandThreshold, invalidTransition } from './transaction-lifecycle.ts';
import { actorOf, eventsMatching, invalid, visibleRow, type TransactionCaller } from './transaction-caller.ts';
import { transactionEvents, transactionsV2 } from './transaction-schema.ts';
import type { TransactionRow } from './transaction-types.ts';

// The sides' approval decisions on a transaction, and the list of them.

/** The approval band threshold of a TSP, held with the pricing state (global configuration, not read per approval). */
const heldBandThreshold = (db: Db, book: RateBook) => (tspId: string) => heldInputs(db, book, `approval-band|${tspId}`, () => bandThreshold(db, tspId));

/**
 * A side's decision (source-approval / target-approval calls). The caller's TSP must be that side's TSP
 * (403 naming transactionId otherwise); the table decides whether the status allows it (409 naming it).
 */
export async function decideTransaction(
  db: Db,
  book: RateBook,
  caller: TransactionCaller,
  id: string,
  side: 'SOURCE' | 'TARGET',
  body: z.output<typeof approvalBody>,
  now: Date,
): Promise<TransactionDto> {
  const tenant = caller.tenant;
  const dps = await currencyDecimals(db, book);
  // The row is found and locked in one statement (FOR UPDATE: concurrent decisions queue here, so exactly one takes effect).
  const decide = async (tx: Tx, closes: boolean): Promise<TransactionRow> => {
    const row = await visibleRow(tx, tenant, id, 'lock');
    if (!row) throw foreignId('transactionId', 'transaction', id);
    if (tenant?.kind !== 'serviceProvider') throw new AppError('FORBIDDEN');
    const sideTsp = side === 'SOURCE' ? row.serviceProviderId : (row.targetSpId ?? row.serviceProviderId);
    if (sideTsp !== tenant.serviceProviderId) {
      throw new AppError('FORBIDDEN', `Your organisation is not the ${side.toLowerCase()} side of transaction ${row.transactionId}`, [
        { parameter: 'transactionId', message: `your organisation is not its ${side.toLowerCase()} side` },
      ]);
    }
    const actor = await actorOf(tx, caller, row, side);
    actor.type = side === 'SOURCE' ? 'SOURCE_TSP' : 'TARGET_TSP';
    if (body.status === 'IN_VERIFICATION') {
      throw invalid([{ parameter: 'status', message: 'IN_VERIFICATION is set by the first of two approvals; send APPROVED or REJECTED' }]);
    }
    const action = approvalAction(row.category, side, body.status);
    if (action === null) throw invalidTransition(row.status, `${side.toLowerCase()} approval`);
    if (body.status === 'REJECTED' && !body.remarks?.trim()) throw invalid([{ parameter: 'remarks', message: 'a rejection needs a reason' }]);
    return applyTransactionAction(tx, { locked: row }, action, actor, {
      remarks: body.remarks ?? null,
      now,
      // On the transaction's own connection: PGlite has one, and a read beside an open transaction would wait for it.
      threshold: heldBandThreshold(tx, book),
      known: { dps },
      closes,
    });
  };
  // Inside an idempotent request's transaction a refusal rolls the whole request back: no savepoint needed, and the
  // request's answer is stored after the step. A transaction of its own ends with the step: its commit goes with it.
  const updated = databaseOf(db) !== db ? await decide(db as Tx, false) : await inTransaction(db, (tx) => decide(tx, true));
  return transactionDto(updated);
}

/** Approval decisions page by keyset too: newest first, the event id breaking ties. */
const approvalsKeyset: Keyset = {
  list: 'transaction-approvals',
  sort: 'default',
  parts: [
    { target: transactionEvents.at, column: transactionEvents.at, direction: 'DESC' },
    { target: transactionEvents.id, column: transactionEvents.id, direction: 'DESC' },
  ],
};

/** The approval decisions on the caller's transactions, newest first. */
export async function listApprovals(
  db: Db,
  tenant: Tenant | null,
  query: z.output<typeof approvalsFilter> & { merchantServiceIds?: string[] | undefined },
  lookahead = COUNT_LOOKAHEAD,
) {
  const where = and(
    transactionScope(tenant),
    query.transactionIds?.length ? inArray(transactionsV2.transactionId, query.transactionIds) : undefined,
    query.statuses?.length ? inArray(transactionEvents.decision, query.statuses as never[]) : undefined,
    query.userIds?.length ? inArray(transactionEvents.actorId, query.userIds) : undefined,
    query.merchantServiceIds?.length ? inArray(transactionsV2.merchantId, query.merchantServiceIds) : undefined,
    query.fromDate ? gte(transactionEvents.at, new Date(query.fromDate)) : undefined,
    query.toDate ? lte(transactionEvents.at, dayEndOf(query.toDate)) : undefined,
    query.query ? or(eq(transactionsV2.transactionId, query.query), eq(transactionEvents.actorName, query.query)) : undefined,
  );
  const sided = and(where, inArray(transactionEvents.side, ['SOURCE', 'TARGET']));
  const page = await readPage(
    query,
    {
      keyset: approvalsKeyset,
      rows: ({ fields, after, orderBy }) =>
        db
          .select({ e: transactionEvents, transactionId: transactionsV2.transactionId, ...fields })
          .from(transactionEvents)
          .innerJoin(transactionsV2, eq(transactionsV2.id, transactionEvents.transactionRowId))
          .where(and(sided, after))
          .orderBy(...orderBy),
    },
    boundedCount(db, eventsMatching(db, sided), query, lookahead),
  );
  return { ...page, content: page.content.map((r) => approvalDto(r.e, r.transactionId)) };
}
