import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { CrlfLines, type CsvChunk } from './crlf-lines.ts';
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
} from '../ledger/statement-service.ts';

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
  // Every line has its voucher: the count joins the vouchers only when a filter looks at them (a million-line
  // count is then an index scan, not a join over every voucher).
  const counted = q.categories || q.actions || q.transactionIds ? sql`voucher_lines l join vouchers v on v.id = l.voucher_id` : sql`voucher_lines l`;
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
      (select count(*) from ${counted} where l.wallet_id = w.id and l.bucket = 'balance' ${where})::text as lines
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
 * The statement lines of `accounts` over the range and filters, oldest first, in batches. On PostgreSQL
 * they come from one streamed statement ({@link cursorBatches}); on PGlite (one connection in process, where a
 * transaction held for the whole export would stop every other query) by keyset ({@link keysetBatches}).
 */
export function statementBatches(db: Db, accounts: ExportAccount[], q: ExportFilters): AsyncGenerator<StatementLine[]> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  return pool instanceof pg.Pool ? cursorBatches(pool, accounts, q) : keysetBatches(db, accounts, q);
}

/** Lines per batch handed to the writer: small enough that a batch dies young (no old-generation garbage). */
const CURSOR_BATCH = 1_000;
/** Batches read ahead of the writer before the connection's socket is paused (TCP then holds PostgreSQL back). */
const READ_AHEAD = 4;

/**
 * The columns the cursor reads, raw (each as PostgreSQL writes it, parsed by nothing): the formatting the
 * statement call asks of PostgreSQL per line (`to_char`, `trim_scale`) is string work done here, on this
 * process's own core, while PostgreSQL computes the next batch. Amounts stay decimal text throughout.
 */
const CURSOR_COLUMNS = sql`l.posted_at, l.wallet_id, l.transaction_id, v.category, coalesce(v.transaction_type, v.category), l.debit_or_credit,
  l.description1, l.account_ccy_code, l.amount_in_fc,
  l.balance_after - case when l.debit_or_credit = 'C' then l.amount_in_fc else -l.amount_in_fc end, l.balance_after`;
type CursorRow = [string, string, string | null, string, string, string, string | null, string, string, string, string];

const dialect = new PgDialect();
/** Every column as its text: the cursor's rows are formatted, not parsed. */
const RAW_TYPES = { getTypeParser: () => (text: string) => text };

/**
 * A numeric's text without trailing zeros, as `trim_scale(x)::text` writes it: `1.50000000` is `1.5`, `100.00000000`
 * is `100`.
 */
function trimScale(n: string): string {
  if (!n.includes('.')) return n;
  let end = n.length;
  while (n.charCodeAt(end - 1) === 48) end -= 1;
  if (n.charCodeAt(end - 1) === 46) end -= 1;
  return end === n.length ? n : n.slice(0, end);
}

/**
 * A timestamptz as PostgreSQL writes it in UTC with the ISO date style (`2026-01-01 00:00:01.5+00`) in the
 * statement's form, milliseconds truncated as `to_char(... 'MS')` does: `2026-01-01T00:00:01.500Z`.
 */
function isoMillis(t: string): string {
  if (t.length < 22 || t.charCodeAt(10) !== 32 || !t.endsWith('+00')) return new Date(t.replace(' ', 'T').replace(/\+00$/, 'Z')).toISOString();
  const fraction = t.length > 22 ? t.slice(20, t.length - 3) : '';
  return `${t.slice(0, 10)}T${t.slice(11, 19)}.${(fraction + '000').slice(0, 3)}Z`;
}

/** A line of the cursor (its columns as text) as the statement shows it. */
function cursorLine(r: CursorRow, account: ExportAccount | undefined): StatementLine {
  return {
    walletId: r[1],
    transactionId: r[2],
    date: isoMillis(r[0]),
    action: r[4],
    category: r[3],
    mode: r[5] === 'C' ? 'CREDIT' : 'DEBIT',
    description: r[6],
    currency: r[7],
    amount: trimScale(r[8]),
    openingBalance: trimScale(r[9]),
    closingBalance: trimScale(r[10]),
    merchantId: account?.merchantId ?? null,
    tspId: account?.tspId ?? null,
  };
}

