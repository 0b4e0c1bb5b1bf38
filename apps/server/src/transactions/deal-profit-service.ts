import { and, count, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { dealProfit, dealProfitSummaryRow, transactionFilter } from '@corridor/api';
import { Dec, type DealType } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { currencies } from '../db/schema.ts';
import { readPage } from '../http/paging.ts';
import { resourceOrder, resourceWhere } from '../http/resource-engine.ts';
import { quoteTerms } from '../quotes/quote-service.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { transactionResource } from './transaction-dto.ts';
import { transactionsV2 } from './transaction-schema.ts';

type TransactionQuery = z.output<typeof transactionFilter>;
type DealProfitDto = z.input<typeof dealProfit>;
type SummaryDto = z.input<typeof dealProfitSummaryRow>;

/*
 * A deal is a transfer priced by a quote (its deal type CASH/TOM/SPOT/FWD is the quote's). Its profit is the
 * TSP's margin against the interbank rate, in the target currency: the source amount at the IBR, rounded
 * half-up to the target currency's decimals, less the target amount: below zero (a loss) when the quote gave
 * more than the interbank rate. It is the very figure the ledger books to the source TSP's deal-profit account
 * when the transfer completes (`dealMargin` in transaction-ledger.ts), computed by PostgreSQL so lists and
 * summaries add it up in the database: the read stays beside the transfers' table (the charges area serves it).
 *
 * Only COMPLETED transfers earn profit: the lists and summaries read only those. Asked for one by id, a
 * transfer that has not completed, or was rejected or cancelled (its conversion voucher, the profit line with
 * it, reversed), shows a profit of 0.
 */
const t = transactionsV2;
const margin = sql<string>`round(${t.sourceAmount} * ${t.ibrRate}, coalesce(${currencies.dp}, 2)) - ${t.targetAmount}`;
const earned = sql<string>`case when ${t.status} = 'COMPLETED' then ${margin} else 0 end`;
/** USD equivalent: the profit itself when it is in USD, or converted back at the deal's IBR when the deal sells USD. */
const profitUsd = sql<string | null>`case when ${t.targetCurrency} = 'USD' then ${earned}
  when ${t.sourceCurrency} = 'USD' then round(${earned} / ${t.ibrRate}, 2) end`;

/** The deals a TSP earns on: transfers it priced (the source side, whose deal-profit account the margin is booked to). */
const deals = (serviceProviderId: string | undefined) =>
  and(eq(t.category, 'TRANSFER'), isNotNull(t.ibrRate), serviceProviderId === undefined ? undefined : eq(t.serviceProviderId, serviceProviderId));
const completed = eq(t.status, 'COMPLETED');

const columns = {
  transactionId: t.transactionId,
  dealType: quoteTerms.dealType,
  sourceCurrency: t.sourceCurrency,
  targetCurrency: t.targetCurrency,
  customerRate: t.exchangeRate,
  costRate: t.ibrRate,
  profit: earned,
  profitUSDEQ: profitUsd,
  valueDate: t.valueDate,
};

interface ProfitRow {
  transactionId: string;
  dealType: DealType;
  sourceCurrency: string;
  targetCurrency: string;
  customerRate: string | null;
  costRate: string | null;
  profit: string;
  profitUSDEQ: string | null;
  valueDate: string | null;
}

function profitDto(r: ProfitRow): DealProfitDto {
  return {
    transactionId: r.transactionId,
    dealType: r.dealType,
    sourceCurrency: r.sourceCurrency,
    targetCurrency: r.targetCurrency,
    customerRate: new Dec(r.customerRate ?? '0').toFixed(),
    costRate: new Dec(r.costRate ?? '0').toFixed(),
    profit: new Dec(r.profit).toFixed(),
    profitCurrency: r.targetCurrency,
    profitUSDEQ: r.profitUSDEQ === null ? null : new Dec(r.profitUSDEQ).toFixed(),
    valueDate: r.valueDate ?? '',
  };
}

const base = (db: Db) =>
  db.select(columns).from(t).innerJoin(quoteTerms, eq(quoteTerms.id, t.quoteId)).leftJoin(currencies, eq(currencies.code, t.targetCurrency));

/** A page of the TSP's completed deals with their profit, filtered and sorted by the transaction filters. */
export async function listDealProfits(db: Db, serviceProviderId: string, query: TransactionQuery) {
  const where = resourceWhere(transactionResource, query, and(deals(serviceProviderId), completed));
  const page = await readPage(
    query,
    base(db)
      .where(where)
      .orderBy(...resourceOrder(transactionResource, query)),
    db.select({ n: count() }).from(t).innerJoin(quoteTerms, eq(quoteTerms.id, t.quoteId)).where(where),
  );
  return { ...page, content: page.content.map((r) => profitDto(r as ProfitRow)) };
}

/** One deal of the TSP by its transactionId (or row id); another TSP's, or not a deal, is the 404 naming transactionId. */
export async function getDealProfit(db: Db, serviceProviderId: string, id: string): Promise<DealProfitDto> {
  const [row] = await base(db).where(and(deals(serviceProviderId), or(eq(t.transactionId, id), eq(t.id, id))));
  if (!row) throw foreignId('transactionId', 'deal', id);
  return profitDto(row as ProfitRow);
}

/** The completed deals' profit grouped by profit currency, or by deal type and profit currency. */
export async function summariseDealProfits(
  db: Db,
  serviceProviderId: string | undefined,
  query: TransactionQuery,
  by: 'currency' | 'dealType',
): Promise<SummaryDto[]> {
  const where = resourceWhere(transactionResource, query, and(deals(serviceProviderId), completed));
  const group: SQL<string> = by === 'dealType' ? sql<string>`${quoteTerms.dealType}` : sql<string>`${t.targetCurrency}`;
  const rows = await db
    .select({ group, currency: t.targetCurrency, n: count(), profit: sql<string>`sum(${margin})` })
    .from(t)
    .innerJoin(quoteTerms, eq(quoteTerms.id, t.quoteId))
    .leftJoin(currencies, eq(currencies.code, t.targetCurrency))
    .where(where)
    .groupBy(group, t.targetCurrency)
    .orderBy(group, t.targetCurrency);
  return rows.map((r) => ({ group: r.group, currency: r.currency, count: Number(r.n), profit: new Dec(r.profit ?? '0').toFixed() }));
}
