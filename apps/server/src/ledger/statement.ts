import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@corridor/api';
import { Dec, type DecimalValue } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { voucherLines, vouchers, wallets } from '../db/schema.ts';
import { pageAnswer, parseSort, type PageRequest } from '../http/paging.ts';
import { plain } from '../wallets/money-text.ts';

/** The filters of statements and activity reports (parts A and B), all optional. */
export interface StatementQuery extends PageRequest {
  walletIds?: string[] | undefined;
  merchantIds?: string[] | undefined;
  tspIds?: string[] | undefined;
  currencies?: string[] | undefined;
  categories?: string[] | undefined;
  actions?: string[] | undefined;
  transactionIds?: string[] | undefined;
  mode?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  groupBy?: string | undefined;
}

export interface StatementLine {
  walletId: string;
  transactionId: string | null;
  date: string;
  action: string;
  category: string;
  mode: 'CREDIT' | 'DEBIT';
  description: string | null;
  currency: string;
  amount: string;
  openingBalance: string;
  closingBalance: string;
  merchantId: string | null;
  tspId: string | null;
}

const signed = sql`case when ${voucherLines.debitOrCredit} = 'C' then ${voucherLines.amountInFc} else -${voucherLines.amountInFc} end`;

/** Balance lines of the wallets in scope with the running balance after each line (per wallet). */
function balanceLines(db: Db, scope: SQL | undefined, q: StatementQuery) {
  // Wallet-level filters narrow the wallets; they never change a wallet's running balance.
  const walletFilters: SQL[] = [eq(voucherLines.bucket, 'balance')];
  if (scope) walletFilters.push(scope);
  if (q.walletIds) walletFilters.push(inArray(voucherLines.walletId, q.walletIds));
  if (q.merchantIds) walletFilters.push(inArray(wallets.merchantServiceId, q.merchantIds));
  if (q.tspIds) walletFilters.push(inArray(wallets.serviceProviderId, q.tspIds));
  if (q.currencies) walletFilters.push(inArray(wallets.currencyCode, q.currencies));
  return db
    .select({
      id: voucherLines.id,
      walletId: sql<string>`${voucherLines.walletId}`.as('wallet_id'),
      transactionId: voucherLines.transactionId,
      postedAt: voucherLines.postedAt,
      side: voucherLines.debitOrCredit,
      amount: voucherLines.amountInFc,
      description: voucherLines.description1,
      currency: voucherLines.accountCcyCode,
      category: vouchers.category,
      action: sql<string>`coalesce(${vouchers.transactionType}, ${vouchers.category})`.as('action'),
      merchantId: wallets.merchantServiceId,
      tspId: wallets.serviceProviderId,
      closing: sql<string>`sum(${signed}) over (partition by ${voucherLines.walletId} order by ${voucherLines.postedAt}, ${voucherLines.id})`.as('closing'),
    })
    .from(voucherLines)
    .innerJoin(vouchers, eq(vouchers.id, voucherLines.voucherId))
    .innerJoin(wallets, eq(wallets.id, voucherLines.walletId))
    .where(and(...walletFilters))
    .as('lines');
}

type Lines = ReturnType<typeof balanceLines>;

