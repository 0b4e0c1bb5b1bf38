import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/database.ts';
import {
  LINE_COLUMNS,
  lineFilters,
  lineOf,
  walletsInScope,
  type RawLine,
  type ScopedWallet,
  type StatementLine,
  type StatementQuery,
} from '../ledger/statement.ts';

/** One wallet of an export, with the figures of its statement over the range and filters. */
export interface ExportAccount {
  id: string;
  alias: string;
  /** IBAN, else the wallet's account number, else its id: what MT940's :25: and CAMT's Acct/Id carry. */
  accountNumber: string;
  iban: string | null;
  currency: string;
  /** Decimal places of the wallet's currency. */
  dp: number;
  merchantId: string | null;
  tspId: string | null;
  /** The balance before the first line in range (the statement's first line's opening), or the balance at the range's start. */
  opening: string;
  /** The balance after the last line in range, or the opening when the range has none. */
  closing: string;
  lines: number;
}

/** The filters of an export: a statement query without paging. */
export type ExportFilters = Omit<StatementQuery, 'page' | 'size' | 'sort'>;

/**
 * A line's voucher, looked up by its key line by line (the fence, offset 0, keeps the planner from
 * turning it into a hash join over every voucher): a batch then costs its own lines, at any depth.
 */
const VOUCHER_OF_LINE = sql`cross join lateral (select v.category, v.transaction_type, v.transaction_id from vouchers v where v.id = l.voucher_id offset 0) v`;

/** Lines read per query: a keyset step, never a page number, so depth costs nothing. */
const BATCH = 5_000;

const ids = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * The wallets an export covers (the caller's scope narrowed by the wallet filters), each with its
 * opening and closing balance and line count over the range, as the statement call computes them.
 */
export async function exportAccounts(db: Db, scope: SQL | undefined, q: ExportFilters): Promise<ExportAccount[]> {
  const scoped: ScopedWallet[] = await walletsInScope(db, scope, { ...q, page: 0, size: 1 });
  if (scoped.length === 0) return [];
  const filters = lineFilters({ ...q, page: 0, size: 1 });
  const where = filters.length > 0 ? sql`and ${sql.join(filters, sql` and `)}` : sql``;
  const before = q.fromDate ? sql`and l.posted_at < ${`${q.fromDate.slice(0, 10)}T00:00:00.000Z`}::timestamptz` : sql`and false`;
  const rows = rowsOf<{
    id: string;
    alias: string;
    account_number: string | null;
    iban: string | null;
    currency: string;
    dp: number | null;
    first_opening: string | null;
    last_closing: string | null;
    before_range: string | null;
    lines: string;
  }>(
    await db.execute(sql`select w.id, w.alias, w.wallet_account_number as account_number, w.iban, w.currency_code as currency, c.dp,
      (select trim_scale(l.balance_after - case when l.debit_or_credit = 'C' then l.amount_in_fc else -l.amount_in_fc end)::text
        from voucher_lines l join vouchers v on v.id = l.voucher_id
        where l.wallet_id = w.id and l.bucket = 'balance' ${where} order by l.posted_at asc, l.id asc limit 1) as first_opening,
      (select trim_scale(l.balance_after)::text from voucher_lines l join vouchers v on v.id = l.voucher_id
        where l.wallet_id = w.id and l.bucket = 'balance' ${where} order by l.posted_at desc, l.id desc limit 1) as last_closing,
      (select trim_scale(l.balance_after)::text from voucher_lines l
        where l.wallet_id = w.id and l.bucket = 'balance' ${before} order by l.posted_at desc, l.id desc limit 1) as before_range,
      (select count(*) from voucher_lines l join vouchers v on v.id = l.voucher_id
        where l.wallet_id = w.id and l.bucket = 'balance' ${where})::text as lines
      from wallets w left join currencies c on c.code = w.currency_code
      where w.id = any(${ids(scoped.map((w) => w.id))}) order by w.id`),
  );
  const byId = new Map(scoped.map((w) => [w.id, w]));
  return rows.map((r) => {
    const opening = r.first_opening ?? r.before_range ?? '0';
    return {
      id: r.id,
      alias: r.alias,
      accountNumber: r.iban ?? r.account_number ?? r.id,
      iban: r.iban,
      currency: r.currency,
      dp: r.dp ?? 2,
      merchantId: byId.get(r.id)?.merchantId ?? null,
      tspId: byId.get(r.id)?.tspId ?? null,
      opening,
      closing: r.last_closing ?? opening,
      lines: Number(r.lines),
    };
  });
}

/**
 * The statement lines of `accounts` over the range and filters, oldest first, in batches read by
 * keyset (posted_at, id) from the (wallet, bucket, posted_at, id) index: each query starts after the
 * last line the previous one gave, so a million lines are read in steps of equal cost and never held.
 */
export async function* statementBatches(db: Db, accounts: ExportAccount[], q: ExportFilters, batch = BATCH): AsyncGenerator<StatementLine[]> {
  if (accounts.length === 0) return;
  const filters = lineFilters({ ...q, page: 0, size: 1 });
  const where = filters.length > 0 ? sql`and ${sql.join(filters, sql` and `)}` : sql``;
  const byId = new Map<string, ScopedWallet>(accounts.map((a) => [a.id, { id: a.id, merchantId: a.merchantId, tspId: a.tspId, balanceLines: a.lines }]));
  const only = accounts.length === 1 ? accounts[0] : undefined;
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const from: SQL = after ? sql`and (l.posted_at, l.id) > (${after.at}::timestamptz, ${after.id})` : sql``;
    const rows: RawLine[] = only
      ? rowsOf<RawLine>(
          await db.execute(sql`select ${LINE_COLUMNS} from voucher_lines l ${VOUCHER_OF_LINE}
            where l.wallet_id = ${only.id} and l.bucket = 'balance' ${from} ${where} order by l.posted_at asc, l.id asc limit ${batch}`),
        )
      : rowsOf<RawLine>(
          await db.execute(sql`select x.* from unnest(${ids(accounts.map((a) => a.id))}) as w(id) cross join lateral (
            select ${LINE_COLUMNS}, l.posted_at as sort_at from voucher_lines l ${VOUCHER_OF_LINE}
            where l.wallet_id = w.id and l.bucket = 'balance' ${from} ${where} order by l.posted_at asc, l.id asc limit ${batch}
          ) x order by x.sort_at asc, x.id asc limit ${batch}`),
        );
    if (rows.length === 0) return;
    yield rows.map((r) => lineOf(r, byId.get(r.wallet_id)));
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    after = { at: last.posted_at, id: last.id };
  }
}
