import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Page, TotalKind } from '@corridor/api';
import { Dec, type DecimalValue } from '@corridor/domain';
import { rowsOf, type Db } from '../db/database.ts';
import { voucherLines, walletPositions, wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { boundedCount } from '../http/bounded-count.ts';
import { afterCursor, decodeCursor, encodeCursor, sortSignature, type Keyset } from '../http/keyset.ts';
import { pageAnswer, parseSort, type PageRequest, type SortOrder } from '../http/paging.ts';
import { plain } from '../lib/money-text.ts';
import { scopeFormOf, scopes, type ScopeKind } from '../tenant/wallet-scope.ts';
import { statements } from '../db/statement.ts';

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

/** A wallet in the caller's scope that the filters keep, with how many balance lines it has. */
export interface ScopedWallet {
  id: string;
  merchantId: string | null;
  tspId: string | null;
  balanceLines: number;
}

/** The wallet-level filters, in the order a statement's shape names them. */
const WALLET_FILTERS = [
  ['walletIds', wallets.id],
  ['merchantIds', wallets.merchantServiceId],
  ['tspIds', wallets.serviceProviderId],
  ['currencies', wallets.currencyCode],
] as const;

const scopedWalletColumns = {
  id: wallets.id,
  merchantId: wallets.merchantServiceId,
  tspId: wallets.serviceProviderId,
  balanceLines: sql<string>`coalesce(${walletPositions.balanceLines}, 0)`,
};

/**
 * The wallets of a scope `scopes` made, built once per scope kind and set of filters (`statements`):
 * the organisation's id and each filter's ids are placeholders (a filter as one text[] value).
 */
const scopedWallets = statements((q, shape: `${ScopeKind}:${string}`) => {
  const [kind, flags = ''] = shape.split(':') as [ScopeKind, string];
  const filters = WALLET_FILTERS.flatMap(([name, column], i) => (flags[i] === '1' ? [sql`${column} = any(${sql.placeholder(name)}::text[])`] : []));
  return q
    .select(scopedWalletColumns)
    .from(wallets)
    .leftJoin(walletPositions, eq(walletPositions.walletId, wallets.id))
    .where(and(scopes[kind](sql.placeholder('scopeId')), ...filters))
    .orderBy(asc(wallets.id));
});

/**
 * The wallets in scope first: lines are then read by `wallet_id`, so a statement never reads another
 * organisation's lines, however many there are. Wallet-level filters narrow the wallets; they never
 * change a wallet's running balance.
 */
export async function walletsInScope(db: Db, scope: SQL | undefined, q: StatementQuery): Promise<ScopedWallet[]> {
  const form = scopeFormOf(scope);
  let rows: Array<{ id: string; merchantId: string | null; tspId: string | null; balanceLines: string }>;
  if (form) {
    const values: Record<string, unknown> = { scopeId: form.id };
    let flags = '';
    for (const [name] of WALLET_FILTERS) {
      const given = q[name];
      flags += given ? '1' : '0';
      if (given) values[name] = given;
    }
    rows = await scopedWallets(db, `${form.kind}:${flags}`, values);
  } else {
    const filters: SQL[] = [];
    if (scope) filters.push(scope);
    for (const [name, column] of WALLET_FILTERS) {
      const given = q[name];
      if (given) filters.push(inArray(column, given));
    }
    rows = await db
      .select(scopedWalletColumns)
      .from(wallets)
      .leftJoin(walletPositions, eq(walletPositions.walletId, wallets.id))
      .where(filters.length > 0 ? and(...filters) : undefined)
      .orderBy(asc(wallets.id));
  }
  return rows.map((r) => ({ ...r, balanceLines: Number(r.balanceLines) }));
}

/** The wallets' ids as one text[] parameter list. */
const walletArray = (scoped: ScopedWallet[]) =>
  sql`array[${sql.join(
    scoped.map((w) => sql`${w.id}`),
    sql`, `,
  )}]::text[]`;

const nextDay = (d: string) => {
  const day = new Date(`${d.slice(0, 10)}T00:00:00.000Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day;
};

/** Line-level filters over `l` (voucher_lines) and `v` (vouchers), or none. */
export function lineFilters(q: StatementQuery): SQL[] {
  const preds: SQL[] = [];
  const list = (values: string[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  if (q.categories) preds.push(sql`v.category in (${list(q.categories)})`);
  if (q.actions) preds.push(sql`coalesce(v.transaction_type, v.category) in (${list(q.actions)})`);
  // A line's transaction is its voucher's (the post writes both): the vouchers' column is indexed, the lines' is not,
  // so by the voucher the few lines are found without walking every line of the wallet.
  if (q.transactionIds) preds.push(sql`v.transaction_id in (${list(q.transactionIds)})`);
  if (q.mode) preds.push(sql`l.debit_or_credit = ${q.mode.toUpperCase().startsWith('C') ? 'C' : 'D'}`);
  if (q.fromDate) preds.push(sql`l.posted_at >= ${`${q.fromDate.slice(0, 10)}T00:00:00.000Z`}::timestamptz`);
  if (q.toDate) preds.push(sql`l.posted_at < ${nextDay(q.toDate).toISOString()}::timestamptz`);
  return preds;
}

export interface RawLine {
  id: string;
  wallet_id: string;
  transaction_id: string | null;
  posted_at: string;
  /** posted_at as an ISO instant in milliseconds, as the answer shows it. */
  date: string;
  side: 'D' | 'C';
  amount: string;
  description: string | null;
  currency: string;
  category: string;
  action: string;
  closing: string;
  opening: string;
  wallet_seq: string | null;
}

/**
 * The columns of a statement line, from `l` (voucher_lines) and `v` (vouchers). PostgreSQL writes the
 * figures as the answer shows them (numeric, exact, without trailing zeros) and the opening balance
 * from the running balance the post stored: a page of 50 lines needs no decimal arithmetic here.
 */
export const LINE_COLUMNS = sql`l.id, l.wallet_id, l.transaction_id, to_json(l.posted_at) #>> '{}' as posted_at,
  to_char(l.posted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date, l.debit_or_credit as side,
  trim_scale(l.amount_in_fc)::text as amount, l.description1 as description, l.account_ccy_code as currency, v.category,
  coalesce(v.transaction_type, v.category) as action, trim_scale(l.balance_after)::text as closing,
  trim_scale(l.balance_after - case when l.debit_or_credit = 'C' then l.amount_in_fc else -l.amount_in_fc end)::text as opening, l.wallet_seq`;

export function lineOf(r: RawLine, wallet: ScopedWallet | undefined): StatementLine {
  return {
    walletId: r.wallet_id,
    transactionId: r.transaction_id,
    date: r.date,
    action: r.action,
    category: r.category,
    mode: r.side === 'C' ? 'CREDIT' : 'DEBIT',
    description: r.description,
    currency: r.currency,
    amount: r.amount,
    openingBalance: r.opening,
    closingBalance: r.closing,
    merchantId: wallet?.merchantId ?? null,
    tspId: wallet?.tspId ?? null,
  };
}

const ph = (name: string) => sql.placeholder(name);

/** One wallet's lines numbered lo..hi (its unfiltered statement, page N by line numbers), built once per direction. */
const numberedLines = statements((_q, dir: 'asc' | 'desc') =>
  sql.join(
    [
      sql`select ${LINE_COLUMNS} from voucher_lines l join vouchers v on v.id = l.voucher_id`,
      sql`where l.wallet_id = ${ph('walletId')} and l.wallet_seq between ${ph('lo')} and ${ph('hi')} order by l.wallet_seq ${sql.raw(dir)}`,
    ],
    sql` `,
  ),
);

/**
 * The newest (or oldest) lines of several wallets, unfiltered, from the first line: one index seek per
 * wallet bounded by the page's end, then the page of them all. Built once per direction; the wallets
 * are one text[] value.
 */
const newestLines = statements((_q, dir: 'asc' | 'desc') => {
  const d = sql.raw(dir);
  return sql`select x.* from unnest(${ph('walletIds')}::text[]) as w(id) cross join lateral (
      select ${LINE_COLUMNS}, l.posted_at as sort_at from voucher_lines l join vouchers v on v.id = l.voucher_id
      where l.wallet_id = w.id and l.bucket = 'balance'
      order by l.posted_at ${d}, l.id ${d} limit ${ph('perWallet')}
    ) x order by x.sort_at ${d}, x.id ${d} limit ${ph('limit')} offset ${ph('offset')}`;
});

/**
 * The statement's keyset: date-ordered pages continue after the last line's (posted_at, id), the key
 * of the (wallet, bucket, posted_at, id) index. The cursor carries posted_at as PostgreSQL prints it
 * (microseconds), so lines posted in the same millisecond are never skipped.
 */
function statementKeyset(orders: SortOrder[]): Keyset {
  const direction = orders[0]?.direction ?? 'DESC';
  return {
    list: 'statement',
    sort: sortSignature(orders),
    parts: [
      { target: sql`l.posted_at`, column: voucherLines.postedAt, direction },
      { target: sql`l.id`, column: voucherLines.id, direction },
    ],
  };
}

const SORT_COLUMNS: Record<string, string> = {
  date: 'posted_at',
  amount: 'amount_in_fc',
  category: 'category',
  action: 'action',
  currency: 'account_ccy_code',
  walletId: 'wallet_id',
};

interface StatementSlice {
  page: Page<StatementLine>;
  /** Where the next page starts (keyset), null on the last page. */
  nextCursor: string | null;
  /** 'exact', or 'atLeast' when a filtered total stopped counting (COUNT_LOOKAHEAD rows past the page). */
  totalKind: TotalKind;
}

/**
 * A page of statement lines, newest first unless sorted otherwise. Lines are read by the wallets in
 * scope; a date-ordered page seeks the (wallet, bucket, posted_at, id) index per wallet, from a
 * keyset cursor when given; one wallet's unfiltered statement finds page N by line numbers at any
 * depth, and its total is the position's line count.
 * @internal used by its tests
 */
export async function statementLines(db: Db, scope: SQL | undefined, q: StatementQuery & { cursor?: string | undefined }): Promise<StatementSlice> {
  const orders = parseSort(q.sort, Object.keys(SORT_COLUMNS));
  const scoped = await walletsInScope(db, scope, q);
  const byId = new Map(scoped.map((w) => [w.id, w]));
  const byDate = orders.length === 0 || (orders.length === 1 && orders[0]?.field === 'date');
  const keyset = statementKeyset(orders);
  if (q.cursor !== undefined && !byDate) {
    throw new AppError('VALIDATION_FAILED', undefined, [
      { parameter: 'sort', message: 'a statement pages by cursor in date order only; page by number for other sorts' },
    ]);
  }
  // Checked before anything is read: a cursor of another list or sort is a 400 even for an empty scope.
  const cursor = q.cursor === undefined ? null : decodeCursor(keyset, q.cursor);
  const empty = { page: pageAnswer<StatementLine>([], q, 0, null), nextCursor: null, totalKind: 'exact' as const };
  if (scoped.length === 0) return empty;
  const ids = walletArray(scoped);
  const filters = lineFilters(q);
  const dir = sql.raw(orders[0]?.direction === 'ASC' ? 'asc' : 'desc');
  const offset = cursor ? 0 : q.page * q.size;
  const only = scoped.length === 1 ? scoped[0] : undefined;

  let rows: RawLine[];
  /** Whether lines follow the page (the date-ordered reads take one line more than the page to know). */
  let more: boolean;
  if (byDate && only && filters.length === 0 && !cursor) {
    // Lines are numbered 1..n per wallet in posting order: page N is a range of numbers.
    const total = only.balanceLines;
    const asc_ = orders[0]?.direction === 'ASC';
    const hi = asc_ ? Math.min(total, offset + q.size) : total - offset;
    const lo = asc_ ? offset + 1 : Math.max(1, total - offset - q.size + 1);
    rows = hi < lo ? [] : rowsOf<RawLine>(await numberedLines(db, asc_ ? 'asc' : 'desc', { walletId: only.id, lo, hi }));
    more = asc_ ? hi < total : lo > 1;
  } else if (byDate && filters.length === 0 && !cursor) {
    rows = rowsOf<RawLine>(
      await newestLines(db, orders[0]?.direction === 'ASC' ? 'asc' : 'desc', {
        walletIds: scoped.map((w) => w.id),
        perWallet: offset + q.size + 1,
        limit: q.size + 1,
        offset,
      }),
    );
    more = rows.length > q.size;
    rows = rows.slice(0, q.size);
  } else if (byDate) {
    const after = cursor ? sql`and ${afterCursor(keyset, cursor)}` : sql``;
    const where = filters.length > 0 ? sql`and ${sql.join(filters, sql` and `)}` : sql``;
    // One index seek per wallet, each bounded by the page's end; then the newest of them all.
    rows = rowsOf<RawLine>(
      await db.execute(sql`select x.* from unnest(${ids}) as w(id) cross join lateral (
        select ${LINE_COLUMNS}, l.posted_at as sort_at from voucher_lines l join vouchers v on v.id = l.voucher_id
        where l.wallet_id = w.id and l.bucket = 'balance' ${after} ${where}
        order by l.posted_at ${dir}, l.id ${dir} limit ${offset + q.size + 1}
      ) x order by x.sort_at ${dir}, x.id ${dir} limit ${q.size + 1} offset ${offset}`),
    );
    more = rows.length > q.size;
    rows = rows.slice(0, q.size);
  } else {
    const orderBy = sql.join(
      [
        ...orders.map(
          (o) =>
            sql`${sql.raw(o.field === 'action' ? 'coalesce(v.transaction_type, v.category)' : o.field === 'category' ? 'v.category' : `l.${SORT_COLUMNS[o.field] ?? 'posted_at'}`)} ${sql.raw(o.direction)}`,
        ),
        sql`l.posted_at desc`,
        sql`l.id desc`,
      ],
      sql`, `,
    );
    const where = filters.length > 0 ? sql`and ${sql.join(filters, sql` and `)}` : sql``;
    rows = rowsOf<RawLine>(
      await db.execute(sql`select ${LINE_COLUMNS} from voucher_lines l join vouchers v on v.id = l.voucher_id
      where l.wallet_id = any(${ids}) and l.bucket = 'balance' ${where} order by ${orderBy} limit ${q.size} offset ${offset}`),
    );
    more = false; // no cursor in other orders
  }

  // Without line filters each position counts its wallet's balance lines: an exact total without counting.
  const { total, totalKind } =
    filters.length === 0
      ? { total: scoped.reduce((n, w) => n + w.balanceLines, 0), totalKind: 'exact' as const }
      : await boundedCount(
          db,
          sql`select 1 from voucher_lines l join vouchers v on v.id = l.voucher_id
            where l.wallet_id = any(${ids}) and l.bucket = 'balance' and ${sql.join(filters, sql` and `)}`,
          // From a cursor the count runs from the first line, as on page 0.
          { page: cursor ? 0 : q.page, size: q.size },
        );
  const last = rows.at(-1);
  const nextCursor = last && more ? encodeCursor(keyset, [last.posted_at, last.id]) : null;
  return {
    page: pageAnswer(
      rows.map((r) => lineOf(r, byId.get(r.wallet_id))),
      q,
      total,
      nextCursor,
    ),
    nextCursor,
    totalKind,
  };
}

/** A page of statement lines (the contract's paged answer) with the keyset cursor of the next page and how exact its total is. */
export async function statementPage(
  db: Db,
  scope: SQL | undefined,
  q: StatementQuery & { cursor?: string | undefined },
): Promise<Page<StatementLine> & { totalKind: TotalKind }> {
  const slice = await statementLines(db, scope, q);
  // Like every list, the answer has a nextCursor only when a next page exists.
  return { ...slice.page, totalKind: slice.totalKind };
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
  const scoped = await walletsInScope(db, scope, q);
  if (scoped.length === 0) return [];
  const byId = new Map(scoped.map((w) => [w.id, w]));
  const filters = lineFilters(q);
  const where = filters.length > 0 ? sql`and ${sql.join(filters, sql` and `)}` : sql``;
  const raw = rowsOf<RawLine>(
    await db.execute(sql`select ${LINE_COLUMNS} from voucher_lines l join vouchers v on v.id = l.voucher_id
    where l.wallet_id = any(${walletArray(scoped)}) and l.bucket = 'balance' ${where} order by l.posted_at asc, l.id asc`),
  );
  const rows = raw.map((r) => lineOf(r, byId.get(r.wallet_id)));
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
  for (const line of rows) {
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
  walletIds?: string[] | undefined;
  walletPositionActivityId?: string | undefined;
  transactionId?: string | undefined;
  action?: string | undefined;
  currency?: string | undefined;
  date?: string | undefined;
}

/** Movements of every position bucket of the wallets in scope, with the bucket's value after each (stored by the post). */
export async function positionActivityPage(db: Db, scope: SQL | undefined, q: PositionActivityQuery) {
  const scoped = await walletsInScope(db, scope, { page: 0, size: q.size, walletIds: q.walletIds });
  // A wallet named that is not the caller's is refused like a foreign path id, never answered as an empty list.
  const foreign = q.walletIds?.find((id) => !scoped.some((w) => w.id === id));
  if (foreign !== undefined) throw foreignId('walletIds', 'wallet', foreign);
  if (scoped.length === 0) return pageAnswer([], q, 0);
  const action = sql`l.bucket || '_' || case when l.debit_or_credit = 'C' then 'CREDIT' else 'DEBIT' end`;
  const preds: SQL[] = [sql`l.wallet_id = any(${walletArray(scoped)})`];
  if (q.walletPositionActivityId) preds.push(sql`l.id = ${q.walletPositionActivityId}`);
  if (q.transactionId) preds.push(sql`v.transaction_id = ${q.transactionId}`); // by the voucher's index, as `lineFilters`
  if (q.action) preds.push(sql`${action} = ${q.action}`);
  if (q.currency) preds.push(sql`l.account_ccy_code = ${q.currency}`);
  if (q.date) {
    preds.push(sql`l.posted_at >= ${`${q.date.slice(0, 10)}T00:00:00.000Z`}::timestamptz`, sql`l.posted_at < ${nextDay(q.date).toISOString()}::timestamptz`);
  }
  const where = sql.join(preds, sql` and `);
  const sortKeys: Record<string, SQL> = { date: sql`l.posted_at`, amount: sql`l.amount_in_fc`, action, currency: sql`l.account_ccy_code` };
  const orders = parseSort(q.sort, Object.keys(sortKeys)).map((o) => sql`${sortKeys[o.field] ?? sql`l.posted_at`} ${sql.raw(o.direction)}`);
  const orderBy = sql.join([...orders, sql`l.posted_at desc`, sql`l.id desc`], sql`, `);
  const offset = q.page * q.size;
  const [rows, counted] = await Promise.all([
    db.execute(sql`select l.id, l.wallet_id, l.transaction_id, v.category, ${action} as action, l.account_ccy_code as currency, l.amount_in_fc::text as amount,
        l.balance_after::text as after, to_json(l.posted_at) #>> '{}' as posted_at
      from voucher_lines l join vouchers v on v.id = l.voucher_id where ${where} order by ${orderBy} limit ${q.size} offset ${offset}`),
    // The voucher is joined only when a filter reads it (a transaction's lines): a plain count reads the lines alone.
    boundedCount(db, sql`select 1 from voucher_lines l ${q.transactionId ? sql`join vouchers v on v.id = l.voucher_id` : sql``} where ${where}`, q),
  ]);
  type Move = {
    id: string;
    wallet_id: string;
    transaction_id: string | null;
    category: string;
    action: string;
    currency: string;
    amount: string;
    after: string;
    posted_at: string;
  };
  const page = pageAnswer(
    rowsOf<Move>(rows).map((r) => ({
      walletPositionActivityId: r.id,
      walletId: r.wallet_id,
      transactionId: r.transaction_id,
      category: r.category,
      action: r.action,
      currency: r.currency,
      amount: plain(r.amount),
      balanceAfter: plain(r.after),
      date: new Date(r.posted_at).toISOString(),
    })),
    q,
    counted.total,
  );
  return { ...page, totalKind: counted.totalKind };
}