/**
 * The lines of one statement read as PostgreSQL sends them, in a read-only repeatable-read transaction of a
 * connection of its own: the query runs once, planned for all its rows (PostgreSQL picks the join and may
 * use parallel workers, as COPY does), and its rows (arrays of text) are taken one by one as they arrive, so
 * PostgreSQL computes and sends while this process formats and writes. When the writer falls
 * {@link READ_AHEAD} batches behind, the socket is paused and TCP holds PostgreSQL back: memory stays flat.
 */
async function* cursorBatches(pool: pg.Pool, accounts: ExportAccount[], q: ExportFilters): AsyncGenerator<StatementLine[]> {
  if (accounts.length === 0) return;
  const filters = lineFilters({ ...q, page: 0, size: 1 });
  const where = filters.length > 0 ? sql`and ${sql.join(filters, sql` and `)}` : sql``;
  const wallets = accounts.length === 1 ? sql`l.wallet_id = ${accounts[0]?.id}` : sql`l.wallet_id = any(${ids(accounts.map((a) => a.id))})`;
  const query = dialect.sqlToQuery(sql`select ${CURSOR_COLUMNS} from voucher_lines l join vouchers v on v.id = l.voucher_id
    where ${wallets} and l.bucket = 'balance' ${where} order by l.posted_at asc, l.id asc`);
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const client = await pool.connect();
  const socket = (client as unknown as { connection: { stream: { pause(): void; resume(): void } } }).connection.stream;

  const ready: StatementLine[][] = [];
  let current: StatementLine[] = [];
  let reading: Promise<void> | null = null;
  let finished = false;
  let failure: Error | null = null;
  let discard = false;
  let paused = false;
  let wake: (() => void) | null = null;
  const signal = () => {
    wake?.();
    wake = null;
  };
  const read = () => {
    const rows = new pg.Query({ text: query.sql, values: query.params, rowMode: 'array', types: RAW_TYPES } as pg.QueryArrayConfig);
    rows.on('row', (r: CursorRow) => {
      if (discard) return;
      current.push(cursorLine(r, byId.get(r[1])));
      if (current.length < CURSOR_BATCH) return;
      ready.push(current);
      current = [];
      if (ready.length >= READ_AHEAD && !paused) {
        paused = true;
        socket.pause();
      }
      signal();
    });
    reading = new Promise<void>((resolve) => {
      rows.once('error', (error: Error) => {
        failure = error;
        reading = null;
        signal();
        resolve();
      });
      rows.once('end', () => {
        reading = null;
        if (current.length > 0) ready.push(current);
        current = [];
        finished = true;
        signal();
        resolve();
      });
    });
    void client.query(rows);
  };

  let committed = false;
  try {
    // The one statement lasts as long as the export is written (the socket is paused while the writer is behind).
    await client.query(`begin isolation level repeatable read, read only; set local timezone = 'UTC'; set local datestyle = 'ISO, YMD';
      set local statement_timeout = '1h'`);
    read();
    for (;;) {
      const batch = ready.shift();
      if (batch) {
        if (paused && ready.length < READ_AHEAD / 2) {
          paused = false;
          socket.resume();
        }
        yield batch;
        continue;
      }
      if (failure) throw failure;
      if (finished) break;
      await new Promise<void>((resolve) => (wake = resolve));
    }
    await client.query('commit');
    committed = true;
  } catch (error) {
    failure ??= error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // Stopped early (the writer failed or the job was taken over): the statement is cancelled, its rows dropped,
    // then the transaction ends; a connection that failed is closed rather than given back.
    discard = true;
    if (reading) {
      await pool.query('select pg_cancel_backend($1)', [(client as unknown as { processID: number }).processID]).catch(() => undefined);
      if (paused) socket.resume();
      while (reading) await reading;
    }
    if (!committed) await client.query('rollback').catch((error: unknown) => (failure ??= error instanceof Error ? error : new Error(String(error))));
    client.release(failure ?? undefined);
  }
}

/**
 * A wallet statement's CSV lines (after its header) as PostgreSQL writes them, or null on PGlite: its columns,
 * quoting, formula defusing and figures are those of `formats/csv.ts`, so the file is the same byte for byte.
 * The lines come from `COPY (…) TO STDOUT WITH (FORMAT csv)`, PostgreSQL's own fastest way out: no row is
 * parsed or formatted here, the chunks are passed through with CRLF line ends (COPY writes LF).
 */