const nextDay = (d: string) => {
  const day = new Date(`${d.slice(0, 10)}T00:00:00.000Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day;
};

function lineFilters(lines: Lines, q: StatementQuery): SQL | undefined {
  const preds: SQL[] = [];
  if (q.categories) preds.push(inArray(lines.category, q.categories));
  if (q.actions) preds.push(inArray(lines.action, q.actions));
  if (q.transactionIds) preds.push(inArray(lines.transactionId, q.transactionIds));
  if (q.mode) preds.push(eq(lines.side, q.mode.toUpperCase().startsWith('C') ? 'C' : 'D'));
  if (q.fromDate) preds.push(gte(lines.postedAt, new Date(`${q.fromDate.slice(0, 10)}T00:00:00.000Z`)));
  if (q.toDate) preds.push(lt(lines.postedAt, nextDay(q.toDate)));
  return preds.length > 0 ? and(...preds) : undefined;
}

interface RawLine {
  id: string;
  walletId: string;
  transactionId: string | null;
  postedAt: Date;
  side: 'D' | 'C';
  amount: string;
  description: string | null;
  currency: string;
  category: string;
  action: string;
  merchantId: string | null;
  tspId: string | null;
  closing: string;
}

function lineOf(r: RawLine): StatementLine {
  const amount = new Dec(r.amount);
  const closing = new Dec(r.closing);
  return {
    walletId: r.walletId,
    transactionId: r.transactionId,
    date: new Date(r.postedAt).toISOString(),
    action: r.action,
    category: r.category,
    mode: r.side === 'C' ? 'CREDIT' : 'DEBIT',
    description: r.description,
    currency: r.currency,
    amount: amount.toFixed(),
    openingBalance: (r.side === 'C' ? closing.minus(amount) : closing.plus(amount)).toFixed(),
    closingBalance: closing.toFixed(),
    merchantId: r.merchantId,
    tspId: r.tspId,
  };
}

/** A page of statement lines, newest first unless sorted otherwise. */
export async function statementPage(db: Db, scope: SQL | undefined, q: StatementQuery): Promise<Page<StatementLine>> {
  const lines = balanceLines(db, scope, q);
  const where = lineFilters(lines, q);
  const sortKeys = {
    date: lines.postedAt,
    amount: lines.amount,
    category: lines.category,
    action: lines.action,
    currency: lines.currency,
    walletId: lines.walletId,
  };
  const orders = parseSort(q.sort, Object.keys(sortKeys)).map((o) => {
    const column = sortKeys[o.field as keyof typeof sortKeys];
    return o.direction === 'ASC' ? asc(column) : desc(column);
  });
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(lines)
      .where(where)
      .orderBy(...(orders.length > 0 ? orders : [desc(lines.postedAt), desc(lines.id)]))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(lines).where(where),
  ]);
  return pageAnswer((rows as RawLine[]).map(lineOf), q, totals[0]?.n ?? 0);
}

export interface StatementSummaryRow {
  group: string;
  currency: string;
  openingBalance: string;
  totalCredit: string;
  totalDebit: string;
  closingBalance: string;
  count: number;
}

const GROUP_KEYS: Record<string, (l: StatementLine) => string> = {
  walletId: (l) => l.walletId,
  wallet: (l) => l.walletId,
  currency: (l) => l.currency,
  category: (l) => l.category,
  action: (l) => l.action,
  mode: (l) => l.mode,
  merchantId: (l) => l.merchantId ?? '',
  merchant: (l) => l.merchantId ?? '',
  tspId: (l) => l.tspId ?? '',
  date: (l) => l.date.slice(0, 10),
};

/**
 * Statement figures per group (wallet unless groupBy says otherwise), one row per group and currency:
 * the opening balance is each wallet's balance before its first line in range, the closing one after
 * its last, summed over the group's wallets.
 */
export async function statementSummary(db: Db, scope: SQL | undefined, q: StatementQuery): Promise<StatementSummaryRow[]> {
  const lines = balanceLines(db, scope, q);
  const rows = (await db
    .select()
    .from(lines)
    .where(lineFilters(lines, q))
    .orderBy(asc(lines.postedAt), asc(lines.id))) as RawLine[];
  const keyOf = GROUP_KEYS[q.groupBy ?? 'walletId'] ?? GROUP_KEYS.walletId;
  interface Acc {
    currency: string;
    credit: DecimalValue;
    debit: DecimalValue;
    count: number;
    firstOpening: Map<string, DecimalValue>;
    lastClosing: Map<string, DecimalValue>;
  }
  const groups = new Map<string, Acc & { group: string }>();
  for (const raw of rows) {
    const line = lineOf(raw);
    const group = keyOf ? keyOf(line) : line.walletId;
    const key = `${group}|${line.currency}`;
    let acc = groups.get(key);
    if (!acc) {
      acc = { group, currency: line.currency, credit: new Dec(0), debit: new Dec(0), count: 0, firstOpening: new Map(), lastClosing: new Map() };
      groups.set(key, acc);
    }
    acc.count += 1;
    if (line.mode === 'CREDIT') acc.credit = acc.credit.plus(line.amount);
    else acc.debit = acc.debit.plus(line.amount);
    if (!acc.firstOpening.has(line.walletId)) acc.firstOpening.set(line.walletId, new Dec(line.openingBalance));
    acc.lastClosing.set(line.walletId, new Dec(line.closingBalance));
  }
  const sum = (values: Iterable<DecimalValue>) => [...values].reduce((a, b) => a.plus(b), new Dec(0));
  return [...groups.values()].map((g) => ({
    group: g.group,
    currency: g.currency,
    openingBalance: sum(g.firstOpening.values()).toFixed(),
    totalCredit: g.credit.toFixed(),
    totalDebit: g.debit.toFixed(),
    closingBalance: sum(g.lastClosing.values()).toFixed(),
    count: g.count,
  }));
}

export interface PositionActivityQuery extends PageRequest {
  walletPositionActivityId?: string | undefined;
  transactionId?: string | undefined;
  action?: string | undefined;
  currency?: string | undefined;
  date?: string | undefined;
}

/** Movements of every position bucket of the wallets in scope, with the bucket's value after each. */
export async function positionActivityPage(db: Db, scope: SQL | undefined, q: PositionActivityQuery) {
  const inner = db
    .select({
      id: voucherLines.id,
      walletId: sql<string>`${voucherLines.walletId}`.as('wallet_id'),
      transactionId: voucherLines.transactionId,
      postedAt: voucherLines.postedAt,
      side: voucherLines.debitOrCredit,
      amount: voucherLines.amountInFc,
      currency: voucherLines.accountCcyCode,
      action: sql<string>`${voucherLines.bucket} || '_' || case when ${voucherLines.debitOrCredit} = 'C' then 'CREDIT' else 'DEBIT' end`.as('action'),
      after: sql<string>`sum(${signed}) over (partition by ${voucherLines.walletId}, ${voucherLines.bucket} order by ${voucherLines.postedAt}, ${voucherLines.id})`.as('after'),
    })
    .from(voucherLines)
    .innerJoin(wallets, eq(wallets.id, voucherLines.walletId))
    .where(scope)
    .as('moves');
  const preds: SQL[] = [];
  if (q.walletPositionActivityId) preds.push(eq(inner.id, q.walletPositionActivityId));
  if (q.transactionId) preds.push(eq(inner.transactionId, q.transactionId));
  if (q.action) preds.push(eq(inner.action, q.action));
  if (q.currency) preds.push(eq(inner.currency, q.currency));
  if (q.date) {
    preds.push(gte(inner.postedAt, new Date(`${q.date.slice(0, 10)}T00:00:00.000Z`)), lt(inner.postedAt, nextDay(q.date)));
  }
  const where = preds.length > 0 ? and(...preds) : undefined;
  const sortKeys = { date: inner.postedAt, amount: inner.amount, action: inner.action, currency: inner.currency };
  const orders = parseSort(q.sort, Object.keys(sortKeys)).map((o) => {
    const column = sortKeys[o.field as keyof typeof sortKeys];
    return o.direction === 'ASC' ? asc(column) : desc(column);
  });
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(inner)
      .where(where)
      .orderBy(...(orders.length > 0 ? orders : [desc(inner.postedAt), desc(inner.id)]))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(inner).where(where),
  ]);
  return pageAnswer(
    rows.map((r) => ({
      walletPositionActivityId: r.id,
      walletId: r.walletId,
      transactionId: r.transactionId,
      action: r.action,
      currency: r.currency,
      amount: plain(r.amount),
      balanceAfter: plain(r.after),
      date: new Date(r.postedAt).toISOString(),
    })),
    q,
    totals[0]?.n ?? 0,
  );
}