export function statementCsv(db: Db, accounts: ExportAccount[], q: ExportFilters): AsyncGenerator<CsvChunk> | null {
  const pool = (db as unknown as { $client?: unknown }).$client;
  return pool instanceof pg.Pool ? copyCsv(pool, accounts, q) : null;
}

/** A text cell as `formats/csv.ts` writes it: one a spreadsheet would run as a formula gets a leading quote; empty is null (unquoted). */
const csvCell = (x: SQL) =>
  sql`nullif(case when left(${x}, 1) in ('=', '+', '@', chr(9), chr(13), '-') and ${x} !~ '^-?[0-9]' then '''' || ${x} else ${x} end, '')`;

/** A query's text with its parameters written in as literals: COPY takes no parameters. Every parameter here is text. */
function inlined(client: pg.PoolClient, query: { sql: string; params: unknown[] }): string {
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = query.params[Number(n) - 1];
    if (typeof value === 'string') return client.escapeLiteral(value);
    if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
    throw new Error(`a statement export parameter of type ${typeof value}`);
  });
}

/** See {@link statementCsv}: one COPY on a connection of its own, cancelled if the writer stops before its end. */
async function* copyCsv(pool: pg.Pool, accounts: ExportAccount[], q: ExportFilters): AsyncGenerator<CsvChunk> {
  if (accounts.length === 0) return;
  const filters = lineFilters({ ...q, page: 0, size: 1 });
  const where = filters.length > 0 ? sql`and ${sql.join(filters, sql` and `)}` : sql``;
  const wallets = accounts.length === 1 ? sql`l.wallet_id = ${accounts[0]?.id}` : sql`l.wallet_id = any(${ids(accounts.map((a) => a.id))})`;
  // Each figure at its currency's decimals, rounded half away from zero by PostgreSQL's round as decimal.js's toFixed does.
  const dp = sql`case l.account_ccy_code ${sql.join(
    accounts.map((a) => sql`when ${a.currency} then ${sql.raw(String(a.dp))}`),
    sql` `,
  )} else 2 end`;
  const opening = sql`l.balance_after - case when l.debit_or_credit = 'C' then l.amount_in_fc else -l.amount_in_fc end`;
  const query = dialect.sqlToQuery(sql`select to_char(l.posted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), ${csvCell(sql`l.wallet_id`)},
    ${csvCell(sql`l.transaction_id`)}, ${csvCell(sql`v.category`)}, ${csvCell(sql`coalesce(v.transaction_type, v.category)`)},
    case when l.debit_or_credit = 'C' then 'CREDIT' else 'DEBIT' end, ${csvCell(sql`l.description1`)}, ${csvCell(sql`l.account_ccy_code`)},
    round(l.amount_in_fc, ${dp}), round(${opening}, ${dp}), round(l.balance_after, ${dp})
    from voucher_lines l join vouchers v on v.id = l.voucher_id
    where ${wallets} and l.bucket = 'balance' ${where} order by l.posted_at asc, l.id asc`);
  const client = await pool.connect();
  let failure: Error | undefined;
  const stream = client.query(copyTo(`COPY (${inlined(client, query)}) TO STDOUT WITH (FORMAT csv)`));
  const lines = new CrlfLines();
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) yield lines.convert(chunk);
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    if (!stream.readableEnded) {
      // Stopped early (the writer failed or the job was taken over): the COPY is cancelled and its connection closed.
      failure ??= new Error('statement export stopped');
      await pool.query('select pg_cancel_backend($1)', [(client as unknown as { processID: number }).processID]).catch(() => undefined);
      stream.destroy();
    }
    client.release(failure);
  }
}

/**
 * The lines in batches read by keyset (posted_at, id) from the (wallet, bucket, posted_at, id) index: each
 * query starts after the last line the previous one gave, so a million lines are read in steps of equal
 * cost and never held.
 */
async function* keysetBatches(db: Db, accounts: ExportAccount[], q: ExportFilters, batch = BATCH): AsyncGenerator<StatementLine[]> {
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
